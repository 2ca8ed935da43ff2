import SpecDiagnostics

/// The models of a spec by name, and how type expressions resolve against them.
public struct SymbolTable: Sendable {
    /// Models by spec name (the first declaration wins; duplicates are diagnosed).
    private let models: [String: ModelDecl]

    /// Builds the table from a spec's models.
    public init(_ spec: Spec) {
        var models: [String: ModelDecl] = [:]
        for model in spec.models where models[model.name] == nil { models[model.name] = model }
        self.models = models
    }

    /// The model with this spec name.
    public func model(named name: String) -> ModelDecl? { models[name] }

    /// The type with aliases followed (bounded, so alias cycles cannot hang).
    public func resolvingAliases(_ type: TypeExpr) -> TypeExpr {
        var current = type
        for _ in 0..<64 {
            guard case .named(let name, let arguments, _) = current,
                  let model = models[name], case .alias(let target) = model.kind,
                  arguments.count == model.genericParameters.count else { return current }
            // A generic alias stands for its target with the arguments in place: `Nullable<Post>` is `Post?`.
            current = arguments.isEmpty ? target : Self.substituting(zip(model.genericParameters, arguments), in: target)
        }
        return current
    }

    /// `type` with each generic parameter named in `substitutions` replaced by its argument.
    private static func substituting<S: Sequence>(_ substitutions: S, in type: TypeExpr) -> TypeExpr where S.Element == (String, TypeExpr) {
        let pairs = Array(substitutions)
        func substitute(_ type: TypeExpr) -> TypeExpr {
            switch type {
            case .named(let name, let arguments, let location):
                if arguments.isEmpty, let replacement = pairs.first(where: { $0.0 == name })?.1 { return replacement }
                return .named(name, arguments: arguments.map(substitute), at: location)
            case .array(let element): return .array(substitute(element))
            case .dictionary(let value): return .dictionary(substitute(value))
            case .optional(let wrapped): return .optional(substitute(wrapped))
            }
        }
        return substitute(type)
    }

    /// The string enum a type names (after aliases and an outer optional), if any.
    public func enumeration(_ type: TypeExpr) -> EnumDecl? {
        guard case .named(let name, _, _) = resolvedNonOptional(type),
              case .enumeration(let decl)? = models[name]?.kind else { return nil }
        return decl
    }

    /// Whether values of this type can be sent as query, header, path or form values.
    public func isParameterValue(_ type: TypeExpr, allowArrays: Bool) -> Bool {
        switch resolvingAliases(type) {
        case .optional(let wrapped): return isParameterValue(wrapped, allowArrays: allowArrays)
        case .array(let element): return allowArrays && isParameterValue(element, allowArrays: false)
        case .dictionary: return false
        case .named(let name, _, _):
            if let builtin = BuiltinType(rawValue: name) { return builtin.isParameterValue }
            if case .enumeration? = models[name]?.kind { return true }
            return false
        }
    }

    /// Whether a path parameter carries values of the type as the JSON they encode to: an object
    /// model or map (its members as `key,value` or `key=value`), or a union (the value it holds).
    public func isPathObject(_ type: TypeExpr) -> Bool {
        switch resolvedNonOptional(type) {
        case .dictionary(let value): return isParameterValue(value, allowArrays: true)
        case .named(let name, _, _):
            switch models[name]?.kind {
            case .object?, .union?: return true
            default: return false
            }
        case .array, .optional: return false
        }
    }

    /// Whether the type is optional, looking through aliases (`MaybeInt: "Int?"`).
    public func isOptional(_ type: TypeExpr) -> Bool {
        resolvingAliases(type).isOptional
    }

    /// The type with aliases followed and an outer optional removed, aliases followed again.
    public func resolvedNonOptional(_ type: TypeExpr) -> TypeExpr {
        resolvingAliases(resolvingAliases(type).nonOptional)
    }

    /// Whether `word` is a wire value of the type's enum (through aliases and optionals).
    public func isValue(_ word: String, of type: TypeExpr) -> Bool {
        enumeration(type)?.cases.contains { $0.wireValue == word } ?? false
    }

    /// Whether a type is `Nullable<T>` or `Nullable<T>?`, through aliases.
    public func isNullable(_ type: TypeExpr) -> Bool {
        if case .named(BuiltinType.nullable.rawValue, _, _) = resolvedNonOptional(type) { true } else { false }
    }

    /// Whether a type is `String` or `String?`, through aliases.
    public func isString(_ type: TypeExpr) -> Bool {
        if case .named("String", [], _) = resolvedNonOptional(type) { true } else { false }
    }

    /// The binary type (`File` or `Data`) of a value, optional value or array, if it is one.
    public func binaryType(_ type: TypeExpr) -> BuiltinType? {
        switch resolvedNonOptional(type) {
        case .named("File", _, _): .file
        case .named("Data", _, _): .data
        case .array(let element): binaryType(element)
        default: nil
        }
    }

    /// The positions of the variants of the untagged union `union` that lead back to it before
    /// reading anything: the variant is the union itself (through aliases and optionals), or an
    /// untagged union with such a variant. Decoding tries variants in order, so it would try the
    /// union again without end.
    public func variantsLeadingBack(to union: String) -> [Int] {
        guard case .union(let decl)? = models[union]?.kind, decl.discriminator == nil else { return [] }
        func leadsBack(_ type: TypeExpr, seen: inout Set<String>) -> Bool {
            guard case .named(let name, _, _) = resolvedNonOptional(type) else { return false }
            if name == union { return true }
            guard case .union(let inner)? = models[name]?.kind, inner.discriminator == nil, seen.insert(name).inserted else { return false }
            return inner.variants.contains { leadsBack($0.type, seen: &seen) }
        }
        return decl.variants.indices.filter { index in
            var seen: Set<String> = []
            return leadsBack(decl.variants[index].type, seen: &seen)
        }
    }

    /// Spec names of every model, in a stable order (for suggestions).
    var modelNames: [String] { models.keys.sorted() }

    /// The models `roots` name, and every model those hold (fields, variants, alias targets,
    /// generic arguments), transitively. A lookup set: never iterated into output.
    public func modelsReachable(from roots: [TypeExpr]) -> Set<String> {
        var seen: Set<String> = []
        var pending = roots
        while let type = pending.popLast() {
            switch type {
            case .array(let inner), .dictionary(let inner), .optional(let inner):
                pending.append(inner)
            case .named(let name, let arguments, _):
                pending += arguments
                guard let model = models[name], seen.insert(name).inserted else { continue }
                switch model.kind {
                case .object(let fields): pending += fields.map(\.type) + [model.additionalProperties].compactMap { $0 }
                case .union(let decl): pending += decl.variants.map(\.type)
                case .alias(let target): pending.append(target)
                case .enumeration: break
                }
            }
        }
        return seen
    }
}
