import SpecCore
import SpecIR

// The models file IR as template context. Every declaration object (models, fields, endpoints,
// groups) answers `doc` and `deprecated`, so a nested section never falls back to an outer
// declaration's documentation. Names come escaped for where they stand: `name` in a declaration
// (keywords in backticks), `member` after a dot, `bareName` unescaped (for text such as doc comments).

extension ModelsFileIR: TemplateObject {
    /// Keys: source, access, models.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "source": .string(source)
        case "access": .string(SwiftSpelling.modifier(access))
        case "models": .list(models.map { .object($0) })
        default: nil
        }
    }
}

extension ModelIR: TemplateObject {
    /// Keys: structure, enumeration, union, alias (the model under its kind's key, false under the others).
    public func value(forKey key: String) -> TemplateValue? {
        switch (key, self) {
        case ("structure", .structure(let value)): .object(value)
        case ("enumeration", .enumeration(let value)): .object(value)
        case ("union", .union(let value)): .object(value)
        case ("alias", .alias(let value)): .object(value)
        case ("structure", _), ("enumeration", _), ("union", _), ("alias", _): .bool(false)
        default: nil
        }
    }
}

extension DeclarationIR {
    /// The keys every declaration answers: name, doc, deprecated.
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(name)
        case "doc": .strings(doc)
        case "deprecated": .bool(deprecated)
        default: nil
        }
    }
}

extension StructIR: TemplateObject {
    /// Keys: name, doc, deprecated, conformances, conditionalHashable, genericParameters, isGeneric, fields,
    /// hasFields, decodes, encodes, immutable (`let` properties), reference (a final class), closed (no members beyond the fields: a strict decoder rejects others), knownWireLiterals (the fields' keys,
    /// which the members beyond them are not), members and hasMembers (the fields that are one member each,
    /// in order: what `encode(members:)` writes), restField (the field that holds the members beyond
    /// them, or false).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "conformances": .strings(conformances.map(\.rawValue))
        case "conditionalHashable": .bool(conditionalHashable)
        case "genericParameters": .strings(genericParameters)
        case "isGeneric": .bool(!genericParameters.isEmpty)
        case "fields": .list(fields.map { .object($0) })
        case "hasFields": .bool(!fields.isEmpty)
        case "decodes": .bool(decodes)
        case "encodes": .bool(encodes)
        case "immutable": .bool(immutable)
        case "reference": .bool(reference)
        case "closed": .bool(closed)
        case "knownWireLiterals": .strings(fields.filter { !$0.rest }.map { SwiftSpelling.string($0.wireName) })
        case "members": .list(fields.filter { !$0.rest }.map { .object($0) })
        case "hasMembers": .bool(fields.contains { !$0.rest })
        case "restField": fields.first(where: \.rest).map { .object($0) } ?? .bool(false)
        default: declaration.value(forKey: key)
        }
    }
}

extension FieldIR: TemplateObject {
    /// Keys: name, member, bareName, wireLiteral, renamed, type, decodeType, decodeMethod (`decode`, or
    /// `decodeDecimals` for a value made of decimals), decodeCall (the container's method that reads
    /// the member: `decodeMethod`, with `IfPresent` when the key may be missing, or
    /// `RequiredNullable` when it is required and may be null), optional, mayBeAbsent, default (the
    /// spec's default, or false), initDefault (the initializer's default, or false), doc, deprecated (always false), indirect,
    /// rest (the property holds the members beyond the fields).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "member": .string(Naming.escapedMember(name))
        case "bareName": .string(name)
        case "wireLiteral": .string(SwiftSpelling.string(wireName))
        case "renamed": .bool(name != wireName)
        case "type": .string(SwiftSpelling.type(type))
        case "decodeType": .string(SwiftSpelling.type(decodeType))
        case "decodeMethod": .string(decimals ? "decodeDecimals" : "decode")
        case "decodeCall": .string((decimals ? "decodeDecimals" : "decode") + (keyRequired ? "RequiredNullable" : mayBeAbsent ? "IfPresent" : ""))
        case "optional": .bool(optional)
        case "mayBeAbsent": .bool(mayBeAbsent)
        case "default": .value(decodingDefault)
        case "initDefault": .value(initializerDefault)
        case "indirect": .bool(indirect)
        case "rest": .bool(rest)
        case "doc": .strings(doc)
        case "deprecated": .bool(false)
        default: nil
        }
    }
}

extension EnumIR: TemplateObject {
    /// Keys: name, doc, deprecated, frozen, cases, constant (one value: another says a union's
    /// variant is not the one a value is), caseRows (the case names, `a, b, c`, as many to a line as fit
    /// after `    case `), memberRows (the cases as members, `.a, .b,`, as many to a line as fit in an
    /// argument list, each row but the last ending with a comma), membersOneLine (the members on one
    /// line, when they fit in the enum's table, or false).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "frozen": .bool(frozen)
        case "constant": .bool(cases.count == 1)
        case "cases": .list(cases.map { .object($0) })
        case "caseRows": .strings(Self.rows(cases.map { Naming.escaped($0.name) }, width: Self.width - "    case ".count, lastComma: false))
        case "memberRows": .strings(Self.rows(members, width: Self.width - 8, lastComma: true))
        case "membersOneLine": membersOneLine.map { .string($0) } ?? .bool(false)
        default: declaration.value(forKey: key)
        }
    }

    /// The column limit of generated code.
    private static let width = 120

    /// The members on one line, when they fit between `    private static let listed =
    /// rawValueTable([` and `])`.
    private var membersOneLine: String? {
        let line = members.joined(separator: ", ")
        return line.unicodeScalars.count <= Self.width - 50 ? line : nil
    }

    /// The cases as members: `.a`, `.public`.
    private var members: [String] { cases.map { "." + Naming.escapedMember($0.name) } }

    /// `items` joined with `, ` into lines of at most `width` columns (an item longer than that on a
    /// line of its own); with `lastComma`, every line but the last ends with `,`, for rows of one
    /// list, else each line is a list of its own.
    static func rows(_ items: [String], width: Int, lastComma: Bool) -> [String] {
        var rows: [String] = []
        var row = ""
        for item in items {
            let next = row.isEmpty ? item : row + ", " + item
            if !row.isEmpty && next.unicodeScalars.count + (lastComma ? 1 : 0) > width {
                rows.append(lastComma ? row + "," : row)
                row = item
            } else {
                row = next
            }
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }
}

extension EnumCaseIR: TemplateObject {
    /// Keys: name, member, literal (the wire value as a string literal), renamed (the name differs from the wire value).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .string(Naming.escaped(name))
        case "member": .string(Naming.escapedMember(name))
        case "literal": .string(SwiftSpelling.string(wireValue))
        case "renamed": .bool(name != wireValue)
        default: nil
        }
    }
}

extension UnionIR: TemplateObject {
    /// Keys: name, doc, deprecated, tagged, indirect, conformances, decodes, encodes, discriminator (a string
    /// literal; tagged unions only), matchesEvery (an `anyOf` struct), hasKeyed (one of its variants is a
    /// JSON object), immutable (its properties are `let`), cases, branches (the arms of a
    /// tagged union's switch on the tag),
    /// defaultCase (the case an unknown or missing tag decodes as, or false).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "tagged": .bool(discriminator != nil)
        case "matchesEvery": .bool(matchesEvery)
        case "byEventName": .bool(byEventName)
        case "hasKeyed": .bool(cases.contains(where: \.keyed))
        case "immutable": .bool(immutable)
        case "indirect": .bool(indirect)
        case "conformances": .strings(conformances.map(\.rawValue))
        case "decodes": .bool(decodes)
        case "encodes": .bool(encodes)
        case "discriminator": discriminator.map { .string(SwiftSpelling.string($0)) }
        case "cases": .list(cases.map { .object($0) })
        case "branches": .list(branches.map { branch in .object(UnionBranchContext(tags: branch.tags, cases: branch.cases.map { cases[$0] })) })
        case "defaultCase": defaultCase.map { .object(cases[$0]) } ?? false
        default: declaration.value(forKey: key)
        }
    }
}

/// One arm of a tagged union's switch, with its cases resolved.
struct UnionBranchContext: TemplateObject {
    let tags: [String]
    let cases: [UnionCaseIR]

    /// Keys: labels (the tags as string literals, comma-separated), single (one case), case (the
    /// first case), cases.
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "labels": .string(tags.map(SwiftSpelling.string).joined(separator: ", "))
        case "single": .bool(cases.count == 1)
        case "case": cases.first.map { .object($0) }
        case "cases": .list(cases.map { .object($0) })
        default: nil
        }
    }
}

extension UnionCaseIR: TemplateObject {
    /// Keys: name, member, tag (a string literal), type, indirect, writesTag (false when the value writes
    /// its own), keyed (an `anyOf` property whose values are JSON objects), textData (an event whose
    /// data is its text), constant (the one case of the payload's one-value enum, when the case has no
    /// payload; false otherwise), position (its place among the union's cases, from 0).
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "indirect": .bool(indirect)
        case "writesTag": .bool(writesTag)
        case "keyed": .bool(keyed)
        case "textData": .bool(textData)
        case "constant": .optional(constant.map(Naming.escapedMember))
        case "position": .string(String(position))
        case "name": .string(Naming.escaped(name))
        case "member": .string(Naming.escapedMember(name))
        case "tag": .string(SwiftSpelling.string(tag))
        case "type": .string(SwiftSpelling.type(type))
        default: nil
        }
    }
}

extension AliasIR: TemplateObject {
    /// Keys: name, doc, deprecated, genericParameters, isGeneric, target.
    public func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "genericParameters": .strings(genericParameters)
        case "isGeneric": .bool(!genericParameters.isEmpty)
        case "target": .string(SwiftSpelling.type(target))
        default: declaration.value(forKey: key)
        }
    }
}

extension TemplateValue {
    /// A list of strings.
    static func strings(_ values: [String]) -> TemplateValue {
        .list(values.map { .string($0) })
    }

    /// A value's Swift expression, or false for none.
    static func value(_ value: ValueIR?) -> TemplateValue {
        value.map { .string(SwiftSpelling.value($0)) } ?? .bool(false)
    }

    /// The parameters that have a description, for `- Parameter` lines.
    static func documented(_ parameters: [ParameterIR]) -> TemplateValue {
        .list(parameters.filter { !$0.doc.isEmpty }.map { .object($0) })
    }

    /// An optional string, or false for none.
    static func optional(_ text: String?) -> TemplateValue {
        text.map { .string($0) } ?? .bool(false)
    }
}
