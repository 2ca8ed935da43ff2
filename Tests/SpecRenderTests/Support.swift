import SpecRender

/// Renders `source` (as template `T`, path `T.swifttemplate`) with `partials` (path `<name>.swifttemplate`).
func render(
    _ source: String,
    _ context: TemplateValue = [:],
    partials: [String: String] = [:]
) throws(TemplateError) -> String {
    var templates = [try Template(name: "T", path: "T.swifttemplate", source: source)]
    for (name, text) in partials.sorted(by: { $0.key < $1.key }) {
        templates.append(try Template(name: name, path: "\(name).swifttemplate", source: text))
    }
    return try TemplateSet(templates).render("T", context)
}

/// The error `render` reports as `file:line:col: error: message`, or nil if it succeeds.
func renderError(
    _ source: String,
    _ context: TemplateValue = [:],
    partials: [String: String] = [:]
) -> String? {
    do {
        _ = try render(source, context, partials: partials)
        return nil
    } catch {
        return error.description
    }
}
