import SpecCore
import SpecDiagnostics
import SpecWriter
import SpecYAML
import Testing

/// The writer on specs made for it: every shape, form and default kind of the format, hostile text
/// everywhere text goes, and what the format cannot say.
@Suite struct WriterTests {
    /// `text` as a YAML double-quoted scalar written independently of the writer: printable ASCII
    /// as is, everything else as `\u` escapes.
    static func q(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case " "..."~": result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += scalar.value <= 0xFFFF ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    : "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
            }
        }
        return result + "\""
    }

    /// Decodes `text` (no validation: hostile names are fine here), writes it, decodes the written
    /// text, and requires the same spec and the same text when written again. Returns both specs.
    @discardableResult
    static func roundTrip(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (original: Spec, reloaded: Spec, yaml: String)? {
        let loaded = SpecLoader.load(path: "t.yaml", read: Support.reader([("t.yaml", text)]))
        guard let spec = loaded.spec, !loaded.diagnostics.hasErrors else {
            Issue.record("the test spec has errors: \(loaded.diagnostics.sorted.map(\.description))", sourceLocation: sourceLocation)
            return nil
        }
        let yaml = SpecWriter.yaml(spec)
        let reloaded = SpecLoader.load(path: "t.yaml", read: Support.reader([("t.yaml", yaml)]))
        guard let again = reloaded.spec, !reloaded.diagnostics.hasErrors else {
            Issue.record("the written spec has errors: \(reloaded.diagnostics.sorted.map(\.description))\n\(yaml)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(SpecDump.dump(again) == SpecDump.dump(spec),
                "\(Support.diff(expected: SpecDump.dump(spec), actual: SpecDump.dump(again)))\n\(yaml)", sourceLocation: sourceLocation)
        #expect(SpecWriter.yaml(again) == yaml, sourceLocation: sourceLocation)
        return (spec, again, yaml)
    }

    /// A string default's text after `=`: `\` and `"` escaped with a backslash, all else as is.
    static func inlineEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    @Test(arguments: YAMLScalarTests.hostile.filter { $0.utf8.count < 500 } + [
        "Line one.\nLine two.\n", "Line one.\nLine two.", "Para.\n\nNext para.\n", "  indented first\nline", "trailing \nspace",
        "tab\tinside\nline", "ends with two\n\n", "# heading\n- item\n: colon\n", "\"quotes\" and \\ backslash\nsecond",
        "bidi \u{202E}\nsecond", "crlf\r\nline",
    ])
    func hostileTextRoundTripsEverywhereTextGoes(_ text: String) throws {
        let spec = """
            name: T
            description: \(Self.q(text))
            baseURL: https://api.example.com
            dates: \(Self.q(text.isEmpty || ["iso8601", "iso8601-fractional", "seconds", "milliseconds"].contains(text) ? "yyyy" : text))
            models:
              M:
                description: \(Self.q(text))
                fields:
                  \(Self.q(text)): { type: String, description: \(Self.q(text)), default: \(Self.q(text)) }
                  other: { type: \(Self.q("String = \"" + Self.inlineEscaped(text) + "\"")), swiftName: other }
              E:
                description: \(Self.q(text))
                enum: [\(Self.q(text)), x]
              U:
                oneOf:
                  \(Self.q(text)): M
                discriminator: \(Self.q(text))
            endpoints:
              e:
                request: \(Self.q("GET /x"))
                description: \(Self.q(text))
                query:
                  \(Self.q(text)): { type: String?, description: \(Self.q(text)) }
              \(Self.q(text + "g")):
                \(Self.q(text)):
                  request: POST /y
            """
        guard let (_, reloaded, _) = Self.roundTrip(spec) else { return }
        #expect(reloaded.description == text)
        #expect(reloaded.models.first?.description == text)
        guard case .object(let fields) = reloaded.models.first?.kind else { Issue.record("not an object"); return }
        #expect(fields.first?.wireName == text)
        #expect(fields.first?.description == text)
        #expect(fields.first?.defaultValue?.value == .string(text))
        #expect(fields.last?.defaultValue?.value == .string(text))
        guard case .enumeration(let decl) = reloaded.models[1].kind else { Issue.record("not an enum"); return }
        #expect(decl.cases.first?.wireValue == text)
    }
}
