import SpecCore
import SpecDiagnostics
import SpecYAML

/// The OpenAPI 3.0 / 3.1 front end: lowers an OpenAPI document into the same `Spec` model that a
/// Specwright spec decodes to, so the same validation, IR, templates and runtime serve both.
///
/// What it cannot express it leaves out with a warning at the construct's `file:line:col`; the rest
/// still makes a client. Docs/OpenAPI.md lists every rule.
public enum OpenAPILoader {
    /// Whether a parsed root file is an OpenAPI document (it has an `openapi` key).
    public static func isOpenAPI(_ root: YAMLNode) -> Bool {
        root.mapping?.contains { $0.key.scalar == "openapi" } ?? false
    }

    /// Lowers the OpenAPI document `root`, read from `path`; `read` reads the files its `$ref`s name.
    /// - Parameter groupByTag: each operation goes into a group (a nested enum) named after its first tag.
    public static func load(
        root: YAMLNode, path: String, limits: YAMLLimits = .default, groupByTag: Bool = false,
        selecting selects: (@Sendable (_ name: String, _ method: HTTPMethodName, _ path: String) -> Bool)? = nil,
        read: @escaping (String) throws -> [UInt8]
    ) -> (spec: Spec?, diagnostics: DiagnosticBag) {
        let context = OpenAPIContext(root: root, path: path, limits: limits, read: read)
        context.groupByTag = groupByTag
        context.selects = selects
        guard let version = context.root["openapi"], let text = version.scalar,
              text.hasPrefix("3.0.") || text.hasPrefix("3.1.") || text.hasPrefix("3.2.") || ["3.0", "3.1", "3.2"].contains(text) else {
            let found = context.root["openapi"]?.scalar ?? "?"
            context.diagnostics.error("unsupported OpenAPI version '\(found)'; this generator reads OpenAPI 3.0.x, 3.1.x and 3.2.x",
                                      at: context.root["openapi"]?.location ?? root.location)
            return (nil, context.diagnostics)
        }
        let spec = context.lower()
        return (spec, context.diagnostics)
    }
}
