import Foundation

/// How a parameter or form field that is more than one plain value goes on the wire: OpenAPI's
/// `style` and `explode`.
public enum ParameterStyle: Sendable, Hashable {
    /// `form` with `explode`: an array repeats its name (`id=1&id=2`), an object's members are
    /// pairs of their own (`role=admin&first=Ada`).
    case form
    /// `form` without `explode`: one pair, values joined by commas (`id=1,2`, `point=x,1,y,2`).
    case commaDelimited
    /// An array joined by spaces (`id=1%202`).
    case spaceDelimited
    /// An array joined by pipes (`id=1|2`).
    case pipeDelimited
    /// An array joined by tabs (`id=1%092`): Swagger 2.0's `collectionFormat: tsv`.
    case tabDelimited
    /// The bracket convention Stripe, Rails, Rack and PHP read, at any depth:
    /// `metadata[order_id]=6735`, `expand[]=customer`, `items[0][price]=price_1`.
    case deepObject
    /// The value as one compact JSON text with sorted keys (OpenAPI's `content: application/json`
    /// on a parameter): `X-Extra-Arguments: {"code":1}`, `filter={"name":"x"}`.
    case json
}

/// A value sent in a ``ParameterStyle``: generated code wraps a query parameter or form field whose
/// value is an object, a map, a union or a styled array, as `StyledValue(created, style: .deepObject)`.
///
/// In a header or path (OpenAPI's `simple` style) the value is its texts joined by commas, an
/// object's members as `key,value` pairs.
public struct StyledValue: ParameterValue {
    /// The value.
    public let value: any Encodable & Sendable
    /// How it is written.
    public let style: ParameterStyle

    /// `value` in `style`; nil when `value` is nil, so an optional argument leaves the field out.
    public init?(_ value: (any Encodable & Sendable)?, style: ParameterStyle) {
        guard let value else { return nil }
        self.value = value
        self.style = style
    }

    /// The simple style: texts and members joined by commas, as one value (in the form style an
    /// object's members as `key=value`, OpenAPI's `explode`); JSON text in the json style.
    public func parameterValues(dates: DateCoding) -> [String] {
        if style == .json { return json(dates: dates).map { [$0] } ?? [] }
        guard let tree = try? ValueTree.of(value, dates: dates) else { return [] }
        if style == .form, case .object(let members) = tree {
            // `simple` with `explode`: each member as `key=value` (`R=100,G=200`).
            let pairs = members.filter { !$0.value.isNull }.map { $0.key + "=" + Self.flattened($0.value).joined(separator: ",") }
            return pairs.isEmpty ? [] : [pairs.joined(separator: ",")]
        }
        // A header's array in a delimited style (Swagger 2.0's `ssv`, `tsv`, `pipes`) is joined by its delimiter.
        let texts = Self.flattened(tree)
        return texts.isEmpty ? [] : [texts.joined(separator: Self.separator(of: style))]
    }

    /// The pairs of the value under `name`, in its style.
    public func parameterPairs(named name: String, dates: DateCoding) -> [(name: String, value: String)] {
        if style == .json { return json(dates: dates).map { [(name: name, value: $0)] } ?? [] }
        guard let tree = try? ValueTree.of(value, dates: dates) else { return [] }
        return Self.pairs(tree, named: name, style: style)
    }

    /// The value as compact JSON with sorted keys and the API's date coding; nil when it cannot be encoded.
    private func json(dates: DateCoding) -> String? {
        let encoder = dates.makeJSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(EncodableBox(value)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The pairs of `tree` under `name` in `style`.
    static func pairs(_ tree: ValueTree, named name: String, style: ParameterStyle) -> [(name: String, value: String)] {
        switch (style, tree) {
        case (_, .null): return []
        case (.deepObject, _): return bracketed(tree, prefix: name)
        case (_, .text(let text)): return [(name: name, value: text)]
        case (.form, .list(let elements)):
            // Repeated names carry text elements; elements that are objects or lists need brackets.
            guard elements.allSatisfy(\.isText) else { return bracketed(tree, prefix: name) }
            return elements.flatMap { pairs($0, named: name, style: .form) }
        case (.form, .object(let members)):
            // Members are pairs of their own; a member that is an object needs brackets.
            return members.flatMap { member in
                if case .object = member.value { return bracketed(member.value, prefix: member.key) }
                return pairs(member.value, named: member.key, style: .form)
            }
        case (.json, _):
            return [] // written whole by parameterPairs
        case (.commaDelimited, _), (.spaceDelimited, _), (.pipeDelimited, _), (.tabDelimited, _):
            let texts = flattened(tree)
            return texts.isEmpty ? [] : [(name: name, value: texts.joined(separator: separator(of: style)))]
        }
    }

    /// The text between the values of a delimited style (a comma for the others).
    static func separator(of style: ParameterStyle) -> String {
        switch style {
        case .spaceDelimited: " "
        case .pipeDelimited: "|"
        case .tabDelimited: "\t"
        default: ","
        }
    }

    /// `prefix[key]=...` for members, `prefix[]=...` for text elements, `prefix[i]...` for
    /// elements that are objects or lists; nil members and elements are left out.
    static func bracketed(_ tree: ValueTree, prefix: String) -> [(name: String, value: String)] {
        switch tree {
        case .null: return []
        case .text(let text): return [(name: prefix, value: text)]
        case .object(let members):
            return members.flatMap { bracketed($0.value, prefix: prefix + "[" + $0.key + "]") }
        case .list(let elements):
            var result: [(name: String, value: String)] = []
            var index = 0
            for element in elements {
                switch element {
                case .null: continue
                case .text(let text): result.append((name: prefix + "[]", value: text))
                case .list, .object: result += bracketed(element, prefix: prefix + "[\(index)]")
                }
                index += 1
            }
            return result
        }
    }

    /// Every text of the tree in order, an object's keys before their values.
    static func flattened(_ tree: ValueTree) -> [String] {
        switch tree {
        case .null: []
        case .text(let text): [text]
        case .list(let elements): elements.flatMap(flattened)
        case .object(let members): members.flatMap { member in member.value.isNull ? [] : [member.key] + flattened(member.value) }
        }
    }
}

/// An existential `Encodable` as a concrete one, for `JSONEncoder.encode`.
private struct EncodableBox: Encodable {
    let value: any Encodable

    init(_ value: any Encodable) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
