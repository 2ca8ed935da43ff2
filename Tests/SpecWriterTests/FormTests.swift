import SpecCore
import SpecDiagnostics
import SpecWriter
import Testing

/// The forms the writer chooses: short where the short form says everything, long where needed,
/// defaults of every kind in both, and every shape of model and endpoint.
@Suite struct FormTests {
    static let shapes = """
        spec: 1
        name: Shapes
        description: Shapes.
        baseURL: https://api.example.com:8443/v2
        defaultHeaders:
          Accept: application/json
          X-Odd: "a: b # c"
        dates: "yyyy-MM-dd HH:mm:ss"
        auth: { query: api_key }
        error: Problem
        access: package
        models:
          Problem:
            message: String
          Empty: {}
          DocumentedEmpty:
            description: Nothing inside.
            deprecated: true
            fields: {}
          Tricky:
            fields:
              fields: String
              enum: "[String]"
              oneOf: Int?
              description: String
              type: String
              "<<": String
              "": Int
              "yes": Bool
          Status:
            enum: [in-review, "null", "a b", "yes", CARD, "1.5", "-", "true"]
          Named:
            description: Chosen names.
            enum: { active: ACTIVE, inReview: in-review, _2fa: "2fa" }
            frozen: true
          Page<Item>:
            items: [Item]
            next: "Page<Item>?"
          Pair<A, B>:
            first: A
            second: B
          ID: UUID
          Grid: "[[Int]]"
          Lookup: "[String: [Pair<Int, String>]]?"
          Shape:
            description: A tagged union.
            deprecated: true
            oneOf:
              circle: Problem
              square-ish: Page<Int>
            discriminator: kind
          Defaults:
            a: "Int = -5"
            b: "Double = 12.5"
            c: "Bool = true"
            d: "String = 'it''s'"
            e: "String = \\"q\\\\\\"\\""
            f: "[String] = []"
            g: "[String: Int] = {}"
            h: "Status = in-review"
            i: "Status = null"
            j: "Status = a b"
            k: "Status = yes"
            l: { type: Int, default: 1, description: "With a description." }
            m: { type: Status, default: "CARD", description: "A quoted string." }
            n: { type: Status, default: CARD, description: "A word." }
            o: { type: Status, default: null, description: "null as a word." }
            p:
              type: Status
              description: "An empty word."
              default:
            q: { type: Bool, default: false, deprecated: true }
            r: { type: "[Int]", default: [], swiftName: arr }
            s: { type: "[String: Int]", default: {}, swiftName: dict }
            t: { type: String, default: "", description: "An empty string." }
            u: { type: Double, default: -0.25, description: "A negative fraction." }
            v: { type: String, default: "true", description: "A string that looks like a Bool." }
            w: { type: Int, default: 007, description: "Digits as written." }
        endpoints:
          list:
            request: GET /items/{id}/{name}
            description: |
              Every key.

              Two paragraphs.
            deprecated: true
            auth: { header: X-Key }
            path:
              id: ID
            query:
              page: Int = 1
              "per page": { type: Int, default: 20, description: "Spaces." }
            headers:
              X-Request-ID: String?
            response: Page<Problem>
            errors:
              404: Problem
              422: "[Problem]"
              default: Problem
            timeout: 2.5
            retry: true
          upload:
            request: POST /upload
            auth: none
            encoding: multipart
            body:
              file: File
              caption: String?
            response: Empty
            timeout: 120
          raw:
            request: PUT /raw
            auth: bearer
            encoding: binary
            body: Data
          empty:
            request: POST /empty
            encoding: form
            body: {}
          nested:
            inner:
              deeper:
                call:
                  request: DELETE /x
                other:
                  request: HEAD /y
            sibling:
              request: OPTIONS /z
              timeout: 0.001
        """

    @Test func everyShapeRoundTrips() throws {
        let (original, reloaded, yaml) = try #require(WriterTests.roundTrip(Self.shapes))
        #expect(SpecWriter.problems(original).isEmpty)
        #expect(yaml.hasPrefix("spec: 1\nname: Shapes\n"))
        guard case .object(let fields) = reloaded.models.first(where: { $0.name == "Defaults" })?.kind else {
            Issue.record("Defaults is not an object")
            return
        }
        let defaults = Dictionary(uniqueKeysWithValues: fields.map { ($0.wireName, $0.defaultValue?.value) })
        #expect(defaults["a"] == .number("-5"))
        #expect(defaults["d"] == .string("it's"))
        #expect(defaults["e"] == .string("q\""))
        #expect(defaults["i"] == .word("null"))
        #expect(defaults["j"] == .word("a b"))
        #expect(defaults["k"] == .word("yes"))
        #expect(defaults["m"] == .string("CARD"))
        #expect(defaults["n"] == .word("CARD"))
        #expect(defaults["o"] == .word("null"))
        #expect(defaults["p"] == .word(""))
        #expect(defaults["t"] == .string(""))
        #expect(defaults["v"] == .string("true"))
        #expect(defaults["w"] == .number("007"))
    }

    @Test func shortFormsWhereTheySayEverything() throws {
        let yaml = try #require(WriterTests.roundTrip(Self.shapes)?.yaml)
        for line in [
            "  Problem:\n    message: String\n",
            "  Empty: {}\n",
            "  ID: UUID\n",
            "  \"Page<Item>\":\n    items: \"[Item]\"\n",
            "    a: \"Int = -5\"\n",
            "    d: \"String = 'it''s'\"\n",
            "    l: { type: Int, description: \"With a description.\", default: 1 }\n",
            "    \"n\": { type: Status, description: \"A word.\", default: CARD }\n",
            "    o: { type: \"Status = null\", description: \"null as a word.\" }\n",
            "    p:\n      type: Status\n      description: \"An empty word.\"\n      default:\n",
            "    enum: [in-review, \"null\", \"a b\", \"yes\", CARD, \"1.5\", \"-\", \"true\"]\n",
            "    enum: { active: ACTIVE, inReview: in-review, _2fa: \"2fa\" }\n    frozen: true\n",
            "auth: { query: api_key }\n",
            "      404: Problem\n",
            "    timeout: 2.5\n    retry: true\n",
            "    description: |\n      Every key.\n\n      Two paragraphs.\n",
        ] {
            #expect(yaml.contains(line), "missing:\n\(line)\nin:\n\(yaml)")
        }
        // Fields named like the shape keys make the long form.
        #expect(yaml.contains("  Tricky:\n    fields:\n      fields: String\n"))
    }

    @Test func aKeyLongerThanAnImplicitKeyTakesTheExplicitForm() throws {
        let long = String(repeating: "k", count: 1_500)
        let spec = """
            name: Long
            models:
              M:
                ? \(long)
                : { type: String, description: "A long key." }
                short: Int
              E:
                enum:
                  - \(long)
                  - b
            endpoints:
              ? \(long)
              :
                request: GET /x
            """
        let (_, reloaded, yaml) = try #require(WriterTests.roundTrip(spec))
        #expect(yaml.contains("    ? \(long)\n    : { type: String, description: \"A long key.\" }\n"))
        #expect(yaml.contains("    enum:\n      - \(long)\n      - b\n"))
        guard case .object(let fields) = reloaded.models.first?.kind else { Issue.record("not an object"); return }
        #expect(fields.first?.wireName == long)
    }

    @Test func whatTheFormatCannotSayIsAWarning() throws {
        let loaded = SpecLoader.load(path: "t.yaml", read: Support.reader([("t.yaml", Self.shapes)]))
        var spec = try #require(loaded.spec)
        #expect(SpecWriter.problems(spec).isEmpty)
        guard let alias = spec.models.firstIndex(where: { $0.name == "ID" }),
              let named = spec.models.firstIndex(where: { $0.name == "Named" }),
              case .enumeration(var decl) = spec.models[named].kind else {
            Issue.record("the test spec changed")
            return
        }
        spec.models[alias].description = "An ID."
        decl.cases[0].swiftName = nil
        spec.models[named].kind = .enumeration(decl)
        let problems = SpecWriter.problems(spec)
        #expect(problems.map(\.message) == [
            "enum 'Named' chooses the Swift names of some cases only; the format chooses all or none, so the derived names are written out",
        ])
        #expect(problems.allSatisfy { $0.severity == .warning })
        // The derived name is written out, so the enum still generates the same cases; an alias
        // with a description takes the long form, which reads back the same.
        let yaml = SpecWriter.yaml(spec)
        #expect(yaml.contains("    enum: { active: ACTIVE, inReview: in-review, _2fa: \"2fa\" }\n"))
        #expect(yaml.contains("  ID:\n    description: \"An ID.\"\n    alias: "))
        let reread = try #require(SpecLoader.load(path: "t.yaml", read: Support.reader([("t.yaml", yaml)])).spec)
        #expect(reread.models.first { $0.name == "ID" }?.description == "An ID.")
    }
}
