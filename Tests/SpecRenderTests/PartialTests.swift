import SpecRender
import Testing

@Suite struct PartialTests {
    @Test func inlinePartialUsesTheCurrentContext() throws {
        let context: TemplateValue = ["items": [["n": "1"], ["n": "2"]]]
        #expect(try render("{{#items}}<{{>Item}}>{{/items}}", context, partials: ["Item": "#{{n}}"]) == "<#1><#2>")
    }

    @Test func nestedPartialsIndentSwift() throws {
        let partials = [
            "Field": "/// {{doc}}\npublic var {{name}}: {{type}}\n",
            "Init": """
                public init(
                    {{#fields}}
                    {{>Param}}
                    {{/fields}}
                ) {
                    {{#fields}}
                    self.{{name}} = {{name}}
                    {{/fields}}

                    {{>Check}}
                }

                """,
            "Param": "{{name}}: {{type}}{{^@last}},{{/@last}}\n",
            "Check": "if check {\n    {{>Body}}\n}\n",
            "Body": "first()\n\nsecond()\n",
        ]
        let template = """
            public struct {{name}} {
                {{#fields}}
                {{>Field}}

                {{/fields}}
                {{>Init}}
            }

            """
        let context: TemplateValue = [
            "name": "User",
            "fields": [
                ["name": "id", "type": "Int", "doc": "The id."],
                ["name": "bio", "type": "String", "doc": "About.\nSeveral lines."],
            ],
        ]
        let expected = """
            public struct User {
                /// The id.
                public var id: Int

                /// About.
                Several lines.
                public var bio: String

                public init(
                    id: Int,
                    bio: String
                ) {
                    self.id = id
                    self.bio = bio

                    if check {
                        first()

                        second()
                    }
                }
            }

            """
        let output = try render(template, context, partials: partials)
        #expect(output == expected)
        #expect(!output.contains(" \n"))
    }

    @Test func recursivePartialWithinTheBound() throws {
        let node = "- {{name}}\n{{#children}}\n  {{>Node}}\n{{/children}}\n"
        let context: TemplateValue = [
            "name": "root",
            "children": [["name": "a", "children": [["name": "b", "children": []]]], ["name": "c", "children": []]],
        ]
        #expect(try render("{{>Node}}", context, partials: ["Node": node]) == "- root\n  - a\n    - b\n  - c\n")
    }

    @Test func infiniteRecursionFails() {
        #expect(renderError("{{>A}}", partials: ["A": "x\n  {{>B}}\n", "B": "{{>A}}"])
            == "B.swifttemplate:1:1: error: partial 'A' nested more than 64 levels deep; is it recursive?")
    }

    @Test func unknownPartial() throws {
        #expect(renderError("line\n    {{>Missing}}\n") == "T.swifttemplate:2:5: error: unknown partial 'Missing'")
        let set = TemplateSet([
            try Template(name: "A", path: "A.swifttemplate", source: "{{#x}}\n{{>Nope}}\n{{/x}}"),
            try Template(name: "B", path: "B.swifttemplate", source: "{{>A}} {{>Gone}}"),
        ])
        #expect(set.validate().map(\.description) == [
            "A.swifttemplate:2:1: error: unknown partial 'Nope'",
            "B.swifttemplate:1:8: error: unknown partial 'Gone'",
        ])
    }

    @Test func laterTemplatesOverrideEarlierOnesByName() throws {
        let defaults = [
            try Template(name: "Model", path: "Templates/Model.swifttemplate", source: "struct {{name}} {\n    {{>Field}}\n}\n"),
            try Template(name: "Field", path: "Templates/Field.swifttemplate", source: "let x: Int\n"),
        ]
        let user = [try Template(name: "Field", path: "custom/Field.swifttemplate", source: "var y: String\n")]
        let set = TemplateSet(defaults + user)
        #expect(set.contains("Model") && set.contains("Field") && !set.contains("Other"))
        #expect(set.names == ["Field", "Model"])
        #expect(try set.render("Model", ["name": "A"]) == "struct A {\n    var y: String\n}\n")
        #expect(try TemplateSet(defaults).render("Model", ["name": "A"]) == "struct A {\n    let x: Int\n}\n")
        #expect(set.validate().isEmpty)
    }
}

@Suite struct PartialLineTests {
    @Test func partialFileWithoutFinalNewline() throws {
        let partials = ["Field": "let {{name}}: Int", "Empty": "{{#no}}x{{/no}}"]
        let template = "struct S {\n    {{>Field}}\n    {{>Empty}}\n}\n"
        #expect(try render(template, ["name": "a", "no": false], partials: partials) == "struct S {\n    let a: Int\n}\n")
        // A standalone partial on a last line without a newline adds none.
        #expect(try render("a\n{{>Field}}", ["name": "b"], partials: partials) == "a\nlet b: Int")
        // Nothing rendered inline before an empty standalone partial gains a newline.
        #expect(try render("x{{>Outer}}", ["no": false], partials: ["Outer": "{{>Empty}}\n"].merging(partials) { $1 }) == "x")
    }

    @Test func multilineValuesAreIndentedInsideIndentedPartials() throws {
        let partials = ["Doc": "/// {{line}}\n{{body}}\n"]
        let context: TemplateValue = ["line": "Summary.", "body": "first()\n\nsecond()"]
        #expect(try render("func f() {\n    {{>Doc}}\n}\n", context, partials: partials)
            == "func f() {\n    /// Summary.\n    first()\n\n    second()\n}\n")
    }
}
