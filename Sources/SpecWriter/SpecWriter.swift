import SpecCore
import SpecDiagnostics

/// Writes a `Spec` as one spec file in format v1: the way out of another format (OpenAPI) and
/// into a Specwright spec that a person maintains from then on.
///
/// Loading the text with `SpecLoader` gives an equivalent spec: the same models, fields, types,
/// defaults, documentation, Swift names, enums, unions, aliases, generic models, endpoints and
/// groups, so the generated client is the same. Included files are joined into the one file.
/// The output is deterministic, uses the short forms of the format wherever they say everything,
/// and quotes every scalar YAML could misread (see `YAMLScalar`).
public enum SpecWriter {
    /// The spec as YAML text in format v1, ending with a line feed.
    ///
    /// Sections in order: `spec: 1`, the header keys that differ from their defaults (`name`,
    /// `description`, `baseURL`, `defaultHeaders`, `dates`, `auth`, `error`, `access`, `conformances`, `stubService`), then
    /// `models` and `endpoints`, each after a blank line, with a blank line between two models and
    /// between two endpoints. What the format cannot say is listed by `problems(_:)`.
    public static func yaml(_ spec: Spec) -> String {
        var entries = header(spec)
        if !spec.models.isEmpty {
            entries.append(YAMLEntry("models", .mapping(ModelWriting.entries(spec.models, names: NameTable(spec))), blankLineBefore: true))
        }
        if !spec.endpoints.isEmpty {
            entries.append(YAMLEntry("endpoints", .mapping(EndpointWriting.entries(spec.endpoints)), blankLineBefore: true))
        }
        return YAMLBlock.render(entries)
    }

    /// Warnings for what `yaml(_:)` cannot write exactly, each at the declaration it concerns:
    /// parts of a spec built by another front end that format v1 has no way to say (an alias with a
    /// description, an enum mixing chosen and derived case names, ...). Empty for a spec that
    /// `SpecLoader` decoded.
    public static func problems(_ spec: Spec) -> [Diagnostic] {
        WriterProblems.check(spec)
    }

    /// `spec: 1`, then the top-level keys that say something.
    private static func header(_ spec: Spec) -> [YAMLEntry] {
        var entries = [YAMLEntry("spec", .inline("1")), YAMLEntry("name", .scalar(spec.name))]
        if let description = spec.description { entries.append(YAMLEntry("description", .text(description))) }
        if let baseURL = spec.baseURL { entries.append(YAMLEntry("baseURL", .scalar(baseURL))) }
        if !spec.servers.isEmpty { entries.append(YAMLEntry("servers", .mapping(spec.servers.map(server)))) }
        if !spec.defaultHeaders.isEmpty {
            entries.append(YAMLEntry("defaultHeaders", .mapping(spec.defaultHeaders.map { YAMLEntry($0.name, .scalar($0.value)) })))
        }
        if let dates = dates(spec.dates) { entries.append(YAMLEntry("dates", .scalar(dates))) }
        if spec.auth != .none { entries.append(YAMLEntry("auth", EndpointWriting.auth(spec.auth))) }
        if let error = spec.error { entries.append(YAMLEntry("error", .scalar(error.description))) }
        if spec.access != .public { entries.append(YAMLEntry("access", .scalar(spec.access.rawValue))) }
        if spec.conformances != .full { entries.append(YAMLEntry("conformances", .scalar(spec.conformances.rawValue))) }
        if !spec.stubService { entries.append(YAMLEntry("stubService", .inline("false"))) }
        return entries
    }

    /// `name: URL`, or the long form with a description and variables.
    private static func server(_ server: ServerDecl) -> YAMLEntry {
        guard server.description != nil || !server.variables.isEmpty else { return YAMLEntry(server.name, .scalar(server.url)) }
        var entries = [YAMLEntry("url", .scalar(server.url))]
        if let description = server.description { entries.append(YAMLEntry("description", .text(description))) }
        if !server.variables.isEmpty {
            entries.append(YAMLEntry("variables", .mapping(server.variables.map { variable in
                guard !variable.values.isEmpty || variable.description != nil else { return YAMLEntry(variable.name, .scalar(variable.defaultValue)) }
                var fields = [YAMLEntry("default", .scalar(variable.defaultValue))]
                if !variable.values.isEmpty { fields.append(YAMLEntry("enum", .list(variable.values.map(YAMLScalar.render)))) }
                if let description = variable.description { fields.append(YAMLEntry("description", .text(description))) }
                return YAMLEntry(variable.name, .mapping(fields))
            })))
        }
        return YAMLEntry(server.name, .mapping(entries))
    }

    /// The `dates:` value, nil for the default (`iso8601`).
    private static func dates(_ strategy: DateStrategy) -> String? {
        switch strategy {
        case .iso8601: nil
        case .iso8601Fractional: "iso8601-fractional"
        case .seconds: "seconds"
        case .milliseconds: "milliseconds"
        case .pattern(let pattern): pattern
        }
    }
}
