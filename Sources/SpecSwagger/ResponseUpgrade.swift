import SpecDiagnostics
import SpecYAML

extension Swagger2Upgrader {
    /// An operation's `responses`: each response (a `$ref` to the document's `responses` read in
    /// place) with its `schema` as content of the operation's `produces` (JSON when it names
    /// none), its `headers` as 3.0 headers.
    func responses(_ node: YAMLNode, produces: [String]) -> YAMLNode {
        if node.mapping == nil { host.error("'responses' must be a mapping of statuses to responses", node.location) }
        var out = Mapping()
        for (_, pair) in node.namedPairs {
            if pair.key.scalar?.hasPrefix("x-") == true {
                out.append(pair)
                continue
            }
            // A reference to nothing was reported; the response is not read again.
            guard let response = followed(pair.value) else { continue }
            guard response.mapping != nil else {
                host.error("a response must be a mapping with a 'description'", pair.value.location)
                continue
            }
            out.append(YAMLPair(key: pair.key, value: self.response(response, produces: produces)))
        }
        return out.node(at: node.location)
    }

    private func response(_ response: YAMLNode, produces: [String]) -> YAMLNode {
        var out = Mapping()
        for (key, pair) in response.namedPairs {
            switch key {
            case "schema":
                var types = produces.isEmpty ? ["application/json"] : produces
                // A file is bytes: where the operation names only JSON (often the document's
                // `produces` for all), it is downloaded as `application/octet-stream`.
                if pair.value.string("type") == "file", types.allSatisfy(Self.isJSONMediaType) {
                    types = ["application/octet-stream"]
                }
                out.set("content", content(types, schema: schema(pair.value), at: pair.key.location), at: pair.key.location)
            case "headers":
                var headers = Mapping()
                for (_, header) in pair.value.namedPairs {
                    var upgraded = Mapping()
                    upgraded.copy("description", from: header.value)
                    upgraded.set("schema", parameterSchema(header.value, inForm: false), at: header.value.location)
                    if let style = collectionStyle(header.value, place: "header") {
                        upgraded.set("style", string: style.style, at: style.location)
                    }
                    headers.append(YAMLPair(key: header.key, value: upgraded.node(at: header.value.location)))
                }
                out.set("headers", headers.node(at: pair.value.location), at: pair.key.location)
            case "examples":
                continue // examples by media type: documentation
            default:
                out.append(pair) // description, x-...
            }
        }
        return out.node(at: response.location)
    }

    /// Whether a media type is JSON's (`application/json`, `text/json`, `+json`).
    static func isJSONMediaType(_ mediaType: String) -> Bool {
        let base = (mediaType.split(separator: ";").first.map(String.init) ?? mediaType).lowercased().filter { $0 != " " }
        return base == "application/json" || base == "text/json" || base.hasSuffix("+json")
    }
}
