import SpecCore
import SpecDiagnostics

extension OpenAPIContext {
    /// The type of a schema where it is used, and whether it may be null. An inline object, enum or
    /// union becomes a model named after `hint` (`Pet` + `tags` -> `PetTags`), which is made only then.
    func type(of schema: Node, hint: @autoclosure () -> NameHint) -> (type: TypeExpr, nullable: Bool) {
        if let target = dynamicTarget(of: schema) { return (.named(target.name, arguments: [], at: schema.location), false) }
        let (schema, nullable, shape) = self.shape(of: schema)
        let location = schema.location
        switch shape {
        case .reference(let ref):
            guard let type = referencedType(ref, at: schema.keyLocation("$ref") ?? location, in: schema.file, hint: hint()) else {
                return (Self.json(at: location), nullable)
            }
            return (type.type, nullable || type.nullable)
        case .object, .enumeration, .union:
            // One model per schema: a schema reached again (a shared parameter's or response's
            // schema, used by many operations) is the model made the first time.
            var key = "\(schema.file)\u{0}\(location.line)\u{0}\(location.column)"
            // Azure's `x-ms-enum: {name: X}`: one enum named X wherever the same values are written.
            let enumName = schema["x-ms-enum"]?.string("name").flatMap { name -> String? in
                guard case .enumeration(let values) = shape, !name.isEmpty else { return nil }
                key = "x-ms-enum\u{0}\(name)\u{0}" + values.joined(separator: "\u{0}")
                return name
            }
            let name = inlineModel(schema, key: key, title: enumName ?? schema.string("title"), hint: hint())
            return (.named(name, arguments: [], at: location), nullable)
        case .clearable(let values) where values.count == 1:
            let wrapped = type(of: values[0], hint: hint())
            return (.named(BuiltinType.clearable.rawValue, arguments: [wrapped.type.nonOptional], at: location), nullable || wrapped.nullable)
        case .clearable:
            // `Clearable` of the union of the values.
            let key = "\(schema.file)\u{0}\(location.line)\u{0}\(location.column)"
            let name = inlineModel(schema, key: key, title: schema.string("title"), hint: hint())
            return (.named(BuiltinType.clearable.rawValue, arguments: [.named(name, arguments: [], at: location)], at: location), nullable)
        case .dictionary(let values):
            guard let values else { return (.dictionary(Self.json(at: location)), nullable) }
            let value = type(of: values, hint: hint() + "Value")
            return (.dictionary(value.nullable ? .optional(value.type) : value.type), nullable)
        case .array(let items):
            guard let items else { return (.array(Self.json(at: location)), nullable) }
            let element = type(of: items, hint: hint() + "Item")
            return (.array(element.nullable ? .optional(element.type) : element.type), nullable)
        case .builtin(let builtin):
            return (.named(builtin.rawValue, arguments: [], at: location), nullable)
        case .any:
            warnAboutUnsupportedKeys(schema)
            return (Self.json(at: location), nullable)
        }
    }

    /// The inline model of `schema`: the one made for it before (a schema reached again, a shared
    /// parameter's, now used at `hint` too), else one made now, or the earlier model of its shape.
    private func inlineModel(_ schema: Node, key: String, title: String?, hint: NameHint) -> String {
        if let name = inlineModels[key] {
            noteUse(of: name, at: hint)
            return name
        }
        let made = takeInlineName(hint, title: title)
        addModel(made, schema: schema, at: schema.location)
        let name = sharingShape(of: made)
        inlineModels[key] = name
        return name
    }

    /// The type a `$ref` names: its model for a named schema, else the target lowered in place.
    private func referencedType(_ ref: String, at location: SourceLocation, in file: String, hint: @autoclosure () -> NameHint) -> (type: TypeExpr, nullable: Bool)? {
        guard let target = resolve(ref, at: location, in: file) else { return nil }
        if target.isNamedSchema {
            // A nullable object, enum or union is a model that is null where it is used (a nullable alias is optional itself).
            let (_, nullable, shape) = self.shape(of: target.node)
            let isAlias: Bool
            switch shape {
            case .object, .enumeration, .union: isAlias = false
            default: isAlias = true
            }
            return (.named(modelName(for: target), arguments: [], at: location), nullable && !isAlias)
        }
        guard !followingRefs.contains(target.key), followingRefs.count < 64 else {
            diagnostics.error("reference '\(ref)' leads back to itself", at: location)
            return nil
        }
        followingRefs.append(target.key)
        defer { followingRefs.removeLast() }
        return type(of: target.node, hint: hint())
    }

    /// The model name of a named schema, queued to be made when first met.
    func modelName(for target: Target) -> String {
        if let name = namedSchemas[target.key] { return name }
        let name = takeName(target.nameHint)
        namedSchemas[target.key] = name
        namedSchemaNames.insert(name)
        pendingSchemas.append((name, target.node))
        return name
    }

    /// Makes the model `name` of a named schema: a struct, enum or union, or an alias of another type.
    func addModel(_ name: String, schema: Node, at location: SourceLocation) {
        let (effective, nullable, shape) = self.shape(of: schema)
        var model = ModelDecl(name: name, genericParameters: [], location: location, description: description(of: schema),
                              deprecated: schema.flag("deprecated") || effective.flag("deprecated"), kind: .alias(Self.json(at: location)),
                              file: schema.file)
        let index = models.count
        models.append(model) // declared before its fields, so models keep the order in which they are first met
        let anchored = schema.flag("$recursiveAnchor") || schema.string("$dynamicAnchor") != nil
        if anchored { dynamicScope.append((name, schema)) }
        defer { if anchored { dynamicScope.removeLast() } }
        switch shape {
        case .object:
            model.kind = .object(fields(of: effective, owner: NameHint(model: name)))
            // Members beyond the properties, where `additionalProperties` allows them, are kept.
            model.closed = effective["additionalProperties"]?.scalar == "false"
            if let additional = effective["additionalProperties"], additional.scalar != "false" {
                if additional.isMapping && !additional.keys.isEmpty {
                    model.additionalProperties = type(of: additional, hint: NameHint(model: name) + "Value").type
                } else if additional.scalar == "true" || additional.isMapping {
                    model.additionalProperties = Self.json(at: additional.location)
                }
            }
        case .enumeration(let values):
            model.kind = .enumeration(enumeration(values, at: effective["enum"]?.location ?? location, names: declaredCaseNames(of: effective)))
        case .union(let variants):
            model.kind = .union(union(variants, schema: effective, owner: name))
        case .clearable(let values) where values.count > 1:
            model.kind = .union(union(values, schema: effective, owner: name))
        default:
            let target = type(of: effective, hint: NameHint(model: name))
            model.kind = .alias(nullable || target.nullable ? .optional(target.type) : target.type)
        }
        models[index] = model
    }

    /// The named schema a `$recursiveRef: "#"` (JSON Schema 2019-09) or a `$dynamicRef: "#anchor"`
    /// (2020-12) leads to: the outermost schema being made with `$recursiveAnchor: true`, or with
    /// that `$dynamicAnchor` (OpenAI's CompoundFilter, whose filters are filters again).
    func dynamicTarget(of schema: Node) -> (name: String, node: Node)? {
        guard schema.string("$ref") == nil else { return nil }
        if schema.string("$recursiveRef") == "#" {
            return dynamicScope.first { $0.node.flag("$recursiveAnchor") }
        }
        if let ref = schema.string("$dynamicRef"), ref.hasPrefix("#"), !ref.hasPrefix("#/") {
            let anchor = String(ref.dropFirst())
            return dynamicScope.first { $0.node.string("$dynamicAnchor") == anchor }
        }
        return nil
    }

    /// The doc text of a schema: its description, else its title.
    func description(of node: Node) -> String? {
        let text = node.string("description") ?? node.string("title")
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// `JSON` (any JSON value) at `location`.
    static func json(at location: SourceLocation) -> TypeExpr {
        .named(BuiltinType.json.rawValue, arguments: [], at: location)
    }

    /// Schema keywords this generator cannot express, reported where they are written.
    static let unsupportedKeywords = ["not", "if", "then", "else", "patternProperties", "prefixItems", "dependentSchemas", "unevaluatedProperties", "propertyNames"]

    /// The types JSON Schema has.
    static let jsonSchemaTypes = ["string", "number", "integer", "boolean", "array", "object", "null"]

    /// Warns about keywords of a schema that lowering leaves out, and a `type` that is none of
    /// JSON Schema's (a typo): the value becomes `JSON`.
    func warnAboutUnsupportedKeys(_ schema: Node) {
        let types = schema["type"].map { $0.scalar.map { [$0] } ?? $0.items.compactMap(\.scalar) } ?? []
        for type in types where !Self.jsonSchemaTypes.contains(type) {
            let names = Self.jsonSchemaTypes.joined(separator: ", ")
            unsupported("schema type", "'\(type)' is not a JSON Schema type (\(names)); the value is any JSON value\(Suggestions.didYouMean(type, in: Self.jsonSchemaTypes))", at: schema["type"]?.location ?? schema.location)
        }
        for key in Self.unsupportedKeywords {
            guard let location = schema.keyLocation(key) else { continue }
            unsupported("schema keyword '\(key)'", "schema keyword '\(key)' is not supported; the value is any JSON value", at: location)
        }
    }
}
