import SpecDiagnostics
import SpecYAML

extension NodeReader {
    /// The keys of a field's long form.
    static let fieldKeys = ["type", "description", "default", "serverDefault", "requiredKey", "swiftName", "deprecated", "contentType", "headers"]

    /// Whether `pairs` read as a field in long form: a `type` and only the keys a field has. An
    /// `events:` mapping with an event named `type` among others is a union of events.
    static func isLongFormField(_ pairs: [YAMLPair]) -> Bool {
        pairs.contains { $0.key.scalar == "type" } && pairs.allSatisfy { fieldKeys.contains($0.key.scalar ?? "") }
    }

    /// Every pair of a mapping as a field (model fields, inline bodies) or a parameter, as `kind` says.
    func fields(_ pairs: [YAMLPair], kind: String = "field", in what: String) -> [FieldDecl] {
        pairs.compactMap { pair in
            guard let name = key(pair, in: what) else { return nil }
            return field(named: name, pair.value, at: pair.key.location, in: "\(kind) '\(name)' of \(what)")
        }
    }

    /// A `contentType` value and where it is written, when it is a media type; else an error.
    func mediaType(_ pair: YAMLPair?) -> (String, SourceLocation)? {
        guard let node = pair?.value, let text = string(node, "contentType") else { return nil }
        guard BodyAlternative.isMediaType(text) else {
            diagnostics.error("contentType '\(text)' is not a media type such as image/png, text/csv or application/merge-patch+json", at: node.location)
            return nil
        }
        return (text, node.location)
    }

    /// One field: short form (`Int = 0`, `[String]`) or long form (`{ type: ..., description: ... }`).
    func field(named name: String, _ node: YAMLNode, at location: SourceLocation, in what: String) -> FieldDecl? {
        guard let pairs = node.mapping else {
            guard let (type, defaultValue) = typeAndDefault(node, what) else { return nil }
            return FieldDecl(wireName: name, location: location, type: type, defaultValue: defaultValue,
                             description: nil, swiftName: nil, deprecated: false)
        }
        guard pairs.contains(where: { $0.key.scalar == "type" }) else {
            if pairs.count == 1, pairs.first?.key.scalar == "String" {
                diagnostics.error("\(what): a dictionary type is written [String: Value], not {String: Value}", at: node.location)
            } else {
                diagnostics.error(
                    "\(what) is a mapping without 'type'; an object cannot be written inside a field: define a model and use its name, or use the long form { type: ..., description: ... }",
                    at: node.location)
            }
            return nil
        }
        let keys = knownKeys(pairs, allowed: Self.fieldKeys, in: what)
        guard let typeNode = keys["type"]?.value else { return nil }
        guard let (type, inlineDefault) = typeAndDefault(typeNode, what) else { return nil }
        var defaultValue = inlineDefault
        if let node = keys["default"]?.value {
            if inlineDefault != nil {
                diagnostics.error("\(what) has a default both after '=' and under 'default'", at: node.location)
            }
            defaultValue = self.defaultValue(node, what)
        }
        var swiftName: String?
        if let node = keys["swiftName"]?.value, let text = string(node, "swiftName") {
            if Naming.isIdentifier(text) {
                swiftName = text
            } else {
                diagnostics.error("swiftName '\(text)' is not a Swift identifier", at: node.location)
            }
        }
        var field = FieldDecl(
            wireName: name, location: location, type: type, defaultValue: defaultValue,
            description: keys["description"].flatMap { string($0.value, "description") },
            swiftName: swiftName,
            deprecated: keys["deprecated"].flatMap { bool($0.value, "deprecated") } ?? false)
        if let node = keys["serverDefault"]?.value { field.serverDefault = self.defaultValue(node, what) }
        if let pair = keys["requiredKey"] {
            field.keyRequired = bool(pair.value, "requiredKey") ?? false
            field.keyRequiredLocation = pair.value.location
        }
        if let (contentType, location) = mediaType(keys["contentType"]) {
            field.contentType = contentType
            field.contentTypeLocation = location
        }
        if let node = keys["headers"]?.value, let pairs = mapping(node, "'headers' of \(what)") {
            field.partHeaders = fields(pairs, kind: "part header", in: what)
            field.partHeaders.forEach { checkHeaderName($0.wireName, at: $0.location) }
            field.partHeadersLocation = node.location
        }
        return field
    }
}
