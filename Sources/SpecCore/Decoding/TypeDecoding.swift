import SpecDiagnostics
import SpecYAML

extension NodeReader {
    /// A type written as a node: a scalar (`Int`, `"[String]?"`), or a YAML flow collection read as the
    /// type it looks like: `[String]` (a sequence of one type) and `[String: Int]` (a sequence of one pair).
    func type(_ node: YAMLNode, _ what: String) -> TypeExpr? {
        switch node.value {
        case .scalar(let text, _):
            if let simple = TypeExprParser.simple(text, at: textLocation(node)) { return simple }
            var parser = TypeExprParser(text, at: textLocation(node))
            do { return try parser.parseTypeOnly() } catch { report(error, in: what); return nil }
        case .sequence(let items):
            guard items.count == 1, let item = items.first else {
                diagnostics.error("\(what): an array type holds exactly one element type, like [String]", at: node.location)
                return nil
            }
            if let pairs = item.mapping {
                guard pairs.count == 1, let pair = pairs.first else {
                    diagnostics.error("\(what): a dictionary type holds one key and one value type, like [String: Int]", at: item.location)
                    return nil
                }
                guard pair.key.scalar == "String" else {
                    diagnostics.error("\(what): dictionary keys must be String", at: pair.key.location)
                    return nil
                }
                return type(pair.value, what).map(TypeExpr.dictionary)
            }
            return type(item, what).map(TypeExpr.array)
        case .mapping:
            diagnostics.error("\(what) must be a type, found a mapping", at: node.location)
            return nil
        }
    }

    /// A type with an optional `= default` (scalar form) or a plain type (flow collection form).
    func typeAndDefault(_ node: YAMLNode, _ what: String) -> (TypeExpr, LocatedDefault?)? {
        guard case .scalar(let text, _) = node.value else { return type(node, what).map { ($0, nil) } }
        if let simple = TypeExprParser.simple(text, at: textLocation(node)) { return (simple, nil) }
        var parser = TypeExprParser(text, at: textLocation(node))
        do { return try parser.parseTypeAndDefault() } catch { report(error, in: what); return nil }
    }

    /// A default written under `default:`: a plain scalar is parsed, a quoted one is a string, `[]`/`{}` are empty.
    func defaultValue(_ node: YAMLNode, _ what: String) -> LocatedDefault? {
        switch node.value {
        case .scalar(let text, .plain):
            do {
                return LocatedDefault(value: try TypeExprParser.parseDefault(text, at: node.location), location: node.location)
            } catch {
                report(error, in: what)
                return nil
            }
        case .scalar(let text, _):
            return LocatedDefault(value: .string(text), location: node.location)
        case .sequence(let items) where items.isEmpty:
            return LocatedDefault(value: .emptyArray, location: node.location)
        case .mapping(let pairs) where pairs.isEmpty:
            return LocatedDefault(value: .emptyObject, location: node.location)
        default:
            diagnostics.error("\(what): a default is a number, true/false, a quoted string, an enum value, [] or {}", at: node.location)
            return nil
        }
    }

    private func report(_ failure: TypeExprParser.Failure, in what: String) {
        diagnostics.error("\(failure.message) in \(what)", at: failure.location)
    }
}
