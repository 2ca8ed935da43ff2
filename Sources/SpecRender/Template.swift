import SpecDiagnostics

/// A parsed template: text and tags, parsed once, rendered many times through a ``TemplateSet``.
///
/// Syntax (Mustache-like, logic-less, never escapes): `{{name}}`, `{{a.b}}`, `{{.}}`;
/// sections `{{#name}}...{{/name}}` and inverted sections `{{^name}}...{{/name}}`;
/// `{{#@first}}`/`{{^@last}}` inside a section over a list; partials `{{>Name}}`; comments `{{! ... }}`.
/// Wrapping groups `{{(}}a{{,}}b{{)}}` and comma lists `{{,name}}item{{/name}}` mark where a line longer
/// than ``LinePrinter/width`` columns is broken, one item per line (see ``LinePrinter``).
/// A line holding only blanks and one section, inverted, close, comment or partial tag is removed
/// from the output with its newline; a standalone partial's output is indented by the tag's indentation.
/// `\r\n` in the source reads as a line break; output always uses `\n`.
public struct Template: Sendable {
    /// The name partials and ``TemplateSet/render(_:_:)`` use, e.g. `Model`.
    public let name: String
    /// The path error messages show, e.g. `Templates/Model.swifttemplate`.
    public let path: String
    /// The parsed nodes.
    let nodes: [TemplateNode]
    /// Bytes of literal text, to size the output buffer.
    let textSize: Int

    /// Parses `source`. Throws a located error for an unclosed tag or section, a mismatched close,
    /// an empty tag or an invalid name.
    public init(name: String, path: String, source: String) throws(TemplateError) {
        self.name = name
        self.path = path
        nodes = try TemplateParser.parse(source, path: path)
        textSize = Self.textSize(nodes)
    }

    /// The `{{>name}}` tags of this template, in source order.
    var partialReferences: [(name: String, location: SourceLocation)] {
        var references: [(name: String, location: SourceLocation)] = []
        func collect(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .partial(let partial): references.append((partial.name, partial.location))
                case .section(let section): collect(section.body)
                case .text, .variable, .layout: break
                }
            }
        }
        collect(nodes)
        return references
    }

    private static func textSize(_ nodes: [TemplateNode]) -> Int {
        nodes.reduce(0) { size, node in
            switch node {
            case .text(let text): size + text.count
            case .section(let section): size + textSize(section.body)
            case .variable, .partial, .layout: size
            }
        }
    }
}
