import SpecDiagnostics

extension Validator {
    /// The bodies an endpoint chooses from: two or more, each a media type of one kind with a
    /// type it can hold, never multipart, never twice.
    mutating func checkBodies(_ endpoint: EndpointDecl, what: String) -> [Argument] {
        if endpoint.bodies.count == 1, let only = endpoint.bodies.first {
            diagnostics.error("bodies of \(what) lists one media type; for one body write 'body: \(only.type)' (and an encoding)", at: only.location)
        }
        if endpoint.method == .get || endpoint.method == .head {
            diagnostics.error("a \(endpoint.method.rawValue) request cannot have a body (\(what)); send its values as query parameters", at: endpoint.bodyLocation ?? endpoint.location)
        }
        for (index, body) in endpoint.bodies.enumerated() {
            if let first = endpoint.bodies[..<index].first(where: { $0.mediaType.lowercased() == body.mediaType.lowercased() }) {
                diagnostics.error("\(what) lists the body of \(body.mediaType) twice", at: body.location, notes: [.note("first listed here", at: first.location)])
            }
            guard body.mediaType.contains("/"), body.mediaType.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) || $0 == " " }) else {
                diagnostics.error("body '\(body.mediaType)' of \(what) is not a media type such as application/json or text/plain", at: body.location)
                continue
            }
            switch body.kind {
            case nil:
                diagnostics.error("body '\(body.mediaType)' of \(what) is multipart, which must list its parts as fields: write body: and encoding: multipart", at: body.location)
            case .json?:
                checkType(body.type, usage: .body(.json), in: "body \(body.mediaType) of \(what)")
            case .form?:
                checkType(body.type, usage: .body(.form), in: "body \(body.mediaType) of \(what)")
                if case .named(let name, _, _) = body.type.nonOptional, case .object? = symbols.model(named: name)?.kind {} else {
                    diagnostics.error("the form body \(body.mediaType) of \(what) must be an object model, found '\(body.type)'", at: body.type.location)
                }
            case .text?:
                if !symbols.isString(body.type) || symbols.isOptional(body.type) {
                    diagnostics.error("the text body \(body.mediaType) of \(what) is a String, found '\(body.type)'", at: body.type.location)
                }
            case .data?:
                if case .named(let name, _, _) = symbols.resolvingAliases(body.type), name == "Data" || name == "File" {} else {
                    diagnostics.error("the body \(body.mediaType) of \(what) is bytes: Data or File, found '\(body.type)'", at: body.type.location)
                }
            }
        }
        return [Argument(swiftName: "body", kind: "body", location: endpoint.bodyLocation ?? endpoint.location)]
    }

    /// Checks the body and returns the factory arguments it adds.
    /// A body's `contentType` must be one its encoding writes: a JSON media type for JSON, a
    /// form's for a form, a `multipart/` one for multipart (the boundary is added); any for bytes and text.
    mutating func checkBodyContentType(_ contentType: String, encoding: BodyEncoding, of what: String, at location: SourceLocation) {
        let kind = BodyAlternative.kind(of: contentType)
        let fits: Bool
        switch encoding {
        case .json: fits = kind == .json
        case .form: fits = kind == .form
        case .multipart: fits = kind == nil
        case .binary, .text: fits = true
        }
        if !fits {
            diagnostics.error("contentType '\(contentType)' of \(what) is not one a \(encoding.rawValue) body is written as", at: location)
        }
    }

    mutating func checkBody(_ endpoint: EndpointDecl, what: String, fieldNames: [String], partHeaderNames: [[String]]) -> [Argument] {
        if !endpoint.bodies.isEmpty { return checkBodies(endpoint, what: what) }
        guard let body = endpoint.body else {
            if endpoint.bodyContentType != nil {
                diagnostics.error("\(what) has a contentType but no body", at: endpoint.bodyContentTypeLocation ?? endpoint.location)
            }
            if endpoint.encoding != .json {
                diagnostics.error("\(what) has encoding '\(endpoint.encoding.rawValue)' but no body", at: endpoint.location)
            }
            return []
        }
        if endpoint.method == .get || endpoint.method == .head {
            diagnostics.error("a \(endpoint.method.rawValue) request cannot have a body (\(what)); send its values as query parameters", at: endpoint.bodyLocation ?? body.location)
        }
        if let contentType = endpoint.bodyContentType {
            checkBodyContentType(contentType, encoding: endpoint.encoding, of: what, at: endpoint.bodyContentTypeLocation ?? endpoint.location)
        }
        switch body {
        case .fields(let fields, let location):
            if endpoint.encoding == .binary {
                diagnostics.error("the binary body of \(what) is one Data or File value, not fields; write 'body: Data'", at: location)
            }
            if endpoint.encoding == .text {
                diagnostics.error("the text body of \(what) is one String, not fields; write 'body: String'", at: location)
            }
            checkFields(fields, named: fieldNames, of: "the body of \(what)", kind: "field", generics: [], usage: .bodyField(endpoint.encoding))
            if endpoint.encoding == .form {
                for field in fields {
                    guard let binary = symbols.binaryType(field.type), binary != .file else { continue }
                    diagnostics.error("form field '\(field.wireName)' of \(what) has type '\(field.type)', which a form body cannot hold; send bytes with 'encoding: multipart'", at: field.type.location)
                }
            }
            var arguments: [Argument] = []
            for (index, (field, name)) in zip(fields, fieldNames).enumerated() {
                arguments.append(Argument(swiftName: name, kind: "body field '\(field.wireName)'", location: field.location))
                guard endpoint.encoding == .multipart, !field.partHeaders.isEmpty, index < partHeaderNames.count else { continue }
                let headerNames = partHeaderNames[index]
                checkFields(field.partHeaders, named: headerNames, of: "part '\(field.wireName)' of \(what)", kind: "header", generics: [], usage: .parameter)
                for (header, headerName) in zip(field.partHeaders, headerNames) {
                    if !symbols.isParameterValue(header.type, allowArrays: true) {
                        diagnostics.error("header '\(header.wireName)' of part '\(field.wireName)' of \(what) has type '\(header.type)'; a part header holds a text value or an array of them", at: header.type.location)
                    }
                    if ["content-type", "content-disposition"].contains(header.wireName.lowercased()) {
                        diagnostics.error("header '\(header.wireName)' of part '\(field.wireName)' of \(what) is written by the client; remove it", at: header.location)
                    }
                    arguments.append(Argument(swiftName: headerName, kind: "header '\(header.wireName)' of part '\(field.wireName)'", location: header.location))
                }
            }
            return arguments
        case .type(let type):
            checkType(type, usage: .body(endpoint.encoding), in: "the body of \(what)")
            switch endpoint.encoding {
            case .binary:
                if case .named(let name, _, _) = symbols.resolvedNonOptional(type), ["Data", "File", StreamFraming.bytes.rawValue].contains(name) {} else {
                    diagnostics.error("the binary body of \(what) must be Data, File or ByteStream (optional: none sent for nil), found '\(type)'", at: type.location)
                }
            case .text:
                if !symbols.isString(type) {
                    diagnostics.error("the text body of \(what) must be String (optional: none sent for nil), found '\(type)'", at: type.location)
                }
            case .multipart:
                diagnostics.error("the multipart body of \(what) must list its parts as fields, like 'body: { image: File }'; found '\(type)'", at: type.location)
            case .form:
                if case .named(let name, _, _) = type.nonOptional, case .object? = symbols.model(named: name)?.kind {} else {
                    diagnostics.error("the form body of \(what) must be an object model or inline fields, found '\(type)'", at: type.location)
                }
            case .json:
                break
            }
            return [Argument(swiftName: "body", kind: "body", location: type.location)]
        }
    }
}
