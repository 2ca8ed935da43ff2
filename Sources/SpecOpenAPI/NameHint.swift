import SpecCore

/// The name a model made where a schema is written suggests: the names of the models it is part
/// of and the words of its place (`Pet` + `Tags`). An inline model's name is settled once every
/// model is made (`settleInlineNames`), from the settled names of the models in its hint, so that
/// it never depends on the order the document is read in.
struct NameHint {
    /// One part of a hint.
    enum Part {
        /// The model of this (provisional) name, as it is finally named.
        case model(String)
        /// Words of the place, spelled as a type name (`Item`, `GetPetsResponse`).
        case words(String)
        /// A property's or parameter's name, spelled as a type name (`Tags`).
        case property(String)
        /// A union variant's case name, spelled as a type name (`Object`): a weaker name for a
        /// type than a property's, used only when it has no other.
        case variant(String)
    }

    /// The parts in order.
    private(set) var parts: [Part]

    /// The word that says what the type is at this place (`Parameter` for a shared parameter),
    /// added when the place's name is taken; a property's place says `Value`.
    var qualifier: String? {
        get { declaredQualifier ?? (lastProperty != nil ? "Value" : nil) }
        set { declaredQualifier = newValue }
    }
    private var declaredQualifier: String?

    /// A hint of words only (an operation's `GetPetsResponse`).
    init(_ words: String) {
        parts = words.isEmpty ? [] : [.words(words)]
    }

    /// A hint that is a model's name.
    init(model name: String) {
        parts = [.model(name)]
    }

    /// The hint followed by more words: `Pet` + `Tags`.
    static func + (hint: NameHint, words: String) -> NameHint {
        var hint = hint
        if !words.isEmpty { hint.parts.append(.words(words)) }
        hint.declaredQualifier = nil
        return hint
    }

    /// The hint of a component's key (`#/components/parameters/package-visibility`), qualified by
    /// what the component is (`PackageVisibilityParameter` when `PackageVisibility` is taken).
    init(component key: String, qualifier: String) {
        self = NameHint("").adding(property: key)
        declaredQualifier = qualifier
    }

    /// The hint followed by a property's (or parameter's) name: `Pet` + `tags` -> `PetTags`.
    func adding(property name: String) -> NameHint {
        var hint = self
        let words = SwiftNames.model(name)
        if !words.isEmpty { hint.parts.append(.property(words)) }
        hint.declaredQualifier = nil
        return hint
    }

    /// The hint followed by a union variant's case name: `Shape` + `circle` -> `ShapeCircle`.
    func adding(variant caseName: String) -> NameHint {
        var hint = self
        let words = SwiftNames.model(caseName)
        if !words.isEmpty { hint.parts.append(.variant(words)) }
        hint.declaredQualifier = nil
        return hint
    }

    /// Whether the hint names a union's variant (its name is used only when a type has no other).
    var isVariant: Bool {
        parts.contains { if case .variant = $0 { true } else { false } }
    }

    /// The property the hint ends with, if it does.
    var lastProperty: String? {
        if case .property(let words)? = parts.last { words } else { nil }
    }

    /// The hint with each model part spelled by `name` (its settled name).
    func spelled(_ name: (String) -> String) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .model(let model): text += name(model)
            case .words(let words), .property(let words), .variant(let words): text += words
            }
        }
        return text
    }

    /// The hint spelled as `spelled(_:)` does, but a part that repeats the words the name ends
    /// with is left out (`CreateNoteNote` + `Kind` -> `CreateNoteKind` for a property `note` of
    /// `CreateNote`), and a part that begins with them says them once (`AutoMerge` +
    /// `MergeMethod` -> `AutoMergeMethod`); nil when no part repeats.
    func collapsed(_ name: (String) -> String) -> String? {
        var text = ""
        var collapsed = false
        for (index, part) in parts.enumerated() {
            let words: String
            switch part {
            case .model(let model): words = name(model)
            case .words(let spelled), .property(let spelled), .variant(let spelled): words = spelled
            }
            if index > 0, words.first?.isUppercase == true {
                if words.count <= text.count, text.hasSuffix(words) {
                    collapsed = true
                    continue
                }
                if let rest = Self.remainder(of: words, after: text) {
                    collapsed = true
                    text += rest
                    continue
                }
            }
            text += words
        }
        return collapsed ? text : nil
    }

    /// `words` without the words it begins with that `text` ends with (`MergeMethod` after
    /// `AutoMerge`: `Method`), the most of them, short of all; nil when there are none.
    private static func remainder(of words: String, after text: String) -> String? {
        let head = capitalized(words), tail = capitalized(text)
        guard head.count > 1 else { return nil }
        for count in stride(from: min(tail.count, head.count - 1), through: 1, by: -1)
        where Array(tail.suffix(count)) == Array(head.prefix(count)) {
            return head.dropFirst(count).joined()
        }
        return nil
    }

    /// An UpperCamelCase name's words, each from a capital (`HTTPStatus`: `H`, `T`, `T`, `P`,
    /// `Status`; a run of capitals never matches a word of another name by accident).
    private static func capitalized(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append(String(character)) } else { words[words.count - 1].append(character) }
        }
        return words
    }

    /// The hint with each model's name as it is now.
    var text: String { spelled { $0 } }

    /// The models the hint names.
    var models: [String] {
        parts.compactMap { if case .model(let name) = $0 { name } else { nil } }
    }
}
