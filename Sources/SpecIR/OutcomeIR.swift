import SpecCore

/// The 2xx responses of one endpoint whose statuses carry different bodies: an enum with a case
/// per status, and how each status decodes into its case.
public struct OutcomeEnumIR: Sendable {
    /// The enum's name, `<Endpoint>Outcome`.
    public var name: String
    /// Doc comment text.
    public var doc: [String]
    /// Deprecated with its endpoint, since it names the endpoint's (possibly deprecated) models.
    public var deprecated: Bool
    /// One case per status, in declaration order.
    public var cases: [OutcomeCaseIR]
    /// The protocols the enum conforms to.
    public var conformances: [Conformance]
    /// The `Accept` header sent when the caller sets none, or nil for any type.
    public var accept: String?
    /// Whether the enum is `indirect` (lean conformances, a case with a body): a payload is one
    /// pointer, so the compiler emits no copy code for a large model's whole layout.
    public var indirect = false

    /// The case a status without a case of its own decodes as: the first one listed, unless a
    /// `2XX` case catches them.
    public var fallback: OutcomeCaseIR? {
        cases.first { $0.status == .range } ?? cases.first
    }

    /// The cases a status of their own selects, each with its pattern, in the order a `switch`
    /// tries them: the bodies a `Content-Type` selects before the first body of their status.
    public var branches: [(pattern: String, outcome: OutcomeCaseIR)] {
        let others = cases.filter { $0.name != fallback?.name }
        func isFirstOfStatus(_ outcome: OutcomeCaseIR) -> Bool {
            cases.first { $0.status == outcome.status }?.name == outcome.name
        }
        func condition(_ outcome: OutcomeCaseIR, _ content: OutcomeContent) -> String {
            // The bytes case takes text too when its status has no text case.
            let hasText = cases.contains { $0.status == outcome.status && $0.content == .text }
            return content == .data && !hasText
                ? "body.contentKind == .other || body.contentKind == .text"
                : "body.contentKind == .\(Self.contentKind(content))"
        }
        let byContent = others.filter { !isFirstOfStatus($0) && $0.status != .range }.compactMap { outcome -> (String, OutcomeCaseIR)? in
            guard case .code(let code) = outcome.status, let content = outcome.content else { return nil }
            return ("\(code) where \(condition(outcome, content))", outcome)
        }
        let byStatus = others.filter(isFirstOfStatus).compactMap { outcome -> (String, OutcomeCaseIR)? in
            guard case .code(let code) = outcome.status else { return nil }
            return (String(code), outcome)
        }
        // The other bodies of `2XX`, after every status listed on its own.
        let byRange = others.filter { !isFirstOfStatus($0) && $0.status == .range }.compactMap { outcome -> (String, OutcomeCaseIR)? in
            outcome.content.map { ("200...299 where \(condition(outcome, $0))", outcome) }
        }
        return byContent + byStatus + byRange
    }

    /// The runtime's `SuccessBody.ContentKind` case of a body kind.
    private static func contentKind(_ content: OutcomeContent) -> String {
        switch content {
        case .json: "json"
        case .text: "text"
        case .data: "other"
        }
    }
}

/// One case of an outcome enum.
public struct OutcomeCaseIR: Sendable {
    /// The case name, unescaped.
    public var name: String
    /// The status it is for.
    public var status: SuccessStatus
    /// The body's type; nil when the response has none.
    public var type: TypeRef?
    /// How the body becomes the payload.
    public var decoding: ResponseDecodingIR
    /// Doc comment text: the response's description, or what the case is.
    public var doc: [String]
    /// Which body of its status this is, when the status has several.
    public var content: OutcomeContent?
}
