import SpecDiagnostics

/// A set of named templates (defaults overridden by user templates, by name); renders any by name.
public struct TemplateSet: Sendable {
    private var templates: [String: Template] = [:]

    /// A set of `templates`; later entries replace earlier ones of the same name.
    public init(_ templates: [Template]) {
        for template in templates {
            self.templates[template.name] = template
        }
    }

    /// Whether the set has a template named `name`.
    public func contains(_ name: String) -> Bool {
        templates[name] != nil
    }

    /// The template named `name`, if any.
    public subscript(name: String) -> Template? {
        templates[name]
    }

    /// The names of all templates, sorted.
    public var names: [String] {
        templates.keys.sorted()
    }

    /// Renders the template named `name` with `context` as the bottom of the context stack.
    ///
    /// Throws a located error for an unknown variable, a list, object or bool inserted as text,
    /// an unknown partial, or partials nested more than ``maxPartialDepth`` deep.
    public func render(_ name: String, _ context: TemplateValue) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            let nowhere = SourceLocation(file: "<templates>", line: 1, column: 1)
            throw TemplateError("no template named '\(name)'", at: nowhere)
        }
        var renderer = TemplateRenderer(templates: templates, context: context, capacity: template.textSize * 2)
        try renderer.render(template.nodes)
        return renderer.text
    }

    /// How deep partials may nest before rendering fails (guards against recursive partials).
    static let maxPartialDepth = 64

    /// One error per `{{>name}}` tag naming a template the set doesn't have, sorted by location.
    /// Rendering reports the same problem only when it reaches the tag; this checks every tag up front.
    public func validate() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for template in templates.values {
            for reference in template.partialReferences where templates[reference.name] == nil {
                diagnostics.append(.error("unknown partial '\(reference.name)'", at: reference.location))
            }
        }
        return diagnostics.sorted { $0.location < $1.location }
    }
}
