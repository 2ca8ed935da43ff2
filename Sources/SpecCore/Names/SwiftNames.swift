/// The Swift name of each kind of declaration, in one place so validation and lowering agree.
public enum SwiftNames {
    /// A model's type name: `public_user` -> `PublicUser`.
    public static func model(_ name: String) -> String { Naming.upperCamel(name) }
    /// A field or parameter: its `swiftName`, else the wire name in lowerCamelCase.
    public static func field(_ field: FieldDecl) -> String { field.swiftName ?? Naming.lowerCamel(field.wireName) }
    /// A multipart part header's argument: its chosen name, else the field's argument and the
    /// header's name (`log` and `x-log-type` -> `logXLogType`).
    public static func partHeader(_ header: FieldDecl, of field: String) -> String {
        header.swiftName ?? Naming.lowerCamel(field + " " + header.wireName)
    }
    /// An enum case: its chosen name, else the wire value in lowerCamelCase.
    public static func enumCase(_ enumCase: EnumDecl.Case) -> String { enumCase.swiftName ?? Naming.lowerCamel(enumCase.wireValue) }
    /// A union case: the tag in lowerCamelCase.
    static func unionCase(_ tag: String) -> String { Naming.lowerCamel(tag) }
    /// A union's cases, named by what tells the variants apart: each tag without the words it shares
    /// with the union's type name at its start (the whole name, or at least two words) and then at its
    /// end (`ChatCompletionRequestSystemMessage` in `ChatCompletionRequestMessage` -> `system`,
    /// `ShapeCircle` in `Shape` -> `circle`), unless that leaves a case without a name or two cases
    /// with one; then each tag in lowerCamelCase.
    public static func unionCases(_ tags: [String], of union: String) -> [String] {
        let plain = tags.map(unionCase)
        let unionWords = Naming.words(Array(union.unicodeScalars)).map { String(String.UnicodeScalarView($0)).lowercased() }
        guard !unionWords.isEmpty else { return plain }
        let stripped = tags.map { tag -> String in
            var words = Naming.words(Array(tag.unicodeScalars)).map { String(String.UnicodeScalarView($0)) }
            var shared = 0
            while shared < min(words.count - 1, unionWords.count), words[shared].lowercased() == unionWords[shared] { shared += 1 }
            // A shared word or two by chance (`jsonItems` in `JSONish`) is not the union's name.
            guard shared == unionWords.count || shared >= 2 else { return Naming.lowerCamel(tag) }
            words.removeFirst(shared)
            var trailing = 0
            while trailing < min(words.count - 1, unionWords.count - shared),
                  words[words.count - 1 - trailing].lowercased() == unionWords[unionWords.count - 1 - trailing] { trailing += 1 }
            words.removeLast(trailing)
            return Naming.lowerCamel(words.joined(separator: "_"))
        }
        guard stripped.allSatisfy({ !$0.isEmpty }), Set(stripped).count == stripped.count else { return plain }
        return stripped
    }
    /// An endpoint's factory function.
    public static func endpoint(_ name: String) -> String { Naming.lowerCamel(name) }
    /// An endpoint's method in the service protocol: its group path and name in lowerCamelCase
    /// (`posts` / `like` -> `postsLike`), since the protocol is flat.
    public static func serviceMethod(_ name: String, groups: [String]) -> String {
        groups.isEmpty ? endpoint(name) : Naming.lowerCamel((groups + [name]).joined(separator: "_"))
    }
    /// The service protocol of the API named `namespace`.
    public static func serviceProtocol(_ namespace: String) -> String { namespace + "Service" }
    /// The service protocol's implementation over `APIClient`.
    public static func liveService(_ namespace: String) -> String { "Live" + namespace + "Service" }
    /// The service protocol's test double, whose methods answer with closures a test sets.
    public static func stubService(_ namespace: String) -> String { "Stub" + namespace + "Service" }
    /// The protocol of the services that answer every operation through one generic `send(_:)`:
    /// the live service and the stub.
    public static func forwardingService(_ namespace: String) -> String { namespace + "ServiceForwarding" }
    /// The service protocol's requirement for the method `method` (`feed` -> `sendFeed`): a name of
    /// its own, so the compiler lists every requirement a fake lacks and resolves each call at once.
    public static func serviceRequirement(_ method: String) -> String {
        "send" + method.prefix(1).uppercased() + method.dropFirst()
    }
    /// The enum that holds an API's operation types.
    public static func operations(_ namespace: String) -> String { namespace + "Operations" }
    /// The type standing for a service method in the service's requirements: the method in
    /// UpperCamelCase (`postsLike` -> `PostsLike`), with `Operation` (and a number, if need be)
    /// added where that is a type name the operation's own declaration would hide: a model's, the
    /// namespace's, another operation's, or one generated code uses.
    public static func operation(_ method: String, avoiding typeNames: Set<String>) -> String {
        let base = Naming.upperCamel(method)
        func taken(_ name: String) -> Bool { typeNames.contains(name) || Validator.isReservedTypeName(name) }
        guard taken(base) else { return base }
        var name = base + "Operation"
        var number = 2
        while taken(name) {
            name = base + "Operation\(number)"
            number += 1
        }
        return name
    }
    /// The case of an endpoint's error enum for a status: `status422`, `status4XX`, `default`.
    public static func errorCase(_ status: ErrorStatus) -> String { status == .other ? "default" : unionCase("status\(status.key)") }
    /// The enum of an endpoint's 2xx responses, when they carry different bodies.
    public static func outcomeEnum(_ endpoint: String) -> String { Naming.upperCamel(endpoint) + "Outcome" }
    /// The enum of the bodies an endpoint takes, when it takes several media types.
    public static func bodyEnum(_ endpoint: String) -> String { Naming.upperCamel(endpoint) + "Body" }
    /// The cases of a body enum: the kind (`json`, `form`, `text`, `data`), or where a kind comes
    /// twice, the media type's subtype (`png`, `jpeg`, `markdown`).
    public static func bodyCases(_ bodies: [BodyAlternative]) -> [String] {
        var taken: [String] = []
        return bodies.map { body in
            let kind = body.kind?.rawValue ?? "multipart"
            let shared = bodies.filter { ($0.kind?.rawValue ?? "multipart") == kind }.count > 1
            let subtype = body.mediaType.split(separator: ";").first.flatMap { $0.split(separator: "/").last }.map(String.init) ?? kind
            var name = shared ? Naming.lowerCamel(subtype) : kind
            if name.isEmpty { name = kind }
            let base = name
            var number = 2
            while taken.contains(name) {
                name = base + String(number)
                number += 1
            }
            taken.append(name)
            return name
        }
    }
    /// The struct of the headers an endpoint's responses declare.
    public static func headersStruct(_ endpoint: String) -> String { Naming.upperCamel(endpoint) + "Headers" }
    /// The case of an endpoint's outcome enum for a status: the status's name (`ok`, `created`,
    /// `noContent`), `status207` for one without a common name, `success` for `2XX`.
    /// A status with several bodies has a case for each, with the body's kind after it: `okJSON`,
    /// `okText`, `okData`.
    public static func outcomeCase(_ status: SuccessStatus, content: OutcomeContent? = nil) -> String {
        let base = switch status {
        case .range: "success"
        case .code(let code): statusNames[code] ?? "status\(code)"
        }
        switch content {
        case nil: return base
        case .json: return base + "JSON"
        case .text: return base + "Text"
        case .data: return base + "Data"
        }
    }
    private static let statusNames: [Int: String] = [
        200: "ok", 201: "created", 202: "accepted", 203: "nonAuthoritativeInformation", 204: "noContent",
        205: "resetContent", 206: "partialContent", 207: "multiStatus", 208: "alreadyReported", 226: "imUsed",
    ]
    /// A group's nested enum.
    public static func group(_ name: String) -> String { Naming.upperCamel(name) }
    /// The enum of an endpoint's error bodies, when they have several types.
    public static func errorEnum(_ endpoint: String) -> String { Naming.upperCamel(endpoint) + "Error" }
    /// The argument for the path placeholder `{name}` of `endpoint`: its declared parameter's Swift
    /// name, or the placeholder in lowerCamelCase when undeclared (then a String).
    static func pathArgument(_ name: String, of endpoint: EndpointDecl) -> String {
        endpoint.pathParameters.first { $0.wireName == name }.map(field) ?? Naming.lowerCamel(name)
    }
}
