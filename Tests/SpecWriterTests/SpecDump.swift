import SpecCore

/// Everything a `Spec` says, as text, without source locations or file names: two specs with the
/// same dump are equivalent (they generate the same client).
enum SpecDump {
    static func dump(_ spec: Spec) -> String {
        var lines = [
            "name \(q(spec.name))", "description \(q(spec.description))", "baseURL \(q(spec.baseURL))",
            "headers \(spec.defaultHeaders.map { "\(q($0.name))=\(q($0.value))" })", "dates \(spec.dates)", "auth \(spec.auth)",
            "error \(q(spec.error?.description))", "access \(spec.access)",
        ]
        for model in spec.models { lines += dump(model) }
        lines += dump(spec.endpoints, indent: "")
        return lines.joined(separator: "\n")
    }

    static func dump(_ model: ModelDecl) -> [String] {
        var lines = ["model \(q(model.name)) \(model.genericParameters) description \(q(model.description)) deprecated \(model.deprecated) errorMessage \(q(model.errorMessage))"]
        switch model.kind {
        case .alias(let type): lines.append("  alias \(q(type.description))")
        case .object(let fields): lines += fields.map { "  " + dump($0) }
        case .enumeration(let decl):
            lines.append("  enum frozen \(decl.frozen)")
            lines += decl.cases.map { "  case \(q($0.swiftName)) \(q($0.wireValue))" }
        case .union(let decl):
            let discriminator: String? = decl.discriminator
            lines.append("  union \(q(discriminator))")
            lines += decl.variants.map { "  variant \(q($0.tag)) \(q($0.type.description))" }
        }
        return lines
    }

    static func dump(_ field: FieldDecl) -> String {
        "field \(q(field.wireName)) \(q(field.type.description)) default \(field.defaultValue.map { String(reflecting: $0.value) } ?? "-") "
            + "description \(q(field.description)) swiftName \(q(field.swiftName)) deprecated \(field.deprecated)"
    }

    static func dump(_ items: [EndpointItem], indent: String) -> [String] {
        var lines: [String] = []
        for item in items {
            switch item {
            case .group(let group):
                lines.append("\(indent)group \(q(group.name))")
                lines += dump(group.items, indent: indent + "  ")
            case .endpoint(let endpoint):
                lines.append("\(indent)endpoint \(q(endpoint.name)) \(endpoint.method.rawValue) \(q(endpoint.path)) description \(q(endpoint.description)) "
                    + "deprecated \(endpoint.deprecated) auth \(endpoint.auth.map { "\($0)" } ?? "-") encoding \(endpoint.encoding) "
                    + "response \(q(endpoint.response?.description)) timeout \(endpoint.timeout.map { "\($0)" } ?? "-") retry \(endpoint.retry)")
                lines += endpoint.pathParameters.map { "\(indent)  path " + dump($0) }
                lines += endpoint.query.map { "\(indent)  query " + dump($0) }
                lines += endpoint.headers.map { "\(indent)  header " + dump($0) }
                switch endpoint.body {
                case .fields(let fields, _): lines += ["\(indent)  body fields"] + fields.map { "\(indent)  body " + dump($0) }
                case .type(let type): lines.append("\(indent)  body type \(q(type.description))")
                case nil: break
                }
                lines += endpoint.errors.map { "\(indent)  error \($0.status.key) \(q($0.type.description))" }
            }
        }
        return lines
    }

    /// A string with every scalar visible, or `nil`.
    static func q(_ text: String?) -> String {
        text.map { String(reflecting: $0) } ?? "nil"
    }
}
