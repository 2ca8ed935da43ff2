import SpecDiagnostics

/// Where a type expression is used: decides which types are allowed there.
enum TypeUsage: Equatable {
    case field, alias, parameter, bodyField(BodyEncoding), body(BodyEncoding), response, errorModel, unionVariant
    /// The element of an `EventStream`: a field's types, and unions of events (`events:`).
    case eventElement

    var allowsFile: Bool {
        switch self {
        case .bodyField(.multipart), .body(.binary): true
        default: false
        }
    }
}

extension Validator {
    /// Checks that every name in `type` exists, has the right number of generic arguments and fits `usage`.
    /// - Parameter what: where the type is used, for messages: "field 'author' of model 'Post'".
    /// - Returns: whether every name resolved (so later checks, like defaults, can rely on the type).
    @discardableResult
    mutating func checkType(_ type: TypeExpr, usage: TypeUsage, in what: String, generics: [String] = []) -> Bool {
        switch type {
        case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped):
            if usage == .response, let stream = symbols.stream(wrapped) {
                diagnostics.error("'\(stream.framing.rawValue)' is a streamed response, the whole of it: it cannot be optional or held in an array or a map (\(what)); write response: \(wrapped)", at: wrapped.location)
                return false
            }
            // An optional binary body of a byte stream (none sent for nil) is a binary body still.
            if case .optional = type, usage == .body(.binary), symbols.stream(wrapped)?.framing == .bytes {
                return checkType(wrapped, usage: usage, in: what, generics: generics)
            }
            return checkType(wrapped, usage: usage == .body(.binary) || usage == .eventElement ? .field : usage, in: what, generics: generics)
        case .named(let name, let arguments, let location):
            if let stream = symbols.stream(type) {
                return checkStream(stream.framing, arguments: arguments, usage: usage, in: what, at: location, generics: generics)
            }
            var resolved = true
            for argument in arguments where !checkType(argument, usage: .field, in: what, generics: generics) { resolved = false }
            if generics.contains(name) {
                if !arguments.isEmpty { diagnostics.error("generic parameter '\(name)' takes no arguments (\(what))", at: location) }
                return resolved
            }
            if name == "Empty" {
                if usage != .response || !arguments.isEmpty {
                    diagnostics.error("'Empty' means a response without a body; it cannot be the type of \(what)", at: location)
                }
                return resolved
            }
            if let builtin = BuiltinType(rawValue: name) {
                if builtin == .nullable || builtin == .clearable {
                    if arguments.count != 1 { diagnostics.error("'\(name)' takes one generic argument, like '\(name)<Date>?' (\(what))", at: location) }
                } else if !arguments.isEmpty {
                    diagnostics.error("'\(name)' takes no generic arguments (\(what))", at: location)
                }
                if builtin == .file && !usage.allowsFile {
                    diagnostics.error("\(what) is a File, which is only for fields of a body with 'encoding: multipart' and for a binary body", at: location)
                }
                return resolved
            }
            guard let model = symbols.model(named: name) else {
                let candidates = BuiltinType.allCases.map(\.rawValue) + symbols.modelNames + generics + ["Empty"]
                diagnostics.error("unknown type '\(name)' in \(what)\(Suggestions.didYouMean(name, in: candidates))", at: location)
                return false
            }
            if case .union(let union) = model.kind, union.byEventName, usage != .eventElement {
                diagnostics.error("'\(name)' is a union of server-sent events (events:); it can only be the element of a response, like 'EventStream<\(name)>', not the type of \(what)", at: location)
                return false
            }
            let expected = model.genericParameters.count
            if expected != arguments.count {
                let form = expected == 0 ? "it is not generic" : "write \(name)<\(model.genericParameters.joined(separator: ", "))>"
                diagnostics.error("'\(name)' takes \(expected) generic argument\(expected == 1 ? "" : "s"), found \(arguments.count), in \(what); \(form)", at: location)
                return false
            }
            return resolved
        }
    }

    /// A streamed response type: only an endpoint's whole response, with one element type
    /// (`ServerSentEvent` only for events), or none for `ByteStream`, which is also a binary
    /// request body (bytes sent as they are produced).
    private mutating func checkStream(
        _ framing: StreamFraming, arguments: [TypeExpr], usage: TypeUsage, in what: String, at location: SourceLocation, generics: [String]
    ) -> Bool {
        let name = framing.rawValue
        guard usage == .response || (framing == .bytes && usage == .body(.binary)) else {
            let binary = framing == .bytes ? ", or a binary body (encoding: binary)" : ""
            diagnostics.error("'\(name)' is a streamed response; it can only be the response of an endpoint\(binary), not the type of \(what)", at: location)
            return false
        }
        guard framing.takesElement else {
            if !arguments.isEmpty { diagnostics.error("'ByteStream' takes no generic argument (\(what)); it is the body's bytes as they arrive", at: location) }
            return arguments.isEmpty
        }
        guard arguments.count == 1, let element = arguments.first else {
            diagnostics.error("'\(name)' takes one generic argument, the type of each element, like '\(name)<ChatChunk>' (\(what))", at: location)
            return false
        }
        if framing == .events, case .named(StreamFraming.rawEvent, let elementArguments, _) = element, symbols.model(named: StreamFraming.rawEvent) == nil {
            if !elementArguments.isEmpty { diagnostics.error("'ServerSentEvent' takes no generic arguments (\(what))", at: element.location) }
            return elementArguments.isEmpty
        }
        if case .named("Empty", _, _) = element {
            diagnostics.error("the elements of \(what) cannot be 'Empty'; a stream of elements without a body is no stream", at: element.location)
            return false
        }
        return checkType(element, usage: framing == .events ? .eventElement : .field, in: "the elements of \(what)", generics: generics)
    }
}
