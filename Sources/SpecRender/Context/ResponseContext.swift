import SpecCore
import SpecIR

extension OutcomeEnumIR: TemplateObject {
    /// Keys: name, doc, deprecated, conformances, indirect, cases, accept (a string literal or `nil`),
    /// branches (each a pattern and value: the cases a status or content type of their own selects), fallback (the value of every other status).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        case "conformances": .strings(conformances.map(\.rawValue))
        case "indirect": .bool(indirect)
        case "cases": .list(cases.map { .object($0) })
        case "accept": .string(accept.map(SwiftSpelling.string) ?? "nil")
        case "branches":
            .list(branches.map { ["pattern": .string($0.pattern), "value": .string($0.outcome.expression)] })
        case "fallback": .string(fallback?.expression ?? "")
        default: nil
        }
    }
}

extension OutcomeCaseIR: TemplateObject {
    /// Keys: name, doc, status (`201`, `2XX`), type (false when the response has no body), value (the
    /// expression that makes the case from `body`).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "status": .string(status.key)
        case "doc": .strings(doc)
        case "type": type.map { .string(SwiftSpelling.type($0)) } ?? false
        case "value": .string(expression)
        default: nil
        }
    }

    /// `try .created(body.json(Task.self))`, `.noContent`, `.ok(body.text)`.
    var expression: String {
        let member = "." + Naming.escapedMember(name)
        guard let type else { return member }
        switch decoding {
        case .json: return "try \(member)(body.json(\(SwiftSpelling.type(type)).self))"
        case .text: return "\(member)(body.text)"
        case .data: return "\(member)(body.data)"
        case .empty: return member
        case .events, .lines, .sequence, .bytes, .multipart: return "\(member)(body.data)"   // never an outcome: validation rejects it
        }
    }
}

extension ResponseHeadersIR: TemplateObject {
    /// Keys: name, doc, deprecated, fields, namespace.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        case "fields": .list(fields.map { .object($0) })
        case "namespace": .string(namespace)
        default: nil
        }
    }
}

extension ResponseHeaderIR: TemplateObject {
    /// Keys: name (a declaration), member (after a dot), wireLiteral, type (without `?`), doc, json (read as JSON text).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "member": .string(Naming.escapedMember(name))
        case "wireLiteral": .string(SwiftSpelling.string(wireName))
        case "type": .string(SwiftSpelling.type(type))
        case "doc": .strings(doc)
        case "json": .bool(json)
        default: nil
        }
    }
}

extension BodyEnumIR: TemplateObject {
    /// Keys: name, doc, deprecated, cases.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        case "cases": .list(cases.map { .object($0) })
        default: nil
        }
    }
}

extension BodyCaseIR: TemplateObject {
    /// Keys: name, member, type, mediaType (as written in a doc comment), sentAs (the doc line), send (the `RequestBody` of `value`).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "member": .string(Naming.escapedMember(name))
        case "type": .string(SwiftSpelling.type(type))
        case "mediaType": .string(mediaType)
        case "send": .string(send)
        case "sentAs": .string(mediaType.contains("*") ? "Sent as JSON, `application/json` (the document lists `\(mediaType)`)." : "Sent as `\(mediaType)`.")
        default: nil
        }
    }

    /// `.json(value)`, `.form(value)`, `.text(value, contentType: "text/plain")`; a JSON or form
    /// media type other than the plain one is sent as declared (`.withContentType(...)`), a
    /// wildcard (`*/*`) as JSON.
    private var send: String {
        let contentType = SwiftSpelling.string(mediaType)
        let declared = ".withContentType(\(contentType))"
        switch kind {
        case .json: return ".json(value)" + (mediaType == "application/json" || mediaType.contains("*") ? "" : declared)
        case .form: return ".form(value)" + (mediaType == "application/x-www-form-urlencoded" ? "" : declared)
        case .text: return ".text(value, contentType: \(contentType))"
        case .data: return isFile ? ".binary(value)" : ".binary(value, contentType: \(contentType))"
        }
    }
}
