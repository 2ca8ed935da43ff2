import SpecCore

/// Lowers validated endpoints to the IR of the endpoints file.
struct EndpointLowering {
    let spec: Spec
    let symbols: SymbolTable
    let spelling: TypeSpelling
    let models: ModelLowering
    /// Every service method name, which the stub's handler names keep apart from.
    let methodNames: Set<String>

    init(spec: Spec, symbols: SymbolTable, spelling: TypeSpelling, models: ModelLowering) {
        self.spec = spec
        self.symbols = symbols
        self.spelling = spelling
        self.models = models
        methodNames = ServiceLowering.methodNames(of: spec)
    }

    /// Lowers the items of one scope.
    /// - Parameters:
    ///   - scope: the Swift names of the enclosing groups, like `["Posts"]`.
    ///   - groups: the same groups' names as the spec writes them, for service method names.
    func lower(_ items: [EndpointItem], scope: [String] = [], groups: [String] = []) -> [EndpointItemIR] {
        items.map { item in
            switch item {
            case .group(let group):
                let name = SwiftNames.group(group.name)
                return .group(GroupIR(name: name, items: lower(group.items, scope: scope + [name], groups: groups + [group.name])))
            case .endpoint(let endpoint):
                return .endpoint(lower(endpoint, scope: scope, groups: groups))
            }
        }
    }

    private func lower(_ endpoint: EndpointDecl, scope: [String], groups: [String]) -> EndpointIR {
        var parameters: [ParameterIR] = []
        var path = ""
        if case .success(let template) = PathTemplate.parse(endpoint.path) {
            for segment in template.segments {
                switch segment {
                case .literal(let text):
                    path += SwiftLiteral.escapedContent(text)
                case .parameter(let name):
                    let declared = endpoint.pathParameters.first { $0.wireName == name }
                    let swiftName = Naming.escaped(SwiftNames.pathArgument(name, of: endpoint))
                    path += "\\(\(swiftName))"
                    parameters.append(ParameterIR(label: swiftName, type: declared.map { spelling.swift($0.type) } ?? "String", defaultSuffix: ""))
                }
            }
        }
        var arguments: [String] = []
        if let body = endpoint.body {
            switch body {
            case .fields(let fields, _):
                parameters += fields.map(parameter)
                let encoding = endpoint.encoding == .binary ? "json" : endpoint.encoding.rawValue
                arguments.append("body: .\(encoding)(fields: \(pairs(fields)))")
            case .type(let type):
                parameters.append(ParameterIR(label: "body", type: spelling.swift(type), defaultSuffix: ""))
                arguments.append("body: .\(endpoint.encoding.rawValue)(body)")
            }
        }
        parameters += endpoint.query.map(parameter)
        parameters += endpoint.headers.map(parameter)
        if !endpoint.query.isEmpty { arguments.insert("query: \(pairs(endpoint.query))", at: 0) }
        if !endpoint.headers.isEmpty { arguments.insert("headers: \(pairs(endpoint.headers))", at: endpoint.query.isEmpty ? 0 : 1) }

        let response = endpoint.response ?? .named("Empty", arguments: [], at: endpoint.location)
        arguments.append("response: \(responseDecoding(response))")
        let (failure, errorArguments, errorEnum) = errors(of: endpoint)
        if let auth = authExpression(endpoint.auth ?? spec.auth) { arguments.append("auth: \(auth)") }
        if !errorArguments.isEmpty { arguments.append("errors: [\(errorArguments.joined(separator: ", "))]") }
        if let timeout = endpoint.timeout { arguments.append("timeout: \(Self.number(timeout))") }
        if endpoint.retry { arguments.append("retry: true") }

        var doc = SwiftLiteral.docLines(endpoint.description)
        doc += (doc.isEmpty ? [] : [""]) + [" `\(endpoint.method.rawValue) \(SwiftLiteral.docLines(endpoint.path).first?.dropFirst() ?? "")`"]
        let name = Naming.escaped(SwiftNames.endpoint(endpoint.name))
        let returnType = "Endpoint<\(spelling.swift(response)), \(failure)>"
        // Lengths of the one-line forms, indentation aside: `public static func name(a: A) -> R {` and
        // `Endpoint(.get, "/path", api, arguments)`.
        let parameterText = parameters.map { $0.label.count + $0.type.count + $0.defaultSuffix.count + 2 }.reduce(0, +)
        let signature = 19 + name.count + 2 + parameterText + 2 * max(parameters.count - 1, 0) + 5 + returnType.count + 2
        let call = 10 + endpoint.method.rawValue.count + 3 + path.count + 2 + spec.name.count + 5 + arguments.map { $0.count + 2 }.reduce(0, +)
        let qualifiedFailure = errorEnum == nil ? failure : ([spec.name] + scope + [failure]).joined(separator: ".")
        let methodName = SwiftNames.serviceMethod(endpoint.name, groups: groups)
        let service = ServiceLowering.method(
            name: Naming.escaped(methodName), doc: doc, deprecated: endpoint.deprecated,
            parameters: parameters, failure: qualifiedFailure,
            response: responseDecoding(response) == ".empty" ? nil : spelling.swift(response),
            factory: ([spec.name] + scope + [Naming.escapedMember(SwiftNames.endpoint(endpoint.name))]).joined(separator: "."),
            handler: SwiftNames.stubHandler(methodName, taken: methodNames))
        return EndpointIR(
            name: name, doc: doc, deprecated: endpoint.deprecated, parameters: parameters,
            wrapParameters: signature > 120 && parameters.count > 1, returnType: returnType,
            method: "." + endpoint.method.rawValue.lowercased(), path: "\"\(path)\"", arguments: arguments,
            wrapArguments: call > 120, errorEnum: errorEnum, service: service)
    }

    private func parameter(_ field: FieldDecl) -> ParameterIR {
        var suffix = field.defaultValue.map { " = " + spelling.defaultExpression($0.value, for: field.type) } ?? ""
        if suffix.isEmpty && symbols.isOptional(field.type) { suffix = " = nil" }
        return ParameterIR(label: Naming.escaped(SwiftNames.field(field)), type: spelling.swift(field.type), defaultSuffix: suffix)
    }

    /// `["per_page": perPage, "tag": tag]`
    private func pairs(_ fields: [FieldDecl]) -> String {
        fields.isEmpty ? "[:]" : "[" + fields.map { "\(SwiftLiteral.string($0.wireName)): \(Naming.escaped(SwiftNames.field($0)))" }.joined(separator: ", ") + "]"
    }

    private func responseDecoding(_ type: TypeExpr) -> String {
        guard case .named(let name, _, _) = symbols.resolvingAliases(type) else { return ".json" }
        switch name {
        case "Empty": return ".empty"
        case "Data": return ".data"
        default: return ".json"
        }
    }

    /// The failure type, the `errors:` entries, and the enum of error bodies when they have several types.
    private func errors(of endpoint: EndpointDecl) -> (String, [String], ErrorEnumIR?) {
        if endpoint.errors.isEmpty {
            guard let error = spec.error else { return ("Never", [], nil) }
            return (spelling.swift(error), [defaultEntry(error)], nil)
        }
        let types = endpoint.distinctErrorTypes
        if types.count == 1, let only = types.first {
            let message = messageClosure(only).map { "message: \($0)" }
            let entries = endpoint.errors.map { error -> String in
                switch error.status {
                case .code(let code): return ".status(\(([String(code)] + [message].compactMap { $0 }).joined(separator: ", ")))"
                case .range: return ".range(\(([Self.range(error.status)] + [message].compactMap { $0 }).joined(separator: ", ")))"
                case .other: return defaultEntry(only)
                }
            }
            return (spelling.swift(only), entries, nil)
        }
        let enumName = SwiftNames.errorEnum(endpoint.name)
        let cases = endpoint.errors.map { models.unionCase(tag: $0.status == .other ? "default" : "status\($0.status.key)", type: $0.type) }
        let entries = zip(endpoint.errors, cases).map { error, errorCase in
            // A closure, not the case itself: Swift 5 mode does not infer a case constructor as @Sendable.
            var arguments = ["\(errorCase.type).self", "{ \(enumName).\(errorCase.member)($0) }"]
            if let message = messageClosure(error.type) { arguments.append("message: \(message)") }
            switch error.status {
            case .code(let code): return ".status(\(code), \(arguments.joined(separator: ", ")))"
            case .range: return ".range(\(Self.range(error.status)), \(arguments.joined(separator: ", ")))"
            case .other: return ".default(\(arguments.joined(separator: ", ")))"
            }
        }
        let doc = [" The error bodies of `\(SwiftNames.endpoint(endpoint.name))`, by status."]
        return (enumName, entries, ErrorEnumIR(name: enumName, doc: doc, deprecated: endpoint.deprecated, cases: cases,
                                                    conformances: spec.conformances == .lean ? "Sendable" : "Hashable, Sendable"))
    }

    /// The factory of endpoints the spec does not list: the top-level error model and default auth.
    func adHoc() -> AdHocEndpointIR {
        let failure = spec.error.map(spelling.swift) ?? "Never"
        var arguments = authExpression(spec.auth).map { ", auth: \($0)" } ?? ""
        if let error = spec.error { arguments += ", errors: [\(defaultEntry(error))]" }
        let generic = ["Response", "Value", "Body"].first { $0 != failure } ?? "Response"
        return AdHocEndpointIR(failure: failure, generic: generic, arguments: arguments)
    }

    /// `.default`, or `.default(message: { $0.detail })` when the model names its message field.
    private func defaultEntry(_ type: TypeExpr) -> String {
        messageClosure(type).map { ".default(message: \($0))" } ?? ".default"
    }

    /// `400...499` for `4XX`.
    private static func range(_ status: ErrorStatus) -> String {
        status.codes.map { "\($0.lowerBound)...\($0.upperBound)" } ?? ""
    }

    /// `{ $0.detail }` for an error type whose model names its message field (`errorMessage`).
    private func messageClosure(_ type: TypeExpr) -> String? {
        guard case .named(let name, let arguments, _) = symbols.resolvedNonOptional(type), arguments.isEmpty,
              let model = symbols.model(named: name), let wire = model.errorMessage,
              case .object(let fields) = model.kind, let field = fields.first(where: { $0.wireName == wire }) else { return nil }
        return "{ $0.\(Naming.escapedMember(SwiftNames.field(field))) }"
    }

    private func authExpression(_ auth: AuthScheme) -> String? {
        switch auth {
        case .none: nil
        case .bearer: ".bearer"
        case .header(let name): ".header(\(SwiftLiteral.string(name)))"
        case .query(let name): ".query(\(SwiftLiteral.string(name)))"
        }
    }

    /// `10`, `2.5`
    static func number(_ value: Double) -> String {
        // Plain comparisons and conversions only: libm is not linked into every client of this module.
        if value > -1e15 && value < 1e15, Double(Int64(value)) == value { return String(Int64(value)) }
        return String(value)
    }
}
