import SpecCore

/// Fields, parameters and their defaults: the short form `name: Type = default` wherever it can say
/// everything, the long form `{ type:, description:, default:, swiftName:, deprecated: }` otherwise.
enum FieldWriting {
    /// The fields of a model, an inline body or a parameter list, as mapping entries in order.
    static func entries(_ fields: [FieldDecl]) -> [YAMLEntry] {
        fields.map { YAMLEntry($0.wireName, value($0)) }
    }

    /// A field's value: its type (and default) as one scalar, or the long form.
    static func value(_ field: FieldDecl) -> YAMLBlock {
        let defaultValue = field.defaultValue.map { writable($0.value) }
        let inline = defaultValue.flatMap(inlineSpelling)
        var type = field.type.description
        if field.description == nil, field.swiftName == nil, !field.deprecated, field.contentType == nil, field.partHeaders.isEmpty,
           field.serverDefault == nil, !field.keyRequired, defaultValue == nil || inline != nil {
            return .scalar(inline.map { "\(type) = \($0)" } ?? type)
        }
        var defaultBlock: YAMLBlock?
        if let defaultValue {
            if let keyed = keyedSpelling(defaultValue) {
                defaultBlock = keyed
            } else if let inline {
                type += " = \(inline)"
            } else {
                defaultBlock = .inline("") // an empty enum word: `default:` with nothing after it
            }
        }
        var entries = [YAMLEntry("type", .scalar(type))]
        if let description = field.description { entries.append(YAMLEntry("description", .text(description))) }
        if let defaultBlock { entries.append(YAMLEntry("default", defaultBlock)) }
        if let serverDefault = field.serverDefault?.value { entries.append(YAMLEntry("serverDefault", keyedOnly(serverDefault))) }
        if field.keyRequired { entries.append(YAMLEntry("requiredKey", .inline("true"))) }
        if let swiftName = field.swiftName { entries.append(YAMLEntry("swiftName", .scalar(swiftName))) }
        if field.deprecated { entries.append(YAMLEntry("deprecated", .inline("true"))) }
        if let contentType = field.contentType { entries.append(YAMLEntry("contentType", .scalar(contentType))) }
        if !field.partHeaders.isEmpty { entries.append(YAMLEntry("headers", .mapping(self.entries(field.partHeaders)))) }
        return .compactMapping(entries)
    }

    /// The default, or an enum value no word form can hold (quotes, line breaks, edge spaces) as a
    /// string, which an enum-typed field reads as the same value.
    private static func writable(_ value: DefaultValue) -> DefaultValue {
        if case .word(let word) = value, !word.isEmpty, inlineSpelling(value) == nil, keyedSpelling(value) == nil { return .string(word) }
        return value
    }

    /// The default as the value of a key where the inline form is not available: an enum value
    /// that is no plain word as a string (an enum-typed field reads it as the same value), an
    /// empty one as nothing after the key.
    private static func keyedOnly(_ value: DefaultValue) -> YAMLBlock {
        if let keyed = keyedSpelling(value) { return keyed }
        if case .word(let word) = value, !word.isEmpty { return .inline(YAMLScalar.quoted(word)) }
        return .inline("")
    }

    /// The default as written after `=` in a type expression, or nil when that cannot say it
    /// (an empty enum value). A string is single-quoted (`'it''s'`): only `'` needs doubling.
    static func inlineSpelling(_ value: DefaultValue) -> String? {
        switch value {
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .string(let text): singleQuoted(text)
        case .word(let text): readsAsWordAfterEquals(text) ? text : nil
        case .emptyArray: "[]"
        case .emptyObject: "{}"
        }
    }

    /// `'text'` with each `'` doubled (scalar by scalar: a quote followed by a combining mark is still a quote).
    static func singleQuoted(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.append("'")
        for scalar in text.unicodeScalars {
            result.append(scalar)
            if scalar == "'" { result.append("'") }
        }
        result.append("'")
        return String(result)
    }

    /// The default as the value of a `default:` key, or nil when only the inline form can say it
    /// (a word that is not plain-safe YAML).
    static func keyedSpelling(_ value: DefaultValue) -> YAMLBlock? {
        switch value {
        case .number(let text): return isDefaultNumber(text) ? .inline(text) : nil
        case .bool(let flag): return .inline(flag ? "true" : "false")
        case .string(let text): return .inline(YAMLScalar.quoted(text))
        case .word(let text):
            // A plain word is read back as a word; a quoted one would be a string.
            return YAMLScalar.isPlainWord(text) ? .inline(text) : nil
        case .emptyArray: return .inline("[]")
        case .emptyObject: return .inline("{}")
        }
    }

    /// Whether `Type = text` reads `text` back as the same enum word: the default parser skips
    /// spaces and tabs after `=`, trims them at the end, and reads quotes, numbers, `true`, `false`,
    /// `[]` and `{}` as other kinds of values.
    static func readsAsWordAfterEquals(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first != " ", first != "\t", first != "\"", first != "'", last != " ", last != "\t" else { return false }
        return !["true", "false", "[]", "{}"].contains(text) && !isDefaultNumber(text)
    }

    /// The number rule of defaults: an optional `-`, digits with at most one `.`, not first or last.
    static func isDefaultNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" { scalars = scalars.dropFirst() }
        var digits = 0, dots = 0
        for scalar in scalars {
            if scalar >= "0" && scalar <= "9" { digits += 1 } else if scalar == "." { dots += 1 } else { return false }
        }
        return digits > 0 && dots <= 1 && scalars.first != "." && scalars.last != "."
    }
}
