import SpecDiagnostics
import SpecYAML

extension Swagger2Upgrader {
    /// The keys of a 2.0 parameter (or `items`, or response header) that describe its value: in
    /// 3.0 they are the parameter's `schema`.
    static let valueKeys = ["type", "format", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
                            "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "enum", "multipleOf",
                            "x-nullable", "x-ms-enum", "x-enum-varnames", "x-enumNames"]

    /// A path, query or header parameter in 3.0 form: its value keys as its `schema`, an array's
    /// `collectionFormat` as its `style` and `explode`.
    func parameter(_ parameter: YAMLNode) -> YAMLNode {
        var out = Mapping()
        for (key, pair) in parameter.namedPairs {
            switch key {
            case _ where Self.valueKeys.contains(key), "items", "collectionFormat", "schema":
                continue
            default:
                out.append(pair) // name, in, description, required, allowEmptyValue, x-...
            }
        }
        let place = parameter.string("in") ?? ""
        out.set("schema", parameterSchema(parameter, inForm: false), at: parameter.pair("type")?.key.location ?? parameter.location)
        if let style = collectionStyle(parameter, place: place) {
            out.set("style", string: style.style, at: style.location)
            out.set("explode", plain: style.explode ? "true" : "false", at: style.location)
        }
        return out.node(at: parameter.location)
    }

    /// The schema of a parameter, an `items` or a response header: its value keys, `items`
    /// upgraded the same way. `type: file` is a file in a form and an error elsewhere.
    func parameterSchema(_ node: YAMLNode, inForm: Bool) -> YAMLNode {
        // A `schema` where 2.0 wants value keys (seen in real documents): read as that schema.
        if node.pair("type") == nil, let schema = node["schema"] { return self.schema(schema) }
        var out = Mapping()
        for (key, pair) in node.namedPairs {
            switch key {
            case "type" where pair.value.scalar == "file":
                if !inForm {
                    host.error("a parameter of type 'file' must be 'in: formData'", pair.value.location)
                }
                out.set("type", string: "string", at: pair.key.location)
                out.set("format", string: "binary", at: pair.key.location)
            case "format" where node.string("type") == "file":
                continue
            case "x-nullable":
                out.append(pair)
                if pair.value.scalar == "true" { out.set("nullable", plain: "true", at: pair.key.location) }
            case "items":
                if let format = pair.value.string("collectionFormat"), format != "csv" || pair.value.string("type") != "array" {
                    host.unsupported("nested collectionFormat", "a 'collectionFormat' inside 'items' is not read; the inner values are joined with commas", pair.value.keyLocation("collectionFormat"))
                }
                out.append(YAMLPair(key: pair.key, value: parameterSchema(pair.value, inForm: false)))
            case "description", "title":
                out.append(pair)
            case _ where Self.valueKeys.contains(key):
                out.append(pair)
            default:
                continue
            }
        }
        return out.node(at: node.location)
    }

    /// The 3.0 `style` and `explode` of an array's `collectionFormat` in `place` (`query`,
    /// `path`, `header`, `formData` for a URL-encoded form field, `multipart`); nil for the
    /// place's default. A format the place cannot hold is a warning, and the values are joined
    /// with commas.
    func collectionStyle(_ parameter: YAMLNode, place: String) -> (style: String, explode: Bool, location: SourceLocation)? {
        guard parameter.string("type") == "array" else {
            if let location = parameter.pair("collectionFormat")?.key.location, parameter.string("type") != nil {
                host.unsupported("collectionFormat", "'collectionFormat' applies to arrays only; it is not read", location)
            }
            return nil
        }
        let location = parameter.pair("collectionFormat")?.value.location ?? parameter.keyLocation("type")
        let format = parameter.string("collectionFormat") ?? "csv"
        switch (place, format) {
        case ("query", "csv"), ("formData", "csv"): return ("form", false, location)
        case ("query", "multi"), ("formData", "multi"): return ("form", true, location)
        case ("query", "ssv"), ("formData", "ssv"): return ("spaceDelimited", false, location)
        case ("query", "tsv"), ("formData", "tsv"): return ("tabDelimited", false, location)
        case ("query", "pipes"), ("formData", "pipes"): return ("pipeDelimited", false, location)
        case ("path", "csv"), ("header", "csv"): return nil // 3.0's simple style
        case ("header", "ssv"): return ("spaceDelimited", false, location)
        case ("header", "tsv"): return ("tabDelimited", false, location)
        case ("header", "pipes"): return ("pipeDelimited", false, location)
        case ("multipart", "multi"): return nil // each value a part of its own, as multipart sends arrays
        case ("multipart", "csv") where parameter.pair("collectionFormat") == nil: return nil
        case ("multipart", "csv"), ("multipart", "ssv"), ("multipart", "tsv"), ("multipart", "pipes"):
            host.unsupported("collectionFormat", "a multipart form sends an array as one part per value; collectionFormat '\(format)' is not read", location)
            return nil
        case (_, "csv"), (_, "ssv"), (_, "tsv"), (_, "pipes"), (_, "multi"):
            host.unsupported("collectionFormat", "collectionFormat '\(format)' is not one a \(place) parameter can have; the values are joined with commas", location)
            return nil
        default:
            host.unsupported("collectionFormat", "'\(format)' is not a collectionFormat (csv, ssv, tsv, pipes or multi); the values are joined with commas", location)
            return nil
        }
    }
}
