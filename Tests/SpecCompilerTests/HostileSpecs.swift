import Foundation
import TestSupport

/// Strings that break naive code generators, and specs built from them.
enum Hostile {
    /// Pieces that end comments and literals, start interpolations, break lines, reorder text, or
    /// read as Swift keywords and standard type names.
    static let pieces = [
        "\"", "\\", "\\(", "\\(x)", "*/", "/*", "//", "\"\"\"", "#", "#\"", "\"#", "\n", "\r", "\r\n", "\0", "\t",
        "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{7F}",
        "é", "e\u{301}", "日本", "🙂", "ß", "İ", " ", "  ", "-", "_", "$", "`", "'", "{", "}", "%", "%2F", "%00", "..",
        "?", "&", "=", "+", ";", ":", "@", "~", "!", "0", "1", "2fa", "class", "self", "Self", "init", "default",
        "Type", "Protocol", "String", "Data", "Error", "CodingKeys", "nil", "true", "inout", "a", "B", "foo_bar", "fooBar",
    ]

    /// Pieces that may stand in a path segment of a spec: no `/` (it separates segments), no braces
    /// (placeholders), no whitespace or controls (the request line is `METHOD path`), no `?` or `#`
    /// (a path that holds them is an error of its own). A `%XX` in a spec's path is an escape, kept.
    static let pathPieces = [
        "\"", "\\", "\\(", "*", "%", "%2F", "..", ".", "é", "🙂", "\u{202E}", "'", "$", "&", "=", "+", ";", ":",
        "@", "~", "!", "`", "a", "-", "_", "class", "self",
    ]

    /// One to four random pieces.
    static func text(_ random: inout SplitMix64, from pieces: [String] = pieces, count: ClosedRange<Int> = 1...4) -> String {
        (0..<Int.random(in: count, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    /// `text` as a YAML double-quoted scalar: printable ASCII as is, everything else escaped.
    static func yaml(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += scalar.value <= 0xFFFF ? String(format: "\\u%04X", scalar.value) : String(format: "\\U%08X", scalar.value)
            }
        }
        return result + "\""
    }

    /// Base64 of `value` as JSON: how the driver receives data without trusting any escaper.
    static func json(_ value: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))?.base64EncodedString() ?? ""
    }
}

/// One generated input (a Specwright spec or an OpenAPI document) and the Swift code that checks
/// its generated client.
struct HostileSpec {
    /// Which front end the input is written for.
    enum Format {
        /// A Specwright spec (format v1).
        case spec
        /// An OpenAPI 3.1 document with the same model, enum and endpoint.
        case openAPI
    }

    /// The spec's index in the run; its namespace is `P<index>` and its types start with it.
    var index: Int
    /// The input's text.
    var yaml: String
    /// Whether two of its wire names were made to become one Swift name on purpose.
    var collides: Bool
    /// The values the check feeds the generated code and expects back.
    private var draws: Draws

    /// Everything one input is made of, drawn in a fixed order so that a seed replays.
    private struct Draws {
        var fields: [String] = []
        var values: [String] = []
        var defaultText = "", defaultValue = "", query = ""
        var segments: [String] = []
        /// The API's, the model's, the first field's and the endpoint's.
        var descriptions: [String] = []
        var strings: [String] = []
        var number = 0
        var chosen = "", id = "", queryValue = ""
    }

    /// A random input: a model of five hostile fields (two with defaults), an open enum of three
    /// hostile values, and an endpoint with a hostile path, path parameter and query name.
    static func random(_ index: Int, _ random: inout SplitMix64, format: Format = .spec) -> HostileSpec {
        var draws = Draws()
        // Most names keep a letter core of their own, so that collisions are rare by chance; one spec
        // in ten has a collision made on purpose.
        func wire(_ core: String) -> String {
            Int.random(in: 0..<20, using: &random) == 0
                ? Hostile.text(&random, count: 0...4)
                : Hostile.text(&random, count: 0...2) + core + Hostile.text(&random, count: 0...2)
        }
        for core in ["w", "x", "y", "z", "v"] {
            var candidate = wire(core)
            while draws.fields.contains(candidate) { candidate += "_" }
            draws.fields.append(candidate)
        }
        for core in ["k", "m", "n"] {
            var candidate = wire(core)
            while draws.values.contains(candidate) { candidate += "-" }
            draws.values.append(candidate)
        }
        let collides = Int.random(in: 0..<10, using: &random) == 0
        if collides {
            // `sameName` and `same_name` both become the Swift name `sameName`.
            draws.fields[1] = "sameName"
            draws.fields[2] = "same_name"
        }
        draws.defaultText = Hostile.text(&random, count: 0...4)
        draws.defaultValue = draws.values[Int.random(in: 0..<3, using: &random)]
        draws.segments = (0..<2).map { _ in Hostile.text(&random, from: Hostile.pathPieces) }
        draws.query = wire("q")
        draws.descriptions = [Hostile.text(&random, count: 0...4)] + (0..<3).map { _ in Hostile.text(&random) }
        // What the driver feeds the generated code, and what must come back out.
        draws.strings = (0..<4).map { _ in Hostile.text(&random, count: 0...4) }
        draws.number = Int.random(in: -1_000_000...1_000_000, using: &random)
        draws.chosen = draws.values[Int.random(in: 0..<3, using: &random)]
        draws.id = Hostile.text(&random)
        draws.queryValue = Hostile.text(&random)
        let yaml = switch format {
        case .spec: specText(index, draws)
        case .openAPI: openAPIText(index, draws)
        }
        return HostileSpec(index: index, yaml: yaml, collides: collides, draws: draws)
    }

    /// The input as a Specwright spec.
    private static func specText(_ index: Int, _ draws: Draws) -> String {
        let (name, fields, values, descriptions) = ("P\(index)", draws.fields.map(Hostile.yaml), draws.values.map(Hostile.yaml), draws.descriptions.map(Hostile.yaml))
        return """
            spec: 1
            name: \(name)
            description: \(descriptions[0])
            models:
              \(name)Model:
                description: \(descriptions[1])
                fields:
                  \(fields[0]): { type: String, description: \(descriptions[2]) }
                  \(fields[1]): { type: String, default: \(Hostile.yaml(draws.defaultText)) }
                  \(fields[2]): Int?
                  \(fields[3]): { type: \(name)Kind, default: \(Hostile.yaml(draws.defaultValue)) }
                  \(fields[4]): [String]
              \(name)Kind:
                enum: [\(values.joined(separator: ", "))]
            endpoints:
              get:
                request: \(Hostile.yaml("GET /\(draws.segments[0])/{id}/\(draws.segments[1])"))
                description: \(descriptions[3])
                query:
                  \(Hostile.yaml(draws.query)): { type: String?, swiftName: q }
                response: \(name)Model

            """
    }

    /// The input as an OpenAPI 3.1 document. A second operation sends the model as a body, so that
    /// the lean conformances make it `Codable` and the check can encode it.
    private static func openAPIText(_ index: Int, _ draws: Draws) -> String {
        let (name, fields, values, descriptions) = ("P\(index)", draws.fields.map(Hostile.yaml), draws.values.map(Hostile.yaml), draws.descriptions.map(Hostile.yaml))
        return """
            openapi: 3.1.0
            info: { title: \(name), version: "1", description: \(descriptions[0]) }
            paths:
              \(Hostile.yaml("/\(draws.segments[0])/{id}/\(draws.segments[1])")):
                parameters:
                  - { name: id, in: path, required: true, schema: { type: string } }
                get:
                  operationId: get
                  description: \(descriptions[3])
                  parameters:
                    - { name: \(Hostile.yaml(draws.query)), in: query, description: \(descriptions[2]), schema: { type: string } }
                  responses:
                    "200":
                      description: \(descriptions[1])
                      content: { application/json: { schema: { $ref: "#/components/schemas/\(name)Model" } } }
                put:
                  operationId: put
                  requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/\(name)Model" } } } }
                  responses: { "204": { description: \(descriptions[0]) } }
            components:
              schemas:
                \(name)Model:
                  type: object
                  description: \(descriptions[1])
                  required: [\(fields[0]), \(fields[4])]
                  properties:
                    \(fields[0]): { type: string, description: \(descriptions[2]) }
                    \(fields[1]): { type: string, default: \(Hostile.yaml(draws.defaultText)) }
                    \(fields[2]): { type: integer }
                    \(fields[3]): { $ref: "#/components/schemas/\(name)Kind", default: \(Hostile.yaml(draws.defaultValue)) }
                    \(fields[4]): { type: array, items: { type: string } }
                \(name)Kind:
                  type: string
                  description: \(descriptions[3])
                  enum: [\(values.joined(separator: ", "))]

            """
    }

    /// An async Swift function `check<index>() async -> [String]` returning what did not round-trip;
    /// `queryLabel` is the endpoint's argument label for the query parameter.
    func check(queryLabel: String = "q") -> String {
        let (fields, values) = (draws.fields, draws.values)
        let full: [String: Any] = [fields[0]: draws.strings[0], fields[1]: draws.strings[1], fields[2]: draws.number, fields[3]: draws.chosen, fields[4]: [draws.strings[2], draws.strings[3]]]
        let sparse: [String: Any] = [fields[0]: draws.strings[0], fields[4]: [String]()]
        var filled = sparse
        filled[fields[1]] = draws.defaultText
        filled[fields[3]] = draws.defaultValue
        let name = "P\(index)"
        return """
            func check\(index)() async -> [String] {
                var failures = roundTrip(\(name)Model.self, "\(Hostile.json(full))", "\(Hostile.json(full))")
                failures += roundTrip(\(name)Model.self, "\(Hostile.json(sparse))", "\(Hostile.json(filled))")
                for value in strings("\(Hostile.json(values))") {
                    let decoded = \(name)Kind(rawValue: value)
                    if case .unknown = decoded { failures.append("enum value \\(debug(value)) decodes as unknown") }
                    if decoded.rawValue != value { failures.append("enum value \\(debug(value)) comes back as \\(debug(decoded.rawValue))") }
                }
                let id = strings("\(Hostile.json([draws.id]))")[0], query = strings("\(Hostile.json([draws.queryValue]))")[0]
                failures += await request(\(name).get(id: id, \(queryLabel): query), segments: [\(draws.segments.map { "strings(\"\(Hostile.json([$0]))\")[0]" }.joined(separator: ", "))], id: id, query: (strings("\(Hostile.json([draws.query]))")[0], query))
                return failures
            }

            """
    }

    /// The driver's shared helpers and `main`, calling `check<index>()` for each spec that generated.
    static func driver(calling indices: [Int]) -> String {
        """
        import Foundation
        import Specwright

        // JSONDecoder, not JSONSerialization: on Linux the latter drops a U+FEFF that follows an escape.
        func strings(_ base64: String) -> [String] {
            guard let data = Data(base64Encoded: base64), let value = try? JSONDecoder().decode([String].self, from: data) else { return [] }
            return value
        }

        /// JSON equality with strings and keys compared scalar by scalar (Swift's `==` would call
        /// `"é"` and `"e\u{301}"` equal, and hide a generator that normalizes).
        func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
            func sorted(_ object: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
                object.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            }
            switch (a, b) {
            case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
            case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(same)
            case (.object(let x), .object(let y)):
                return x.count == y.count && zip(sorted(x), sorted(y)).allSatisfy { $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && same($0.value, $1.value) }
            default: return a == b
            }
        }

        /// `text` quoted, with every scalar outside printable ASCII as `\\u{...}`, so invisible ones show.
        func debug(_ text: String) -> String {
            "\\"" + text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\\\u{\\(String($0.value, radix: 16))}" }.joined() + "\\""
        }

        /// `text` with its valid `%XX` escapes decoded and any other `%` kept: how a spec's path literal reads.
        func unescaped(_ text: String) -> String {
            let bytes = Array(text.utf8)
            var output: [UInt8] = []
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0x25, index + 2 < bytes.count, let byte = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16) {
                    output.append(byte)
                    index += 3
                } else {
                    output.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        }

        /// Decodes `input`, encodes the value again and compares it with `expected`, as JSON values.
        func roundTrip<Model: Codable>(_ type: Model.Type, _ input: String, _ expected: String) -> [String] {
            guard let data = Data(base64Encoded: input), let expectedData = Data(base64Encoded: expected) else { return ["bad base64"] }
            do {
                let value = try JSONDecoder().decode(Model.self, from: data)
                let encoded = try JSONEncoder().encode(value)
                if same(try JSONDecoder().decode(JSONValue.self, from: encoded), try JSONDecoder().decode(JSONValue.self, from: expectedData)) { return [] }
                return ["\\(Model.self) round trip: \\(String(decoding: encoded, as: UTF8.self)) is not \\(String(decoding: expectedData, as: UTF8.self))"]
            } catch {
                return ["\\(Model.self) from \\(String(decoding: data, as: UTF8.self)): \\(error)"]
            }
        }

        /// The request of an endpoint with path `/segment0/{id}/segment1` and one query parameter:
        /// its path segments and query must be exactly the values, whatever they hold.
        func request<Value, Failure>(_ endpoint: Endpoint<Value, Failure>, segments: [String], id: String, query: (String, String)) async -> [String] {
            guard let base = URL(string: "https://example.com/base") else { return ["no base URL"] }
            let client = APIClient(baseURL: base, transport: MockTransport())
            guard let request = try? await client.request(for: endpoint), let url = request.url,
                  let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return ["no request for \\(endpoint.path)"] }
            var failures: [String] = []
            // Decoded by hand: Foundation's percent decoding drops a leading U+FEFF.
            let parts = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map { unescaped(String($0)) }
            if !parts.elementsEqual(["", "base", unescaped(segments[0]), id, unescaped(segments[1])], by: { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }) { failures.append("path \\(components.percentEncodedPath) is not \\(segments[0]) / \\(debug(id)) / \\(segments[1])") }
            let items = (components.percentEncodedQuery ?? "").split(separator: "&").map { item in
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { unescaped(String($0)) }
                return (pair[0], pair.count > 1 ? pair[1] : "<none>")
            }
            if items.count != 1 || !(items.first?.0.unicodeScalars.elementsEqual(query.0.unicodeScalars) ?? false) || !(items.first?.1.unicodeScalars.elementsEqual(query.1.unicodeScalars) ?? false) { failures.append("query \\(components.percentEncodedQuery ?? "") is not \\(debug(query.0))=\\(debug(query.1))") }
            if components.fragment != nil { failures.append("the URL has a fragment: \\(url)") }
            return failures
        }

        var failed = 0
        \(indices.map { "for failure in await check\($0)() { print(\"FAIL \($0): \\(failure)\"); failed += 1 }" }.joined(separator: "\n"))
        print("checked \(indices.count) specs, \\(failed) failures")

        """
    }
}
