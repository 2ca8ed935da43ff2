import SpecCore

extension OpenAPIContext {
    /// What an event's data holds, and the sentinel it may be instead: an `anyOf` / `oneOf` of the
    /// data and one constant string, the common shape of OpenAI-compatible servers (FastAPI, vLLM,
    /// LiteLLM: `anyOf: [{$ref: ChatCompletionChunk}, {const: "[DONE]"}]`). The element is the
    /// data (a union of the other variants when there are several); the constant ends the stream.
    func dataElement(_ schema: Node, hint: NameHint) -> (type: TypeExpr, sentinel: String?) {
        let target = followRef(schema) ?? schema
        let variants = (target["anyOf"] ?? target["oneOf"])?.items ?? []
        let constants = variants.indices.compactMap { index in Self.constantString(followRef(variants[index]) ?? variants[index]).map { (index, $0) } }
        guard constants.count == 1, let (position, sentinel) = constants.first else { return (type(of: schema, hint: hint).type, nil) }
        let rest = variants.indices.filter { $0 != position }.map { variants[$0] }.filter { variant in
            (followRef(variant) ?? variant).string("type") != "null"
        }
        guard !rest.isEmpty else { return (.named(BuiltinType.string.rawValue, arguments: [], at: target.location), sentinel) }
        if rest.count == 1 { return (type(of: rest[0], hint: hint).type, sentinel) }
        let name = takeInlineName(hint, title: nil)
        models.append(ModelDecl(name: name, genericParameters: [], location: target.location, description: description(of: target),
                                deprecated: false, kind: .union(union(rest, schema: target, owner: name)), file: target.file))
        return (.named(name, arguments: [], at: target.location), sentinel)
    }

    /// The one string a schema allows: `const`, or an `enum` of one value, of a string type or none.
    static func constantString(_ schema: Node) -> String? {
        guard (schema.string("type") ?? "string") == "string" else { return nil }
        if let value = schema.string("const") { return value }
        let values = schema["enum"]?.items.compactMap(\.scalar) ?? []
        return values.count == 1 ? values[0] : nil
    }

    /// Whether an event's `data` schema describes JSON rather than text: it is not a plain string,
    /// and says what it holds (a `$ref` followed, an object, an array, a union).
    static func describesJSON(_ data: Node) -> Bool {
        if data["anyOf"] != nil || data["oneOf"] != nil || data["allOf"] != nil { return true }
        guard let type = data.string("type") else { return data["properties"] != nil || data["items"] != nil }
        return type != "string"
    }
}
