import SpecCore
import SpecDiagnostics

/// What a schema is, once the wrappers that only add `null` are looked through.
enum SchemaShape {
    /// A `$ref` to another schema.
    case reference(String)
    /// An object with properties (or an `allOf` to merge): a struct.
    case object
    /// String values: an enum.
    case enumeration([String])
    /// `oneOf` / `anyOf` of several schemas: a union.
    case union([Node])
    /// `anyOf` / `oneOf` of a schema and an empty string that clears it (Stripe's
    /// `anyOf: [X, {enum: [""]}]`): `Clearable<X>`; of several, `Clearable` of their union.
    case clearable([Node])
    /// A map of string keys to values of one schema (nil: any JSON value).
    case dictionary(Node?)
    /// An array of the item schema (nil: any JSON value).
    case array(Node?)
    /// A built-in type.
    case builtin(BuiltinType)
    /// Any JSON value.
    case any
}

extension OpenAPIContext {
    /// The schema with the wrappers that only add `null` looked through, whether it may be null,
    /// and what it is.
    func shape(of schema: Node) -> (schema: Node, nullable: Bool, shape: SchemaShape) {
        var schema = schema
        var nullable = false
        for _ in 0..<8 {
            if schema.flag("nullable") { nullable = true }
            if let ref = schema.string("$ref") { return (schema, nullable, .reference(ref)) }
            if let types = schema["type"]?.items, !types.isEmpty, types.contains(where: { $0.scalar == "null" }) {
                nullable = true
            }
            // `allOf: [X]` with nothing beside it (a common way to add a description to a $ref) is X.
            if let parts = schema["allOf"]?.items, parts.count == 1, schema["properties"] == nil, let only = parts.first {
                schema = only
                continue
            }
            // An `allOf` whose parts are scalars (inline or `$ref`s to them) is that scalar, with the
            // first part that gives a format or values; parts that only constrain (`minimum: 3`,
            // `maxLength: 8`) add nothing, and one meaningful part left is that part. Parts of
            // different scalar types can hold no value both accept as written: kept as JSON.
            if let parts = schema["allOf"]?.items, parts.count > 1, schema["properties"] == nil {
                let meaningful = parts.filter { !Self.onlyConstrainsValue($0) }
                // `allOf: [{nullable: true}, {$ref: X}]` (pandascore): the part that only says null is allowed still says it.
                if parts.contains(where: { Self.onlyConstrainsValue($0) && $0.flag("nullable") }) { nullable = true }
                if meaningful.count == 1, let only = meaningful.first {
                    schema = only
                    continue
                }
                // Nothing but constraints: any value, as JSON.
                if meaningful.isEmpty { return (schema, nullable, .any) }
                let targets = meaningful.map { followRef($0) ?? $0 }
                // A part that only lists values (`const: x`, `enum` without a type) narrows the typed parts' scalar.
                let typed = targets.filter { $0.string("type") != nil || $0["properties"] != nil || $0["$ref"] != nil }
                let onlyValues = targets.count > typed.count && targets.allSatisfy { $0.string("type") != nil || $0["properties"] != nil
                    || $0["$ref"] != nil || Set($0.keys).isSubset(of: ["const", "enum", "description", "title", "default", "nullable"]) }
                if !typed.isEmpty, onlyValues || typed.count == targets.count,
                   typed.allSatisfy({ $0["properties"] == nil && Self.scalarTypes.contains($0.string("type") ?? "") }) {
                    guard typed.allSatisfy({ $0.string("type") == typed[0].string("type") }) else { return (schema, nullable, .any) }
                    let index = targets.firstIndex { $0.string("type") != nil && ($0["format"] != nil || $0["enum"] != nil) }
                        ?? targets.firstIndex { $0.string("type") != nil } ?? 0
                    schema = meaningful[index]
                    continue
                }
            }
            if let variants = (schema["oneOf"] ?? schema["anyOf"])?.items, schema["properties"] == nil {
                let nonNull = variants.filter { !isNullSchema($0) }
                if nonNull.count < variants.count { nullable = true }
                // One variant is that variant, unless a discriminator tags it (a 2.0 base with one descendant).
                if nonNull.count == 1, schema["discriminator"] == nil, let only = nonNull.first {
                    schema = only
                    continue
                }
                if nonNull.isEmpty { return (schema, true, .any) }
                // A value or "" to clear it; any string or "" is any string.
                let values = nonNull.filter { !Self.isClearingString($0) }
                if !values.isEmpty, values.count < nonNull.count {
                    if values.count == 1, isPlainString(values[0]) { return (schema, nullable, .builtin(.string)) }
                    return (schema, nullable, .clearable(values))
                }
                if let strings = stringValues(nonNull) { return (schema, nullable, strings) }
                // A number written as a number or as its text (Pydantic's Decimal): its digits and scale, as ExactDecimal.
                let types = nonNull.map { $0.keys.contains("$ref") ? "" : $0.string("type") ?? "" }.sorted()
                if types == ["number", "string"], nonNull.allSatisfy({ $0["enum"] == nil && $0["format"].map { ["decimal", "double", "float"].contains($0.scalar ?? "") } ?? true }) {
                    return (schema, nullable, .builtin(.exactDecimal))
                }
                return (schema, nullable, .union(nonNull))
            }
            break
        }
        return (schema, nullable, plainShape(of: schema))
    }

    /// The JSON Schema types that are one value, not a container.
    static let scalarTypes: Set<String> = ["string", "integer", "number", "boolean"]

    /// Whether an `allOf` part only constrains a value (`minimum`, `maxLength`, `description`...)
    /// and says nothing of what the value is.
    static func onlyConstrainsValue(_ schema: Node) -> Bool {
        let describing = ["type", "properties", "allOf", "oneOf", "anyOf", "$ref", "items", "additionalProperties", "enum", "const", "format", "required"]
        return !describing.contains { schema[$0] != nil }
    }

    /// `{type: string, enum: [""]}` (or without the type): the empty string that clears a value.
    static func isClearingString(_ schema: Node) -> Bool {
        guard schema["$ref"] == nil, (schema.string("type") ?? "string") == "string", let values = schema["enum"]?.items, !values.isEmpty else { return false }
        return values.allSatisfy { $0.scalar == "" }
    }

    /// A string schema that allows any string: no values listed, nothing (a format, an encoding)
    /// that makes it another type.
    private func isPlainString(_ schema: Node) -> Bool {
        guard schema["$ref"] == nil, schema.string("type") == "string", schema["const"] == nil,
              case .builtin(.string) = plainShape(of: schema) else { return false }
        return true
    }

    /// `{type: "null"}` or `{enum: [null]}`.
    func isNullSchema(_ schema: Node) -> Bool {
        if schema.string("type") == "null" { return true }
        if let values = schema["enum"]?.items, !values.isEmpty, values.allSatisfy({ $0.yaml.isPlainScalar && $0.scalar == "null" }) { return true }
        return false
    }

    /// Variants that are all strings: an enum of their values when any lists values, else `String`.
    private func stringValues(_ variants: [Node]) -> SchemaShape? {
        var values: [String] = []
        for variant in variants {
            guard variant.string("$ref") == nil, variant.string("type") == "string", variant["format"] == nil || variant["enum"] != nil else { return nil }
            for value in variant["enum"]?.items ?? [] {
                if let text = value.scalar, !(value.yaml.isPlainScalar && text == "null"), !values.contains(text) { values.append(text) }
            }
        }
        return values.isEmpty ? .builtin(.string) : .enumeration(values)
    }

    /// The shape of a schema without reference or union wrappers.
    private func plainShape(of schema: Node) -> SchemaShape {
        if let parts = schema["allOf"]?.items, !parts.isEmpty { return .object }
        let declared = declaredType(schema)
        if let values = schema["enum"]?.items, !values.isEmpty, declared == nil || declared == "string" {
            let strings = values.compactMap { value -> String? in
                guard let text = value.scalar, !(value.yaml.isPlainScalar && text == "null") else { return nil }
                return text
            }
            if declared == "string" || values.allSatisfy({ Self.isStringOrNull($0) }) {
                return strings.isEmpty ? .builtin(.string) : .enumeration(strings)
            }
        }
        if let properties = schema["properties"], !properties.pairs.isEmpty { return .object }
        let looksLikeObject = declared == nil && (schema["additionalProperties"] != nil || schema["properties"] != nil)
        let looksLikeArray = declared == nil && schema["items"] != nil
        switch looksLikeObject ? "object" : looksLikeArray ? "array" : declared {
        case "object":
            if let additional = schema["additionalProperties"] {
                if additional.scalar == "false" { return .dictionary(nil) }
                return .dictionary(additional.isMapping && !additional.keys.isEmpty ? additional : nil)
            }
            return .dictionary(nil)
        case "array":
            return .array(schema["items"].flatMap { $0.isMapping && !$0.keys.isEmpty ? $0 : nil })
        case "string":
            switch schema.string("format") {
            case "date-time": return .builtin(.date)
            case "date": return .builtin(.calendarDate)
            case "uuid": return .builtin(.uuid)
            case "uri", "url": return .builtin(.url)
            case "byte": return .builtin(.data)
            case "binary": return .builtin(.data)
            default:
                // OpenAPI 3.1 describes bytes without a format: base64 text (`contentEncoding`),
                // or raw content of a media type that is not text (FastAPI's `UploadFile`).
                if schema.string("contentEncoding")?.lowercased() == "base64" { return .builtin(.data) }
                if let media = schema.string("contentMediaType")?.lowercased(), !Self.isTextMedia(media) { return .builtin(.data) }
                return .builtin(.string)
            }
        case "integer":
            switch schema.string("format") {
            case "int32": return .builtin(.int32)
            case "int64": return .builtin(.int64)
            default: return .builtin(.int)
            }
        case "number":
            switch schema.string("format") {
            case "float": return .builtin(.float)
            case "decimal": return .builtin(.decimal)
            default: return .builtin(.double)
            }
        case "boolean": return .builtin(.bool)
        default:
            if let constant = schema["const"], let text = constant.scalar {
                guard constant.yaml.isPlainScalar else { return .builtin(.string) }
                if text == "true" || text == "false" { return .builtin(.bool) }
                if Int64(text) != nil { return .builtin(.int) }
                if Double(text) != nil { return .builtin(.double) }
                return .builtin(.string)
            }
            return .any
        }
    }

    /// Whether a value of an `enum` list is a string (quoted, or a plain word that is not a number,
    /// boolean or null) or null: YAML and JSON documents then read alike.
    static func isStringOrNull(_ value: Node) -> Bool {
        guard let text = value.scalar else { return false }
        guard value.yaml.isPlainScalar else { return true }
        let isNumber = !text.isEmpty && text.allSatisfy { "0123456789+-.eE".contains($0) } && Double(text) != nil
        return text != "true" && text != "false" && !isNumber
    }

    /// The schema's `type`: the one non-null type of a 3.1 type list, nil when absent or several.
    func declaredType(_ schema: Node) -> String? {
        if let text = schema.string("type") { return text }
        let types = (schema["type"]?.items ?? []).compactMap(\.scalar).filter { $0 != "null" }
        return types.count == 1 ? types.first : nil
    }

    /// Whether content of `media` is text a `String` holds: `text/*`, JSON, XML, form data.
    static func isTextMedia(_ media: String) -> Bool {
        let base = media.split(separator: ";", maxSplits: 1).first.map { $0.trimming { $0 == " " } } ?? media
        return base.hasPrefix("text/") || base == "application/json" || base.hasSuffix("+json") || base == "application/xml"
            || base.hasSuffix("+xml") || base == "application/x-www-form-urlencoded"
    }
}
