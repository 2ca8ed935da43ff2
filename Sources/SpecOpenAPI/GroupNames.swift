import SpecCore

/// With `groupByTag`: the group of each tag (a nested enum, `GitHub.Repos`), and the endpoint
/// names taken in each group. A group never hides a model: `pet` next to a schema `Pet` is the
/// group `PetEndpoints`.
struct GroupNames {
    /// The Swift names of the document's named schemas (a lookup only).
    let schemaNames: Set<String>
    /// The namespace, which a group must not be named after.
    let namespace: String
    /// Each tag's group (a lookup only).
    private var byTag: [String: String] = [:]
    /// The group names taken.
    private var taken: Set<String> = []
    /// The endpoint names taken in each group, by group.
    var takenEndpoints: [String: [String: Bool]] = [:]

    init(schemaNames: [String], namespace: String) {
        self.schemaNames = Set(schemaNames)
        self.namespace = namespace
    }

    /// The group of `tag`, named on first use.
    mutating func name(for tag: String) -> String {
        if let known = byTag[tag] { return known }
        var base = SwiftNames.group(tag)
        if base.isEmpty || !Naming.isIdentifier(base) { base = "Tag" + base.filter { $0.isLetter || $0.isNumber } }
        if schemaNames.contains(base) || Validator.isReservedTypeName(base) || base == namespace || base == "Servers" { base += "Endpoints" }
        var name = base
        var number = 2
        while taken.contains(name) {
            name = "\(base)\(number)"
            number += 1
        }
        taken.insert(name)
        byTag[tag] = name
        return name
    }

    /// The endpoint name without the tag it repeats (`reposGet` in the group of `repos` is `get`),
    /// when that name is free in the group.
    mutating func withoutTagPrefix(_ name: String, tag: String, group: String) -> String {
        let prefix = Naming.lowerCamel(tag)
        guard !prefix.isEmpty, name.hasPrefix(prefix), let first = name.dropFirst(prefix.count).first, first.isUppercase else { return name }
        let stripped = first.lowercased() + name.dropFirst(prefix.count + 1)
        guard Naming.isIdentifier(stripped), takenEndpoints[group]?[stripped] == nil else { return name }
        takenEndpoints[group, default: [:]][stripped] = true
        return stripped
    }
}
