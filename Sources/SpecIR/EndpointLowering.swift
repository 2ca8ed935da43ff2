import SpecCore

/// Lowers validated endpoints to the IR of the endpoints file (a class, shared by the closures that
/// lower each endpoint).
final class EndpointLowering {
    let spec: Spec
    let symbols: SymbolTable
    let types: TypeReferences
    let models: ModelLowering
    let names: NameTable

    init(spec: Spec, symbols: SymbolTable, models: ModelLowering) {
        self.spec = spec
        self.symbols = symbols
        self.types = models.types
        self.models = models
        names = models.types.names
    }

    /// Lowers the items of one scope.
    /// - Parameters:
    ///   - scope: the Swift names of the enclosing groups, like `["Posts"]`.
    ///   - groups: the same groups' names as the spec writes them, for service method names.
    func lower(_ items: [EndpointItem], scope: [String] = [], groups: [String] = []) -> [EndpointItemIR] {
        items.map { item in
            switch item {
            case .group(let group):
                let name = names.group(group.name)
                return .group(GroupIR(name: name, items: lower(group.items, scope: scope + [name], groups: groups + [group.name])))
            case .endpoint(let endpoint):
                return .endpoint(lower(endpoint, scope: scope, groups: groups))
            }
        }
    }

    private func lower(_ endpoint: EndpointDecl, scope: [String], groups: [String]) -> EndpointIR {
        // Validation has checked the endpoint, so the table names it.
        let endpointNames = names.endpoint(endpoint.name, groups: groups)
        let pathArguments = endpointNames?.pathArguments ?? []
        var parameters: [ParameterIR] = []
        var path: [PathPartIR] = []
        if case .success(let template) = PathTemplate.parse(endpoint.path) {
            for segment in template.segments {
                switch segment {
                case .literal(let text):
                    path.append(.text(text))
                case .parameter(let name):
                    let declared = endpoint.pathParameters.first { $0.wireName == name }
                    let swiftName = pathArguments.first { $0.placeholder == name }?.name ?? name
                    let members = declared.map { symbols.isPathObject($0.type) } ?? false
                    if declared?.style != nil || members {
                        path.append(.styledParameter(swiftName, style: declared?.style, wireName: name, members: members))
                    } else {
                        path.append(.parameter(swiftName))
                    }
                    parameters.append(ParameterIR(
                        name: swiftName, type: declared.map { types.reference($0.type) } ?? .named("String"),
                        defaultValue: nil, location: .path, wireName: name, doc: DocText.lines(declared?.description)))
                }
            }
        }
        var body: BodyIR?
        switch endpoint.body {
        case .fields(let fields, _)?:
            let fieldNames = endpointNames?.bodyFields ?? []
            let partHeaderNames = endpointNames?.partHeaders ?? []
            var wires: [WireFieldIR] = []
            for (index, (field, name)) in zip(fields, fieldNames).enumerated() {
                parameters.append(parameter(field, name, at: .bodyField))
                var wire = wireField(field, name, at: endpoint.encoding == .form ? .bodyField : nil)
                wire.jsonPart = endpoint.encoding == .multipart && !symbols.isParameterValue(field.type, allowArrays: true)
                    && symbols.binaryType(field.type) == nil
                if endpoint.encoding == .multipart {
                    wire.contentType = field.contentType
                    // Each header of the part is an argument right after the field's.
                    let headerNames = index < partHeaderNames.count ? partHeaderNames[index] : []
                    for (header, headerName) in zip(field.partHeaders, headerNames) {
                        parameters.append(parameter(header, headerName, at: .header))
                        wire.partHeaders.append(WireFieldIR(wireName: header.wireName, name: headerName))
                    }
                }
                wires.append(wire)
            }
            body = BodyIR(encoding: endpoint.encoding == .binary || endpoint.encoding == .text ? .json : endpoint.encoding, fields: wires,
                          optional: endpoint.bodyOptional, contentType: endpoint.bodyContentType)
        case .type(let type)?:
            // An optional body defaults to nil, which sends none.
            let asField = FieldDecl(wireName: "body", location: endpoint.location, type: type, deprecated: false)
            parameters.append(ParameterIR(name: "body", type: types.reference(type), defaultValue: types.defaultArgument(asField), location: .body,
                                          wireName: "body", doc: []))
            body = BodyIR(encoding: endpoint.encoding, fields: nil, optional: symbols.isOptional(type), contentType: endpoint.bodyContentType)
        case nil:
            if let alternatives = bodyEnum(of: endpoint, names: endpointNames) {
                // One `body` argument of the enum; optional when the document does not require one.
                let type: TypeRef = .named(alternatives.name, scope: [spec.name] + scope, arguments: [])
                parameters.append(ParameterIR(name: "body", type: endpoint.bodyOptional ? .optional(type) : type,
                                              defaultValue: endpoint.bodyOptional ? .null : nil, location: .body, wireName: "body", doc: []))
                body = BodyIR(encoding: .json, fields: nil, optional: endpoint.bodyOptional, alternatives: alternatives)
            }
        }
        let query = zip(endpoint.query, endpointNames?.query ?? [])
        let headers = zip(endpoint.headers, endpointNames?.headers ?? [])
        parameters += query.map { parameter($0, $1, at: .query) }
        parameters += headers.map { parameter($0, $1, at: .header) }
        let cookies = zip(endpoint.cookies, endpointNames?.cookies ?? [])
        parameters += cookies.map { parameter($0, $1, at: .cookie) }

        let response = Self.response(of: endpoint)
        let name = endpointNames?.factory ?? endpoint.name
        let (failure, errors, errorEnum) = self.errors(
            of: endpoint, factory: name, enumName: endpointNames?.errorEnum ?? name, caseNames: endpointNames?.errorCases ?? [])
        let doc = DocText.lines(endpoint.description)
        let service = serviceMethod(endpoint, names: endpointNames, scope: scope, parameters: parameters, doc: doc)
        var lowered = EndpointIR(
            name: name, doc: doc, requestLine: service.requestLine, deprecated: endpoint.deprecated, parameters: parameters,
            method: endpoint.method, path: path,
            query: query.map { wireField($0, $1, at: .query) }, headers: headers.map { wireField($0, $1, at: .header) },
            cookies: cookies.map { wireField($0, $1, at: .cookie) }, body: body,
            response: ResponseIR(type: endpoint.outcomes.isEmpty ? service.endpointResponse : .named(endpointNames?.outcomeEnum ?? name, scope: [], arguments: []), decoding: endpoint.responseIsText ? .text : endpoint.responseIsMultipart ? .multipart : responseDecoding(response),
                                 accept: endpoint.accept, outcomes: outcomes(of: endpoint, names: endpointNames)),
            failure: failure, auth: Self.auth(endpoint.auth ?? spec.auth), errors: errors,
            timeout: endpoint.timeout, retry: endpoint.retry, errorEnum: errorEnum,
            responseHeaders: responseHeaders(of: endpoint, names: endpointNames), service: service)
        lowered.server = endpoint.server
        lowered.response.terminator = endpoint.streamTerminator
        lowered.response.reconnects = endpoint.reconnects
        lowered.response.pagination = endpoint.pagination.flatMap { pagination($0, of: endpoint, factory: name) }
        return lowered
    }

    /// The service requirements of `items`, one per endpoint in declaration order, groups depth
    /// first: the operations, without the factories' parameters and doc (a requirement is
    /// the operation type), so the namespace file of a split output need not lower every endpoint.
    func requirements(_ items: [EndpointItem], scope: [String] = [], groups: [String] = []) -> [ServiceMethodIR] {
        items.flatMap { item -> [ServiceMethodIR] in
            switch item {
            case .group(let group):
                let name = names.group(group.name)
                return requirements(group.items, scope: scope + [name], groups: groups + [group.name])
            case .endpoint(let endpoint):
                return [serviceMethod(endpoint, names: names.endpoint(endpoint.name, groups: groups), scope: scope, parameters: [], doc: [])]
            }
        }
    }

    /// The endpoint as a method of the service.
    private func serviceMethod(
        _ endpoint: EndpointDecl, names endpointNames: NameTable.EndpointNames?, scope: [String], parameters: [ParameterIR], doc: [String]
    ) -> ServiceMethodIR {
        let response = Self.response(of: endpoint)
        let factory = endpointNames?.factory ?? endpoint.name
        let method = endpointNames?.serviceMethod ?? factory
        let failure = failure(of: endpoint, enumName: endpointNames?.errorEnum ?? factory, scope: [spec.name] + scope)
        let outcome = endpoint.outcomes.isEmpty ? nil : endpointNames?.outcomeEnum ?? factory
        let serviceResponse = outcome.map { TypeRef.named($0, scope: [spec.name] + scope, arguments: []) }
            ?? (responseDecoding(response) == .empty ? nil : types.reference(response))
        return ServiceMethodIR(
            name: method, requirement: SwiftNames.serviceRequirement(method), doc: doc, requestLine: "\(endpoint.method.rawValue) \(DocText.lines(endpoint.path).first ?? "")",
            deprecated: endpoint.deprecated, parameters: parameters, factory: [spec.name] + scope + [factory], failure: failure,
            response: serviceResponse, endpointResponse: serviceResponse ?? types.reference(response),
            operation: endpointNames?.operation ?? method)
    }

    /// What the endpoint answers with: its response type, or `Empty`.
    private static func response(of endpoint: EndpointDecl) -> TypeExpr {
        endpoint.response ?? .named("Empty", arguments: [], at: endpoint.location)
    }

    private func parameter(_ field: FieldDecl, _ name: String, at location: ParameterLocation) -> ParameterIR {
        ParameterIR(name: name, type: types.reference(field.type), defaultValue: types.defaultArgument(field),
                    location: location, wireName: field.wireName, doc: DocText.lines(field.description, serverDefault: field.serverDefault?.value))
    }

    /// A query parameter, header or form field (`location` nil for the fields of a JSON or
    /// multipart body), with the style its value needs.
    private func wireField(_ field: FieldDecl, _ name: String, at location: ParameterLocation?) -> WireFieldIR {
        WireFieldIR(wireName: field.wireName, name: name, style: location.flatMap { style(of: field, at: $0) })
    }

    /// Text values and arrays of them go as they are, unless a style says otherwise; an object, map
    /// or union is written in the field's style (brackets by default), in a header as `key,value` pairs.
    private func style(of field: FieldDecl, at location: ParameterLocation) -> ParameterStyle? {
        let text = symbols.isParameterValue(field.type, allowArrays: false)
        let textArray = !text && symbols.isParameterValue(field.type, allowArrays: true)
        if field.style == .json, [.header, .query, .bodyField].contains(location) { return .json }
        switch location {
        case .header:
            // An object's members as `key,value` pairs, or as `key=value` where the spec says `form` (OpenAPI's `explode`).
            // A text array in a delimited style (Swagger 2.0's `pipes`) is joined by its delimiter.
            if textArray, let style = field.style, [.spaceDelimited, .pipeDelimited, .tabDelimited].contains(style) { return style }
            return text || textArray ? nil : field.style == .form ? .form : .commaDelimited
        case .query, .bodyField:
            switch field.style {
            case nil, .form?: return text || textArray ? nil : field.style ?? .deepObject
            case let style?: return text ? nil : style
            }
        case .path, .cookie, .body:
            return nil
        }
    }

    /// The enum of the bodies the endpoint takes, when it takes several media types.
    private func bodyEnum(of endpoint: EndpointDecl, names endpointNames: NameTable.EndpointNames?) -> BodyEnumIR? {
        guard !endpoint.bodies.isEmpty else { return nil }
        let factory = endpointNames?.factory ?? endpoint.name
        let caseNames = endpointNames?.bodyCases ?? SwiftNames.bodyCases(endpoint.bodies)
        let cases = zip(endpoint.bodies, caseNames).map { body, name in
            BodyCaseIR(name: name, type: types.reference(body.type), mediaType: body.mediaType, kind: body.kind ?? .data,
                       isFile: symbols.binaryType(body.type) == .file)
        }
        return BodyEnumIR(name: endpointNames?.bodyEnum ?? factory, doc: ["The bodies `\(factory)` takes, one per media type."],
                          deprecated: endpoint.deprecated, cases: cases)
    }

    /// The struct of the headers the endpoint's responses declare, when they declare any.
    private func responseHeaders(of endpoint: EndpointDecl, names endpointNames: NameTable.EndpointNames?) -> ResponseHeadersIR? {
        guard !endpoint.responseHeaders.isEmpty else { return nil }
        let factory = endpointNames?.factory ?? endpoint.name
        let fieldNames = endpointNames?.responseHeaders ?? endpoint.responseHeaders.map(SwiftNames.field)
        let fields = zip(endpoint.responseHeaders, fieldNames).map { header, name in
            ResponseHeaderIR(name: name, wireName: header.wireName, type: types.reference(header.type.nonOptional),
                             doc: DocText.lines(header.description), json: header.style == .json || !symbols.isParameterValue(header.type, allowArrays: true))
        }
        return ResponseHeadersIR(
            name: endpointNames?.headersStruct ?? factory, doc: ["The headers the responses of `\(factory)` declare: `\(endpointNames?.headersStruct ?? factory)(response)` reads them from `client.response(_:)`'s answer, each nil when absent or not of its type."],
            deprecated: endpoint.deprecated, fields: fields, namespace: names.namespace)
    }

    /// The enum of outcomes, when the endpoint's 2xx statuses carry different bodies.
    private func outcomes(of endpoint: EndpointDecl, names endpointNames: NameTable.EndpointNames?) -> OutcomeEnumIR? {
        guard !endpoint.outcomes.isEmpty else { return nil }
        let factory = endpointNames?.factory ?? endpoint.name
        let caseNames = endpointNames?.outcomeCases ?? endpoint.outcomes.map { SwiftNames.outcomeCase($0.status) }
        let cases = zip(endpoint.outcomes, caseNames).map { outcome, name in
            let decoding = outcome.isText ? .text : responseDecoding(outcome.type)
            let what = outcome.status == .range ? "Any other 2xx response" : "The `\(outcome.status.key)` response"
            let doc = outcome.description.map(DocText.lines) ?? [what + (decoding == .empty ? "." : ", with its body.")]
            return OutcomeCaseIR(name: name, status: outcome.status, type: decoding == .empty ? nil : types.reference(outcome.type),
                                 decoding: decoding, doc: doc, content: outcome.content)
        }
        var outcomes = OutcomeEnumIR(
            name: endpointNames?.outcomeEnum ?? factory, doc: ["The answers of `\(factory)`, by status."],
            deprecated: endpoint.deprecated, cases: cases,
            conformances: spec.conformances == .lean ? [.sendable] : [.hashable, .sendable], accept: endpoint.accept ?? Self.accept(of: cases))
        outcomes.indirect = spec.conformances == .lean && cases.contains { $0.type != nil }
        return outcomes
    }

    /// The `Accept` of an outcome enum's cases when nothing declares one: JSON when a case is JSON,
    /// text when one is text (both when both are), none for any type.
    private static func accept(of cases: [OutcomeCaseIR]) -> String? {
        var types: [String] = []
        if cases.contains(where: { $0.decoding == .json }) { types.append("application/json") }
        if cases.contains(where: { $0.decoding == .text }) { types.append("text/plain") }
        if cases.contains(where: { $0.decoding == .data }) { types.append("*/*") }
        return types.isEmpty || types == ["*/*"] ? nil : types.joined(separator: ", ")
    }

    private func responseDecoding(_ type: TypeExpr) -> ResponseDecodingIR {
        switch symbols.stream(type)?.framing {
        case .events?: return .events
        case .lines?: return .lines
        case .sequence?: return .sequence
        case .bytes?: return .bytes
        case nil: break
        }
        guard case .named(let name, _, _) = symbols.resolvingAliases(type) else { return .json }
        switch name {
        case "Empty": return .empty
        case "Data": return .data
        default: return .json
        }
    }

    /// The failure type, the error mappings, and the enum of error bodies when they have several types.
    private func errors(
        of endpoint: EndpointDecl, factory: String, enumName: String, caseNames: [String]
    ) -> (TypeRef?, [ErrorMappingIR], ErrorEnumIR?) {
        let failure = failure(of: endpoint, enumName: enumName, scope: [])
        if endpoint.errors.isEmpty {
            guard let error = spec.error else { return (nil, [], nil) }
            return (failure, [defaultMapping(error)], nil)
        }
        let distinct = endpoint.distinctErrorTypes
        if distinct.count == 1, let only = distinct.first {
            let message = messageField(only)
            return (failure, endpoint.errors.map {
                ErrorMappingIR(status: Self.status($0.status), enumCase: nil, messageField: message)
            }, nil)
        }
        let cases = zip(endpoint.errors, caseNames).map { error, name in
            UnionCaseIR(name: name, tag: error.status.key, type: types.reference(error.type))
        }
        let mappings = zip(endpoint.errors, cases).map { error, errorCase in
            ErrorMappingIR(status: Self.status(error.status),
                           enumCase: ErrorEnumCaseRef(type: errorCase.type, enumName: enumName, caseName: errorCase.name),
                           messageField: messageField(error.type))
        }
        var errorEnum = ErrorEnumIR(
            name: enumName, doc: ["The error bodies of `\(factory)`, by status."],
            deprecated: endpoint.deprecated, cases: cases,
            conformances: spec.conformances == .lean ? [.sendable] : [.hashable, .sendable])
        errorEnum.indirect = spec.conformances == .lean
        return (failure, mappings, errorEnum)
    }

    /// The failure type: the spec's error model when the endpoint lists no errors, the one error
    /// type when all its errors share it, else its error enum, named from `scope`.
    private func failure(of endpoint: EndpointDecl, enumName: String, scope: [String]) -> TypeRef? {
        if endpoint.errors.isEmpty { return spec.error.map(types.reference) }
        let distinct = endpoint.distinctErrorTypes
        if distinct.count == 1, let only = distinct.first { return types.reference(only) }
        return .named(enumName, scope: scope, arguments: [])
    }

    /// The factory of endpoints the spec does not list: the top-level error model and default auth.
    func adHoc() -> AdHocEndpointIR {
        let failure = spec.error.map(types.reference)
        var taken = ""
        if case .named(let name, _, _)? = failure { taken = name }
        let generic: String = ["Response", "Value", "Body"].first(where: { $0 != taken }) ?? "Response"
        return AdHocEndpointIR(failure: failure, generic: generic, auth: Self.auth(spec.auth), error: spec.error.map(defaultMapping))
    }

    /// How a model decodes for every status not listed otherwise.
    private func defaultMapping(_ type: TypeExpr) -> ErrorMappingIR {
        ErrorMappingIR(status: .default, enumCase: nil, messageField: messageField(type))
    }

    private static func status(_ status: ErrorStatus) -> ErrorStatusIR {
        switch status {
        case .code(let code): .code(code)
        case .range: status.codes.map { .range($0.lowerBound, $0.upperBound) } ?? .default
        case .other: .default
        }
    }

    /// The Swift name of the message field of an error type whose model names one (`errorMessage`).
    private func messageField(_ type: TypeExpr) -> String? {
        guard case .named(let name, let arguments, _) = symbols.resolvedNonOptional(type), arguments.isEmpty,
              let model = symbols.model(named: name), let wire = model.errorMessage,
              case .object(let fields) = model.kind, let index = fields.firstIndex(where: { $0.wireName == wire }) else { return nil }
        return names.model(named: name)?.fields[index]
    }

    private static func auth(_ auth: AuthScheme) -> AuthScheme? {
        auth == .none ? nil : auth
    }

    /// The companion of a paginated endpoint, its fields' Swift names resolved (validated before).
    private func pagination(_ decl: PaginationDecl, of endpoint: EndpointDecl, factory: String) -> PaginationIR? {
        guard let shape = symbols.paginationShape(decl, response: endpoint.response) else { return nil }
        func member(_ field: FieldDecl?, of model: String?) -> String? {
            guard let field, let model, case .object(let fields)? = symbols.model(named: model)?.kind,
                  let index = fields.firstIndex(where: { $0.wireName == field.wireName }) else { return nil }
            return names.model(named: model)?.fields[safe: index]
        }
        let rule: PaginationIR.Rule
        switch decl.style {
        case .link:
            rule = .link
        case .cursor:
            guard let next = member(shape.marker, of: shape.pageModel), let parameter = decl.parameter else { return nil }
            rule = .cursor(next: next, parameter: parameter)
        case .hasMore:
            guard let hasMore = member(shape.marker, of: shape.pageModel), let parameter = decl.parameter,
                  let id = member(shape.idField, of: shape.itemModel), let idField = shape.idField else { return nil }
            let conversion: PaginationIR.IDConversion
            switch symbols.resolvedNonOptional(idField.type).description {
            case "String": conversion = .string
            case "UUID": conversion = .uuid
            default: conversion = .integer
            }
            rule = .hasMore(hasMore: hasMore, parameter: parameter, id: id, conversion: conversion)
        case .page:
            guard let parameter = decl.parameter else { return nil }
            rule = .page(parameter: parameter, size: decl.size, first: decl.first ?? 1)
        case .offset:
            guard let parameter = decl.parameter else { return nil }
            rule = .offset(parameter: parameter, size: decl.size)
        }
        let items = shape.itemsField.flatMap { field in member(field, of: shape.pageModel).map { (member: $0, optional: symbols.isOptional(field.type)) } }
        return PaginationIR(name: factory + "Pages", item: types.reference(shape.item), items: items, rule: rule)
    }
}

extension Array {
    /// The element at `index`, or nil past the end.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
