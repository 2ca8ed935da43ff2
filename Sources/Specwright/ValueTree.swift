import Foundation

/// A value as text leaves: what an `Encodable` parameter or form field holds, before a style
/// (deepObject, form, delimited) writes it as name/value pairs.
enum ValueTree {
    /// One text value (a string, number, Boolean, date, UUID, enum case...).
    case text(String)
    /// Elements in order.
    case list([ValueTree])
    /// Members in the order the value encoded them.
    case object([(key: String, value: ValueTree)])
    /// `nil`: the value, member or element is left out.
    case null

    /// The tree of `value`, with dates written by `dates`.
    ///
    /// Throws `EncodingError.invalidValue` for values nested more than 32 deep (a type that encodes
    /// itself as itself).
    static func of(_ value: any Encodable, dates: DateCoding) throws -> ValueTree {
        try TreeBuilder(dates: dates).box(of: value, codingPath: []).tree
    }

    /// Whether this is nil.
    var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// Whether this is a text value (or nil): what one name/value pair carries.
    var isText: Bool {
        switch self {
        case .text, .null: true
        case .list, .object: false
        }
    }
}

/// Encodes values into ``TreeBox``es; a depth count stops a type that encodes itself as itself.
private final class TreeBuilder {
    let dates: DateCoding
    var depth = 0

    init(dates: DateCoding) {
        self.dates = dates
    }

    func box(of value: some Encodable, codingPath: [any CodingKey]) throws -> TreeBox {
        // A text value: every scalar a parameter can be, enums and dates among them. Arrays and
        // dictionaries are containers, walked below.
        if let parameter = value as? any ParameterValue, !(parameter is any Collection) || parameter is String || parameter is Substring {
            let texts = parameter.parameterValues(dates: dates)
            return TreeBox(texts.count == 1 ? .text(texts[0]) : .list(texts.map(ValueTree.text)))
        }
        guard depth < 32 else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "A parameter value is nested too deeply."))
        }
        depth += 1
        defer { depth -= 1 }
        let box = TreeBox(.null)
        try value.encode(to: TreeEncoder(builder: self, box: box, codingPath: codingPath))
        // A dictionary encodes its entries in hash order, which differs from one process to the
        // next: its members are sorted by key, so the same value always makes the same request.
        if value is [String: Any], case .keyed(let members) = box.content {
            box.content = .keyed(members.sorted { $0.key < $1.key })
        }
        return box
    }
}

/// One node while it is encoded: a value, or a container whose children are boxes still being written.
private final class TreeBox {
    enum Content {
        case value(ValueTree)
        case keyed([(key: String, box: TreeBox)])
        case unkeyed([TreeBox])
    }

    var content: Content

    init(_ value: ValueTree) {
        content = .value(value)
    }

    /// The finished node.
    var tree: ValueTree {
        switch content {
        case .value(let value): value
        case .keyed(let members): .object(members.map { (key: $0.key, value: $0.box.tree) })
        case .unkeyed(let elements): .list(elements.map(\.tree))
        }
    }

    /// Makes this box a keyed container (keeping members already written).
    func becomeKeyed() {
        if case .keyed = content { return }
        content = .keyed([])
    }

    /// Makes this box an unkeyed container (keeping elements already written).
    func becomeUnkeyed() {
        if case .unkeyed = content { return }
        content = .unkeyed([])
    }

    func append(_ child: TreeBox, forKey key: String) {
        guard case .keyed(var members) = content else { return }
        content = .value(.null) // drop the reference before appending, so the array is not copied
        members.append((key: key, box: child))
        content = .keyed(members)
    }

    func append(_ child: TreeBox) {
        guard case .unkeyed(var elements) = content else { return }
        content = .value(.null)
        elements.append(child)
        content = .unkeyed(elements)
    }
}

private struct TreeEncoder: Encoder {
    let builder: TreeBuilder
    let box: TreeBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.becomeKeyed()
        return KeyedEncodingContainer(TreeKeyedContainer<Key>(builder: builder, box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.becomeUnkeyed()
        return TreeUnkeyedContainer(builder: builder, box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueContainer(builder: builder, box: box, codingPath: codingPath)
    }
}

private struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let builder: TreeBuilder
    let box: TreeBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.append(try builder.box(of: value, codingPath: codingPath + [key]), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = TreeBox(.null)
        child.becomeKeyed()
        box.append(child, forKey: key.stringValue)
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(builder: builder, box: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = TreeBox(.null)
        child.becomeUnkeyed()
        box.append(child, forKey: key.stringValue)
        return TreeUnkeyedContainer(builder: builder, box: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(forKey: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(forKey: key.stringValue)
    }

    private func superEncoder(forKey key: String) -> any Encoder {
        let child = TreeBox(.null)
        box.append(child, forKey: key)
        return TreeEncoder(builder: builder, box: child, codingPath: codingPath + [AnyCodingKey(key)])
    }
}

private struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let builder: TreeBuilder
    let box: TreeBox
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(builder: TreeBuilder, box: TreeBox, codingPath: [any CodingKey]) {
        self.builder = builder
        self.box = box
        self.codingPath = codingPath
    }

    private var elementPath: [any CodingKey] {
        codingPath + [AnyCodingKey(intValue: count) ?? AnyCodingKey(String(count))]
    }

    mutating func encodeNil() throws {
        box.append(TreeBox(.null))
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        box.append(try builder.box(of: value, codingPath: elementPath))
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = TreeBox(.null)
        child.becomeKeyed()
        box.append(child)
        let path = elementPath
        count += 1
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(builder: builder, box: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = TreeBox(.null)
        child.becomeUnkeyed()
        box.append(child)
        let path = elementPath
        count += 1
        return TreeUnkeyedContainer(builder: builder, box: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let child = TreeBox(.null)
        box.append(child)
        let path = elementPath
        count += 1
        return TreeEncoder(builder: builder, box: child, codingPath: path)
    }
}

private struct TreeSingleValueContainer: SingleValueEncodingContainer {
    let builder: TreeBuilder
    let box: TreeBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        box.content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // A union or wrapper that encodes its variant as a single value: the variant's own tree.
        box.content = try builder.box(of: value, codingPath: codingPath).content
    }
}
