import SpecCore
import SpecDiagnostics
import SpecSwagger
import SpecYAML

/// The OpenAPI 3.0 / 3.1 / 3.2 and Swagger 2.0 front end: lowers an OpenAPI document into the same
/// `Spec` model that a Specwright spec decodes to, so the same validation, IR, templates and
/// runtime serve both. A Swagger 2.0 document is first read as the 3.0 document that says the
/// same (`Swagger2Upgrader`), then lowered as one.
///
/// What it cannot express it leaves out with a warning at the construct's `file:line:col`; the rest
/// still makes a client. Docs/OpenAPI.md and Docs/Swagger2.md list every rule.
public enum OpenAPILoader {
    /// Whether a parsed root file is an OpenAPI document (it has an `openapi` key) or a Swagger one (`swagger`).
    public static func isOpenAPI(_ root: YAMLNode) -> Bool {
        root.mapping?.contains { $0.key.scalar == "openapi" || $0.key.scalar == "swagger" } ?? false
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
        if let swagger = context.root["swagger"] {
            guard swagger.scalar == "2.0" else {
                context.diagnostics.error("unsupported Swagger version '\(swagger.scalar ?? "?")'; this generator reads Swagger 2.0 and OpenAPI 3.0.x, 3.1.x and 3.2.x",
                                          at: swagger.location)
                return (nil, context.diagnostics)
            }
            if let openapi = context.root.keyLocation("openapi") {
                context.diagnostics.error("a document is either Swagger 2.0 ('swagger') or OpenAPI 3 ('openapi'), not both", at: openapi)
                return (nil, context.diagnostics)
            }
            context.upgradeSwagger2()
        }
        guard let version = context.root["openapi"], let text = version.scalar,
              text.hasPrefix("3.0.") || text.hasPrefix("3.1.") || text.hasPrefix("3.2.") || ["3.0", "3.1", "3.2"].contains(text) else {
            let found = context.root["openapi"]?.scalar ?? "?"
            context.diagnostics.error("unsupported OpenAPI version '\(found)'; this generator reads OpenAPI 3.0.x, 3.1.x and 3.2.x, and Swagger 2.0",
                                      at: context.root["openapi"]?.location ?? root.location)
            return (nil, context.diagnostics)
        }
        let spec = context.lower()
        return (spec, context.diagnostics)
    }
}
