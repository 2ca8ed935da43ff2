/// The type names a model or the namespace must not take, and the ones it may take with a warning.
///
/// Generated code lives in the app's module, so a model named `Data` would be the `Data` every file
/// of that module sees. Names generated code, the runtime's API or everyday Swift depend on are
/// reserved; names of other standard types an API may well use for itself (`Task`, `Locale`) are
/// allowed, with a warning that says how to reach the standard one.
extension Validator {
    /// Names a model must not take: an error in a spec; the OpenAPI front end renames the model.
    static let reservedTypeNames: Set<String> = swiftTypeNames.union(foundationTypeNames).union(runtimeTypeNames)
        .union(BuiltinType.allCases.map(\.rawValue)).union(moduleNames).union(generatedTypeNames)

    /// Names generated declarations use for their own members: `CodingKeys`, and the `Failure` and
    /// `Output` of an operation type (`Response` is the runtime's).
    static let generatedTypeNames: Set<String> = ["CodingKeys", "Failure", "Output"]

    /// The modules generated code imports, and Swift's own: `Foundation.Data` must keep its meaning.
    static let moduleNames: Set<String> = ["Foundation", "Specwright", "Swift"]

    /// Standard-library types and protocols generated code or everyday Swift uses.
    static let swiftTypeNames: Set<String> = [
        "Any", "AnyHashable", "AnyObject", "Array", "AsyncSequence", "AsyncStream", "BinaryInteger", "Bool",
        "CaseIterable", "Character", "CheckedContinuation", "ClosedRange", "CodingKey",
        "CodingUserInfoKey", "Codable", "Collection", "Comparable", "CustomDebugStringConvertible",
        "CustomStringConvertible", "Decodable", "Decoder", "DecodingError", "Dictionary", "Double", "Encodable",
        "Encoder", "EncodingError", "Equatable", "Error", "Float", "Float16", "Float80", "FloatingPoint", "Hashable",
        "Hasher", "Identifiable", "Int", "Int8", "Int16", "Int32", "Int64", "KeyedDecodingContainer",
        "KeyedEncodingContainer", "LosslessStringConvertible", "MainActor", "Mirror", "Never", "Numeric",
        "ObjectIdentifier", "Optional", "Protocol", "Range", "RawRepresentable", "Result", "Self", "Sendable",
        "Sequence", "Set", "SingleValueDecodingContainer", "SingleValueEncodingContainer", "StaticString", "String",
        "Substring", "Type", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Unicode",
        "UnkeyedDecodingContainer", "UnkeyedEncodingContainer", "Void",
    ]

    /// Foundation types generated code or the runtime's API uses.
    static let foundationTypeNames: Set<String> = [
        "CharacterSet", "Data", "Date", "DateFormatter", "Decimal", "HTTPURLResponse",
        "ISO8601DateFormatter", "JSONDecoder", "JSONEncoder", "JSONSerialization", "NSError", "NSObject",
        "TimeInterval", "URL", "URLComponents", "URLError", "URLQueryItem", "URLRequest", "URLResponse", "URLSession",
        "URLSessionConfiguration", "UUID",
    ]

    /// Every public type of the Specwright runtime (a test keeps this list complete).
    static let runtimeTypeNames: Set<String> = [
        "APIClient", "APIDefaults", "APIError", "AuthRefreshMiddleware", "AuthRequirement", "ByteStream", "CalendarDate", "Clearable",
        "ClearableDictionary", "ConcurrentStreamRead", "CredentialsProvider", "DateCoding", "DecimalValues", "DecodingFailure",
        "DeduplicationMiddleware", "DescribedByFields", "Empty", "Endpoint", "EndpointPath", "ErrorDecoding", "EventStream", "File",
        "ForeignPageLink", "HTTPMethod", "Indirect", "InvalidServerURL", "ItemSequence", "JSONCoding", "JSONLines",
        "JSONLinesParser", "JSONPart", "JSONSequence", "JSONSequenceParser", "JSONValue", "LoggingMiddleware", "Middleware",
        "MockTransport", "MultipartForm", "MultipartParseError", "MultipartParsing", "MultipartPart", "MultipartValue", "NextHandler", "OperationSender", "Nullable", "PageSequence", "Paginated", "PagingLoop",
        "PaginationRule", "ParameterStyle", "ParameterValue", "PartHeader", "ProgressHandler", "ReconnectPolicy", "RequestBody",
        "ReceivedPart", "RequestInfo", "RequestRecord", "Response", "ResponseDecoding", "ResponseHeaderValue", "ResponseTooLargeError",
        "ResponseValidation", "SequenceResendError",
        "RetryMiddleware", "ServerSentEvent", "ServerSentEventDecodable", "ServerSentEventParser", "ServiceOperation",
        "StaticCredentials", "StatusError", "StreamBacklogError", "StreamError", "StreamFrameTooLarge", "StreamHandler", "StreamIterator",
        "StringEnum", "StubAnswers", "StyledValue", "SuccessBody", "TokenRefreshError", "TokenStore", "TransferProgress",
        "Transport", "TypedEvent", "TypedPart", "URLSessionTransport", "UndeclaredContentType", "UnionCoding", "UnsetStubHandler", "WireKey",
    ]

    /// Standard types an API may name a model after, by the module that declares them (a lookup only).
    static let shadowableTypeModules: [String: String] = [
        "Task": "_Concurrency", "TaskGroup": "_Concurrency", "TaskPriority": "_Concurrency", "Actor": "_Concurrency",
        "Clock": "_Concurrency", "Duration": "Swift",
        "AttributedString": "Foundation", "Bundle": "Foundation", "Calendar": "Foundation",
        "DateComponents": "Foundation", "DateInterval": "Foundation", "FileHandle": "Foundation",
        "FileManager": "Foundation", "Formatter": "Foundation", "IndexPath": "Foundation", "IndexSet": "Foundation",
        "Locale": "Foundation", "Measurement": "Foundation", "Notification": "Foundation",
        "NotificationCenter": "Foundation", "NumberFormatter": "Foundation", "Operation": "Foundation",
        "OperationQueue": "Foundation", "PersonNameComponents": "Foundation", "Pipe": "Foundation",
        "Process": "Foundation", "ProcessInfo": "Foundation", "Progress": "Foundation", "RunLoop": "Foundation",
        "Scanner": "Foundation", "Thread": "Foundation", "TimeZone": "Foundation", "Timer": "Foundation",
        "Unit": "Foundation", "UserDefaults": "Foundation",
    ]

    /// Whether a model named `name` would shadow a Swift, Foundation, runtime or built-in type (or be a keyword).
    public static func isReservedTypeName(_ name: String) -> Bool {
        reservedTypeNames.contains(name) || Naming.keywords.contains(name)
    }

    /// Whether a model named `name` would shadow a standard type it may take (`Duration`, `Thread`):
    /// allowed, with a warning, but never a name a front end chooses itself.
    public static func shadowsStandardType(_ name: String) -> Bool {
        shadowableTypeModules[name] != nil
    }

    /// Whose name a reserved name is, for messages: "Swift's type 'Void'"; nil for a name that is free.
    static func reservedType(_ name: String) -> String? {
        if moduleNames.contains(name) { return "the module '\(name)'" }
        if name == "CodingKeys" { return "the coding keys 'CodingKeys' of generated models" }
        if name == "Failure" { return "the failure type 'Failure' of the generated operation types" }
        if swiftTypeNames.contains(name) { return "Swift's type '\(name)'" }
        if foundationTypeNames.contains(name) { return "Foundation's type '\(name)'" }
        if runtimeTypeNames.contains(name) { return "the Specwright runtime's type '\(name)'" }
        return BuiltinType(rawValue: name) != nil ? "the built-in type '\(name)'" : nil
    }

    /// The warning for a model or namespace named like a standard type it may take, or nil.
    static func shadowingWarning(_ what: String, _ name: String) -> String? {
        guard let module = shadowableTypeModules[name] else { return nil }
        return "\(what) shadows \(module == "_Concurrency" ? "Swift" : module)'s '\(name)' in the module that holds the generated code; code there reaches that type as '\(module).\(name)'"
    }
}
