import SpecDiagnostics

extension Validator {
    /// Endpoints and groups of one scope (the namespace or a group): names, paths, parameters, bodies, types.
    mutating func checkEndpoints(_ items: [EndpointItem], scope: String, groupPath: [String]) {
        var functions: [(swiftName: String, wire: String, location: SourceLocation)] = []
        var types: [(swiftName: String, wire: String, location: SourceLocation)] = []
        for item in items {
            switch item {
            case .group(let group):
                let swiftName = names.group(group.name)
                if groupPath.count >= Self.maxGroupDepth {
                    diagnostics.error("group '\(group.name)' is nested more than \(Self.maxGroupDepth) levels deep", at: group.location)
                    endpointPosition += group.endpointCount
                    continue
                }
                checkScopeTypeName(swiftName, wire: group.name, at: group.location, what: "group", types: &types)
                checkEndpoints(group.items, scope: swiftName, groupPath: groupPath + [swiftName])
            case .endpoint(let endpoint):
                let endpointNames = names.endpoints[endpointPosition]
                endpointPosition += 1
                let swiftName = endpointNames.factory
                if swiftName.isEmpty {
                    diagnostics.error("endpoint name '\(endpoint.name)' has no characters a Swift name can use", at: endpoint.location)
                } else {
                    if let first = functions.first(where: { $0.wire == endpoint.name }) {
                        diagnostics.error("endpoint '\(endpoint.name)' is defined twice in '\(scope)'", at: endpoint.location,
                                          notes: [.note("first defined here", at: first.location)])
                    } else {
                        checkCollision(swiftName, at: endpoint.location, wire: endpoint.name, what: "endpoints", of: "'\(scope)'",
                                       renamable: false, seen: &functions)
                        // A paginated endpoint's companion `<name>Pages` is a function of the scope too.
                        if let pagination = endpoint.pagination {
                            checkCollision(swiftName + "Pages", at: pagination.location, wire: endpoint.name + " (its pages)", what: "endpoints",
                                           of: "'\(scope)'", renamable: false, seen: &functions)
                        }
                    }
                }
                if groupPath.isEmpty, Self.reservedFunctionNames.contains(swiftName) {
                    diagnostics.error("endpoint '\(endpoint.name)' would be named '\(swiftName)', which the namespace '\(spec.name)' already uses; rename it", at: endpoint.location)
                }
                if !endpoint.bodies.isEmpty {
                    checkScopeTypeName(endpointNames.bodyEnum, wire: endpoint.name, at: endpoint.location,
                                       what: "body enum of endpoint", types: &types)
                }
                if !endpoint.responseHeaders.isEmpty {
                    checkScopeTypeName(endpointNames.headersStruct, wire: endpoint.name, at: endpoint.location,
                                       what: "headers struct of endpoint", types: &types)
                }
                if !endpoint.outcomes.isEmpty {
                    checkScopeTypeName(endpointNames.outcomeEnum, wire: endpoint.name, at: endpoint.location,
                                       what: "outcome enum of endpoint", types: &types)
                }
                if endpoint.distinctErrorTypes.count > 1 {
                    checkScopeTypeName(endpointNames.errorEnum, wire: endpoint.name, at: endpoint.location,
                                       what: "error enum of endpoint", types: &types)
                }
                check(endpoint, names: endpointNames)
            }
        }
    }

    /// Factory names the namespace itself uses (the OpenAPI front end renames operations with them).
    public static let reservedFunctionNames = ["api", "baseURL", "endpoint"]

    /// Groups nested deeper than this are an error (generated code stays readable, templates stay bounded).
    static let maxGroupDepth = 8

    /// A type nested in the namespace must not hide a model or another nested type.
    private mutating func checkScopeTypeName(
        _ swiftName: String, wire: String, at location: SourceLocation, what: String,
        types: inout [(swiftName: String, wire: String, location: SourceLocation)]
    ) {
        if swiftName.isEmpty {
            diagnostics.error("\(what) '\(wire)' has no characters a Swift name can use", at: location)
        } else if let model = modelsBySwiftName[swiftName] {
            diagnostics.error("\(what) '\(wire)' becomes '\(swiftName)', which would hide the model '\(model.name)' inside the namespace; rename one",
                              at: location, notes: [.note("model '\(model.name)' is here", at: model.location)])
        } else if swiftName == spec.name || Self.reservedTypeNames.contains(swiftName) {
            diagnostics.error("\(what) '\(wire)' becomes '\(swiftName)', a name that generated code already uses; rename it", at: location)
        } else {
            checkCollision(swiftName, at: location, wire: wire, what: "\(what)s", of: "'\(spec.name)'", renamable: false, seen: &types)
        }
    }

    private mutating func check(_ endpoint: EndpointDecl, names endpointNames: NameTable.EndpointNames) {
        let what = "endpoint '\(endpoint.name)'"
        var arguments: [Argument] = []
        func argument(_ swiftName: String, _ kind: String, _ location: SourceLocation) {
            arguments.append(Argument(swiftName: swiftName, kind: kind, location: location))
        }
        // Path parameters, in path order (an invalid request line was reported when decoding).
        if !endpoint.path.isEmpty { arguments += checkPath(endpoint, what: what, arguments: endpointNames.pathArguments) }
        checkFields(endpoint.pathParameters, named: endpointNames.pathParameters, of: what, kind: "path parameter", generics: [], usage: .parameter)
        for parameter in endpoint.pathParameters where !symbols.isParameterValue(parameter.type, allowArrays: true) && !symbols.isPathObject(parameter.type) {
            if case .named(let name, _, _) = parameter.type.nonOptional, symbols.model(named: name) == nil, BuiltinType(rawValue: name) == nil { continue }
            diagnostics.error("path parameter '\(parameter.wireName)' of \(what) has type '\(parameter.type)', which a path cannot hold; use a string, number, Bool, date, UUID, URL or string enum, an array of them, or an object model", at: parameter.type.location)
        }
        for parameter in endpoint.pathParameters {
            if symbols.isOptional(parameter.type) { diagnostics.error("path parameter '\(parameter.wireName)' of \(what) cannot be optional", at: parameter.type.location) }
            if let value = parameter.defaultValue ?? parameter.serverDefault {
                diagnostics.error("path parameter '\(parameter.wireName)' of \(what) cannot have a default", at: value.location)
            }
        }
        arguments += checkBody(endpoint, what: what, fieldNames: endpointNames.bodyFields, partHeaderNames: endpointNames.partHeaders)
        checkParameters(endpoint.query, named: endpointNames.query, kind: "query parameter", of: what, allowArrays: true, structured: true)
        for (parameter, name) in zip(endpoint.query, endpointNames.query) {
            argument(name, "query parameter '\(parameter.wireName)'", parameter.location)
        }
        checkParameters(endpoint.headers, named: endpointNames.headers, kind: "header parameter", of: what, allowArrays: true, structured: true)
        for (parameter, name) in zip(endpoint.headers, endpointNames.headers) {
            argument(name, "header parameter '\(parameter.wireName)'", parameter.location)
        }
        checkParameters(endpoint.cookies, named: endpointNames.cookies, kind: "cookie parameter", of: what, allowArrays: true)
        for (parameter, name) in zip(endpoint.cookies, endpointNames.cookies) {
            argument(name, "cookie parameter '\(parameter.wireName)'", parameter.location)
        }
        checkResponseHeaders(endpoint, names: endpointNames.responseHeaders, what: what)
        if let response = endpoint.response { checkType(response, usage: .response, in: "the response of \(what)") }
        if endpoint.responseIsText, let response = endpoint.response, symbols.stream(response) == nil, !symbols.isString(response) || symbols.isOptional(response) {
            diagnostics.error("a text response of \(what) is a String, found '\(response)'", at: response.location)
        }
        if endpoint.responseIsMultipart {
            let model = endpoint.response.flatMap { type -> ModelDecl? in
                if case .named(let name, _, _) = symbols.resolvedNonOptional(type) { return symbols.model(named: name) } else { return nil }
            }
            let isObject = model.map { if case .object = $0.kind { true } else { false } } ?? false
            if !isObject || !endpoint.outcomes.isEmpty {
                diagnostics.error("a multipart response of \(what) is an object model, whose fields are its parts; found '\(endpoint.response?.description ?? "none")'", at: endpoint.response?.location ?? endpoint.location)
            }
        }
        checkStreamOptions(endpoint, what: what)
        checkPagination(endpoint, what: what)
        for (index, outcome) in endpoint.outcomes.enumerated() {
            if let stream = symbols.stream(outcome.type.nonOptional) {
                diagnostics.error("response \(outcome.status.key) of \(what) is a stream ('\(stream.framing.rawValue)'); a streamed response is the endpoint's only one: write it as response:", at: outcome.type.location)
                continue
            }
            checkType(outcome.type, usage: .response, in: "response \(outcome.status.key) of \(what)")
            if outcome.content == .text, !symbols.isString(outcome.type) || symbols.isOptional(outcome.type) {
                diagnostics.error("a text response of \(what) is a String, found '\(outcome.type)'", at: outcome.type.location)
            }
            if outcome.content == .data, symbols.binaryType(outcome.type) != .data {
                diagnostics.error("a data response of \(what) is Data, found '\(outcome.type)'", at: outcome.type.location)
            }
            if let first = endpoint.outcomes[..<index].first(where: { $0.status == outcome.status && $0.content == outcome.content }) {
                diagnostics.error("\(what) lists the response of \(outcome.status.key)\(outcome.content.map { " " + $0.rawValue } ?? "") twice", at: outcome.location,
                                  notes: [.note("first listed here", at: first.location)])
            }
        }
        for (index, error) in endpoint.errors.enumerated() {
            checkType(error.type, usage: .errorModel, in: "error \(error.status.key) of \(what)")
            if let first = endpoint.errors[..<index].first(where: { $0.status == error.status }) {
                diagnostics.error("\(what) lists the errors of \(error.status.key) twice", at: error.location,
                                  notes: [.note("first listed here", at: first.location)])
            }
        }
        for (index, argument) in arguments.enumerated() {
            guard let first = arguments[..<index].first(where: { $0.swiftName == argument.swiftName }) else { continue }
            diagnostics.error("\(what) has two arguments named '\(argument.swiftName)': the \(first.kind) and the \(argument.kind)",
                              at: argument.location, notes: [.note("the \(first.kind) is here", at: first.location)])
        }
    }

    /// One argument of an endpoint's factory, for the duplicate check.
    struct Argument {
        var swiftName: String
        var kind: String
        var location: SourceLocation
    }

    /// Path parameters are text values; query and header parameters (`structured`) may also be
    /// arrays, objects, maps and unions, written in their style, but never bytes.
    private mutating func checkParameters(
        _ parameters: [FieldDecl], named swiftNames: [String], kind: String, of what: String, allowArrays: Bool, structured: Bool = false
    ) {
        checkFields(parameters, named: swiftNames, of: what, kind: kind, generics: [], usage: .parameter)
        if structured {
            for parameter in parameters {
                guard let binary = symbols.binaryType(parameter.type), binary != .file else { continue } // a File is reported with the type
                diagnostics.error("\(kind) '\(parameter.wireName)' of \(what) has type '\(parameter.type)'; bytes cannot be sent as a parameter, send them in a body", at: parameter.type.location)
            }
            return
        }
        for parameter in parameters where !symbols.isParameterValue(parameter.type, allowArrays: allowArrays) {
            if symbols.isParameterValue(parameter.type, allowArrays: true) {
                diagnostics.error("\(kind) '\(parameter.wireName)' of \(what) cannot be an array", at: parameter.type.location)
            } else if case .named(let name, _, _) = parameter.type.nonOptional, symbols.model(named: name) == nil, BuiltinType(rawValue: name) == nil {
                continue // unknown type, already reported
            } else {
                let arrays = allowArrays ? ", or an array of them" : ""
                diagnostics.error("\(kind) '\(parameter.wireName)' of \(what) has type '\(parameter.type)', which cannot be sent as text; use a string, number, Bool, date, UUID, URL or string enum\(arrays)", at: parameter.type.location)
            }
        }
    }

    /// Response headers are read as text (scalars, string enums, lists of them) or, for any other
    /// type, as JSON text; never bytes, and no defaults.
    private mutating func checkResponseHeaders(_ endpoint: EndpointDecl, names swiftNames: [String], what: String) {
        checkFields(endpoint.responseHeaders, named: swiftNames, of: what, kind: "response header", generics: [], usage: .parameter)
        for header in endpoint.responseHeaders {
            if let value = header.defaultValue ?? header.serverDefault {
                diagnostics.error("response header '\(header.wireName)' of \(what) cannot have a default: an absent header is nil", at: value.location)
            }
            if case .named(let name, _, _) = header.type.nonOptional, symbols.model(named: name) == nil, BuiltinType(rawValue: name) == nil {
                continue // unknown type, already reported
            }
            if let binary = symbols.binaryType(header.type), binary != .file {
                diagnostics.error("response header '\(header.wireName)' of \(what) has type '\(header.type)'; a header holds text, not bytes", at: header.type.location)
            }
        }
    }

    /// Checks the path template against the declared path parameters; returns the arguments they add.
    private mutating func checkPath(_ endpoint: EndpointDecl, what: String, arguments swiftNames: [(placeholder: String, name: String)]) -> [Argument] {
        let template: PathTemplate
        switch PathTemplate.parse(endpoint.path) {
        case .failure(let error):
            diagnostics.error("the path '\(endpoint.path)' of \(what) \(error.message)", at: endpoint.pathLocation.advanced(by: error.offset))
            return []
        case .success(let parsed):
            template = parsed
        }
        var arguments: [Argument] = []
        var placeholders: [String] = []
        for (name, offset) in template.parameters {
            if placeholders.contains(name) {
                diagnostics.error("path parameter '{\(name)}' appears twice in the path of \(what)", at: endpoint.pathLocation.advanced(by: offset))
                continue
            }
            placeholders.append(name)
            let declared = endpoint.pathParameters.first { $0.wireName == name }
            arguments.append(Argument(swiftName: swiftNames.first { $0.placeholder == name }?.name ?? name,
                                      kind: "path parameter '\(name)'", location: declared?.location ?? endpoint.pathLocation.advanced(by: offset)))
        }
        for parameter in endpoint.pathParameters where !placeholders.contains(parameter.wireName) {
            diagnostics.error("path parameter '\(parameter.wireName)' of \(what) is not in its path '\(endpoint.path)'\(Suggestions.didYouMean(parameter.wireName, in: placeholders))",
                              at: parameter.location)
        }
        return arguments
    }
}
