import SpecCore
import SpecDiagnostics
import SpecSwagger
import SpecYAML

/// The state of one lowering: the documents read, the models made so far with their names, and
/// the diagnostics.
final class OpenAPIContext {
    /// The root document (a Swagger 2.0 one as its 3.0 upgrade).
    private(set) var root: Node
    /// Whether the document is Swagger 2.0: its files are read as their 3.0 upgrades, and its
    /// pointers into `definitions` lead to the upgrade's `components/schemas`.
    private(set) var isSwagger2 = false
    let limits: YAMLLimits
    let read: (String) throws -> [UInt8]
    var diagnostics = DiagnosticBag()

    /// Parsed documents by path (the root included); nil for a file that could not be read.
    private var documents: [String: YAMLNode?] = [:]
    /// The 3.0 upgrades of a Swagger 2.0 document's files, by path (a lookup only).
    private var upgradedDocuments: [String: YAMLNode] = [:]
    /// The models in the order they were made.
    var models: [ModelDecl] = []
    /// Model names taken (a lookup only: never iterated, so the output cannot depend on its order).
    var takenNames: Set<String> = []
    /// The number to try next for each name taken more than once (a lookup only).
    var nextNumbers: [String: Int] = [:]
    /// The names generated code declares beside the models, in the order reserved.
    private(set) var reservedNames: [String] = []
    /// Where each inline model (by its provisional name) was met, and its title (a lookup only).
    var inlineOrigins: [String: InlineOrigin] = [:]
    /// The inline model of each shape, by the shape's key (a lookup only).
    var shapes: [String: String] = [:]
    /// The model each inline model dropped for another of its shape became (a lookup only).
    var sharedAs: [String: String] = [:]
    /// The model name of each schema reached by reference (`file#pointer`).
    var namedSchemas: [String: String] = [:]
    /// The names of the models of named schemas (a lookup only).
    var namedSchemaNames: Set<String> = []
    /// Where the fields and parameters the document requires are written (a lookup only).
    var requiredFields: Set<SourceLocation> = []
    /// Properties that may be null and need not be there (a lookup only): in what only requests
    /// send, they become `Nullable<T>?`, so a PATCH can send `null` to clear a field.
    var nullableOptionalFields: Set<SourceLocation> = []
    /// The model made for each inline schema, by the schema's place (a lookup only).
    var inlineModels: [String: String] = [:]
    /// Named schemas whose model is still to be made, in the order they were first referenced.
    var pendingSchemas: [(name: String, node: Node)] = []
    /// Resolved references by file and `$ref` text (a lookup only), so each is walked once.
    private var resolvedRefs: [String: Target] = [:]
    /// References already reported as unresolvable, with where they are written, so each is reported once.
    private var unresolvableRefs: Set<String> = []
    /// Every file read, the root first, in the order they were first read.
    private(set) var files: [String]
    /// Whether the bound on files read was reported (once: every further file would repeat it).
    private var reportedTooManyFiles = false
    /// The `$ref`s being followed, to stop a chain of references that loops.
    var followingRefs: [String] = []
    /// The named schemas being made that carry `$recursiveAnchor: true` or a `$dynamicAnchor`,
    /// outermost first: where a `$recursiveRef` or `$dynamicRef` inside them leads.
    var dynamicScope: [(name: String, node: Node)] = []
    /// The tag values that select the variants of tagged unions keyed by a case name, by union and
    /// case name (a lookup only): the variant's tag property becomes an enum of them.
    var selectingValues: [String: [String]] = [:]
    /// Warnings so far per kind of unsupported construct, to cap repeats.
    private var warningCounts: [String: Int] = [:]
    /// The kinds of warnings that were capped, in the order they were first capped, with their count.
    private var cappedWarnings: [(kind: String, first: SourceLocation)] = []
    /// Whether operations go into groups named after their first tag.
    var groupByTag = false
    /// Which operations to lower (by endpoint name, method and path); nil for all. With a selection,
    /// only the schemas those operations reach become models.
    var selects: (@Sendable (_ name: String, _ method: HTTPMethodName, _ path: String) -> Bool)?
    /// The spec's namespace name, which models must not take.
    var namespace = "API"

    /// The most warnings of one kind reported one by one; the rest are counted in one summary.
    static let warningsPerKind = 10

    init(root: YAMLNode, path: String, limits: YAMLLimits, read: @escaping (String) throws -> [UInt8]) {
        self.root = Node(yaml: root)
        self.limits = limits
        self.read = read
        files = [path]
        documents[path] = root
    }

    /// Reads the Swagger 2.0 root as its 3.0 upgrade (and each file it refers to, when first read).
    func upgradeSwagger2() {
        isSwagger2 = true
        let upgraded = Swagger2Upgrader.upgrade(document: root.yaml, host: swaggerHost)
        upgradedDocuments[root.file] = upgraded
        root = Node(yaml: upgraded)
    }

    /// What the Swagger 2.0 upgrade reads and reports through.
    private var swaggerHost: Swagger2Upgrader.Host {
        Swagger2Upgrader.Host(
            resolve: { [unowned self] ref, location in self.target(of: ref, at: location, in: location.file, asWritten: true)?.node.yaml },
            unsupported: { [unowned self] kind, message, location in self.unsupported(kind, message, at: location) },
            error: { [unowned self] message, location in self.diagnostics.error(message, at: location) })
    }

    /// Reports an unsupported construct. `kind` groups repeats: after `warningsPerKind` of one kind,
    /// the rest are counted and summed up in one warning at the end.
    func unsupported(_ kind: String, _ message: String, at location: SourceLocation) {
        let count = (warningCounts[kind] ?? 0) + 1
        warningCounts[kind] = count
        if count <= Self.warningsPerKind {
            diagnostics.warning(message, at: location)
        } else if count == Self.warningsPerKind + 1 {
            cappedWarnings.append((kind, location))
        }
    }

    /// One warning per capped kind: how many more there were.
    func summarizeCappedWarnings() {
        for capped in cappedWarnings {
            let more = (warningCounts[capped.kind] ?? 0) - Self.warningsPerKind
            diagnostics.warning("\(more) more like this (\(capped.kind)) are not listed; the first is here", at: capped.first)
        }
    }

    // MARK: Names

    /// Reserves names generated code declares beside the models (the service protocols, error enums).
    func reserve(_ name: String) {
        takenNames.insert(name)
        reservedNames.append(name)
    }

    /// A model name made from `preferred` that no other model, built-in or generated-code type has.
    func takeName(_ preferred: String) -> String {
        let name = numbered(normalizedModelName(preferred), next: &nextNumbers) { takenNames.contains($0) }
        takenNames.insert(name)
        return name
    }

    /// `base`, or `base2`, `base3`... when it is taken (`isTaken`), reserved, or the namespace's
    /// name. `next` remembers the number to try next for each base (a lookup only), so that many
    /// models wanting one name are numbered in one pass.
    func numbered(_ base: String, next: inout [String: Int], isTaken: (String) -> Bool) -> String {
        var name = base
        var number = next[base] ?? 2
        while isTaken(name) || Validator.isReservedTypeName(name) || name == namespace {
            name = "\(base)\(number)"
            number += 1
        }
        if name != base { next[base] = number }
        return name
    }

    /// `preferred` as a model name: UpperCamelCase, an identifier, neither a built-in type's name
    /// nor the namespace's.
    func normalizedModelName(_ preferred: String) -> String {
        var base = SwiftNames.model(preferred)
        // The spec model's name is named again when lowered: settle on a name that naming keeps.
        for _ in 0..<3 where SwiftNames.model(base) != base { base = SwiftNames.model(base) }
        if base.isEmpty { base = "Model" }
        if let first = base.unicodeScalars.first, !Naming.isIdentifier(String(first)) { base = "Model" + base }
        if base.first?.isUppercase != true { base = base.prefix(1).uppercased() + base.dropFirst() }
        if Validator.isReservedTypeName(base) || base == namespace { base += "Model" }
        return base
    }

    // MARK: References

    /// What a `$ref` points to: the node, and the model name when it is a named schema.
    struct Target {
        var node: Node
        var key: String
        /// The name the target suggests: the last part of the pointer, or the file's base name.
        var nameHint: String
        /// Whether the target is a schema under `components/schemas` or a whole file.
        var isNamedSchema: Bool
    }

    /// Resolves `ref` written in `from`'s file; reports an error and returns nil when it cannot.
    func resolve(_ ref: String, at location: SourceLocation, in file: String) -> Target? {
        let cacheKey = file + "\u{0}" + ref
        if let known = resolvedRefs[cacheKey] { return known }
        let failureKey = cacheKey + "\u{0}" + location.description
        guard !unresolvableRefs.contains(failureKey) else { return nil }
        guard let target = resolveOnce(ref, at: location, in: file) else {
            unresolvableRefs.insert(failureKey)
            return nil
        }
        resolvedRefs[cacheKey] = target
        return target
    }

    /// Resolves `ref` the first time it is met; reports an error and returns nil when it cannot.
    private func resolveOnce(_ ref: String, at location: SourceLocation, in file: String) -> Target? {
        target(of: ref, at: location, in: file, asWritten: false)
    }

    /// What `ref` written in `file` points to: in the files as written (`asWritten`, what a
    /// Swagger 2.0 upgrade reads), or as lowered (a 2.0 document's upgrades, its `#/definitions/X`
    /// being the upgrade's `#/components/schemas/X`). Reports an error and returns nil when it cannot.
    private func target(of ref: String, at location: SourceLocation, in file: String, asWritten: Bool) -> Target? {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = parts.first.map(String.init) ?? ""
        let pointer = parts.count > 1 ? String(parts[1]) : ""
        let path = filePart.isEmpty ? file : SpecLoader.resolve(filePart, from: file)
        if filePart.contains("://") {
            unsupported("remote $ref", "remote reference '\(ref)' is not followed; download the file and refer to it by a relative path", at: location)
            return nil
        }
        guard let written = document(path, at: location) else { return nil }
        var node = asWritten ? written : upgraded(written, at: path)
        var segments: [String] = []
        var pointerSegments = pointer.split(separator: "/", omittingEmptySubsequences: true).map { Self.decodePointerSegment(String($0)) }
        if isSwagger2, !asWritten, pointerSegments.first == "definitions" {
            pointerSegments = ["components", "schemas"] + pointerSegments.dropFirst()
        } else if isSwagger2, !asWritten, let kind = pointerSegments.first, kind == "parameters" || kind == "responses" {
            // The upgrade reads parameters and responses in place: a reference left to one is a schema's.
            diagnostics.error("reference '\(ref)' names a \(kind.dropLast()) where a schema is expected; schemas are under 'definitions'", at: location)
            return nil
        }
        for segment in pointerSegments {
            segments.append(segment)
            if let pairs = node.mapping, let pair = pairs.first(where: { $0.key.scalar == segment }) {
                node = pair.value
            } else if let items = node.sequence, let index = Int(segment), items.indices.contains(index) {
                node = items[index]
            } else {
                // A 2.0 document's `definitions` is named as written.
                let named = isSwagger2 && !asWritten && segments.count <= 2 && segments.first == "components" ? "definitions" : segment
                diagnostics.error("reference '\(ref)' points to nothing: there is no '\(named)' in \(path)", at: location)
                return nil
            }
        }
        let isComponent = segments.count == 3 && segments[0] == "components" && segments[1] == "schemas"
        let isWholeFile = segments.isEmpty && path != root.file
        let hint = segments.last ?? Self.baseName(path)
        let target = Target(node: Node(yaml: node), key: path + "#/" + segments.joined(separator: "\u{0}"), nameHint: hint,
                            isNamedSchema: isComponent || isWholeFile)
        return target
    }

    /// A Swagger 2.0 document's file as its 3.0 upgrade, upgraded on first use; another document's as it is.
    private func upgraded(_ document: YAMLNode, at path: String) -> YAMLNode {
        guard isSwagger2 else { return document }
        if let known = upgradedDocuments[path] { return known }
        let upgraded = Swagger2Upgrader.upgrade(fragment: document, host: swaggerHost)
        upgradedDocuments[path] = upgraded
        return upgraded
    }

    /// The parsed document at `path`, read on first use.
    private func document(_ path: String, at location: SourceLocation) -> YAMLNode? {
        if let known = documents[path] { return known }
        // The bound a Specwright spec's includes have: a document cannot make the generator read
        // without end (a folder linked to its parent gives every path a new name).
        guard path.utf8.count <= SpecLoader.maxPathLength else {
            diagnostics.error("the path of a referenced file is longer than \(SpecLoader.maxPathLength) bytes; does a reference lead one folder deeper each time?", at: location)
            return nil
        }
        guard files.count < SpecLoader.maxFiles else {
            if !reportedTooManyFiles { diagnostics.error("a document can refer to at most \(SpecLoader.maxFiles) files; '\(path)' would be one more", at: location) }
            reportedTooManyFiles = true
            return nil
        }
        var parsed: YAMLNode?
        files.append(path)
        do {
            let bytes = try read(path)
            let (root, duplicates) = YAMLParser.parseCollectingDuplicates(bytes, file: path, limits: limits)
            duplicates.forEach { diagnostics.report($0) }
            switch root {
            case .success(let node): parsed = node
            case .failure(let diagnostic): diagnostics.report(diagnostic)
            }
        } catch {
            diagnostics.error("cannot read '\(path)': \(error)", at: location)
        }
        documents[path] = .some(parsed)
        return parsed
    }

    /// A JSON pointer segment with `~1`, `~0` and percent escapes decoded.
    static func decodePointerSegment(_ segment: String) -> String {
        let unescaped = segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        guard unescaped.contains("%") else { return unescaped }
        var bytes: [UInt8] = []
        var utf8 = Array(unescaped.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `schemas/Pet.yaml` -> `Pet`.
    static func baseName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.split(separator: ".").first.map(String.init) ?? last
    }
}

extension String {
    /// Replaces every occurrence of `target` (a small helper, so the module needs no Foundation).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
