import SpecRender
import Testing

@Suite struct VariableTests {
    @Test func insertsStrings() throws {
        #expect(try render("Hello, {{name}}!", ["name": "World"]) == "Hello, World!")
        #expect(try render("{{ name }}", ["name": "spaced"]) == "spaced")
    }

    @Test func neverEscapes() throws {
        #expect(try render("{{v}}", ["v": "<a & \"b\" 'c'>"]) == "<a & \"b\" 'c'>")
    }

    @Test func dottedNames() throws {
        let context: TemplateValue = ["type": ["name": "User", "module": ["name": "API"]]]
        #expect(try render("{{type.module.name}}.{{type.name}}", context) == "API.User")
    }

    @Test func currentValue() throws {
        #expect(try render("{{#names}}<{{.}}>{{/names}}", ["names": ["a", "b"]]) == "<a><b>")
    }

    @Test func outerScopesAreSearched() throws {
        let context: TemplateValue = ["owner": "User", "fields": [["name": "id"], ["name": "email", "owner": "Other"]]]
        #expect(try render("{{#fields}}{{owner}}.{{name}} {{/fields}}", context) == "User.id Other.email ")
    }

    @Test func typedObjects() throws {
        struct Field: TemplateObject {
            var name: String
            func value(forKey key: String) -> TemplateValue? {
                key == "name" ? .string(name) : nil
            }
        }
        let context = TemplateValue.list([.object(Field(name: "a")), .object(Field(name: "b"))])
        #expect(try render("{{#fields}}{{name}};{{/fields}}", ["fields": context]) == "a;b;")
    }
}

@Suite struct SectionTests {
    @Test func listRendersOncePerItem() throws {
        let context: TemplateValue = ["fields": [["name": "id"], ["name": "email"]]]
        #expect(try render("{{#fields}}let {{name}}\n{{/fields}}", context) == "let id\nlet email\n")
        #expect(try render("[{{#fields}}x{{/fields}}]", ["fields": []]) == "[]")
    }

    @Test func boolRendersWhenTrue() throws {
        #expect(try render("a{{#flag}}b{{/flag}}c", ["flag": true]) == "abc")
        #expect(try render("a{{#flag}}b{{/flag}}c", ["flag": false]) == "ac")
    }

    @Test func objectIsPushed() throws {
        let context: TemplateValue = ["name": "outer", "type": ["name": "inner"]]
        #expect(try render("{{#type}}{{name}}{{/type}} {{name}}", context) == "inner outer")
    }

    @Test func stringRendersWhenNonEmptyAndIsPushed() throws {
        #expect(try render("{{#doc}}/// {{.}}\n{{/doc}}x", ["doc": "Hi."]) == "/// Hi.\nx")
        #expect(try render("{{#doc}}/// {{.}}\n{{/doc}}x", ["doc": ""]) == "x")
    }

    @Test func inverted() throws {
        let template = "{{^v}}empty{{/v}}"
        #expect(try render(template, ["v": false]) == "empty")
        #expect(try render(template, ["v": true]) == "")
        #expect(try render(template, ["v": []]) == "empty")
        #expect(try render(template, ["v": ["x"]]) == "")
        #expect(try render(template, ["v": ""]) == "empty")
        #expect(try render(template, ["v": "x"]) == "")
        #expect(try render(template, ["v": ["k": "x"]]) == "")
    }

    @Test func firstAndLast() throws {
        let context: TemplateValue = ["cases": ["a", "b", "c"]]
        #expect(try render("case {{#cases}}{{.}}{{^@last}}, {{/@last}}{{/cases}}", context) == "case a, b, c")
        #expect(try render("{{#cases}}{{^@first}} | {{/@first}}{{.}}{{/cases}}", context) == "a | b | c")
        #expect(try render("{{#cases}}{{#@first}}[{{/@first}}{{.}}{{#@last}}]{{/@last}}{{/cases}}", context) == "[abc]")
        #expect(try render("{{#cases}}{{#@first}}{{#@last}}only {{/@last}}{{/@first}}{{.}}{{/cases}}", ["cases": ["x"]])
            == "only x")
    }

    @Test func firstAndLastUseTheInnermostList() throws {
        let context: TemplateValue = ["rows": [["cells": ["a", "b"]], ["cells": ["c"]]]]
        let template = "{{#rows}}({{#cells}}{{.}}{{^@last}},{{/@last}}{{/cells}}){{^@last}};{{/@last}}{{/rows}}"
        #expect(try render(template, context) == "(a,b);(c)")
        // An object section inside a list item doesn't hide the item's position.
        let typed: TemplateValue = ["items": [["t": ["n": "A"]], ["t": ["n": "B"]]]]
        #expect(try render("{{#items}}{{#t}}{{n}}{{^@last}}+{{/@last}}{{/t}}{{/items}}", typed) == "A+B")
    }

    @Test func comments() throws {
        #expect(try render("a{{! a note }}b") == "ab")
        #expect(try render("a\n  {{! standalone }}\nb\n") == "a\nb\n")
        #expect(try render("a\n{{! spans\n  two lines }}\nb\n") == "a\nb\n")
    }

    @Test func templateEndingWithoutNewline() throws {
        #expect(try render("x = {{v}}", ["v": "1"]) == "x = 1")
        #expect(try render("{{#a}}\nx\n  {{/a}}", ["a": true]) == "x\n")
        #expect(try render("line\n{{v}}", ["v": "end"]) == "line\nend")
    }

    @Test func crlfInputRendersWithLF() throws {
        let template = "struct A {\r\n    {{#fields}}\r\n    let {{.}}: Int\r\n    {{/fields}}\r\n}\r\n"
        #expect(try render(template, ["fields": ["a", "b"]]) == "struct A {\n    let a: Int\n    let b: Int\n}\n")
        #expect(renderError("ok\r\n\r\n  {{nope}}\r\n") == "T.swifttemplate:3:3: error: unknown variable 'nope'")
    }

    @Test func literals() throws {
        let object = DictionaryObject(["k": "v"])
        #expect(object.value(forKey: "k") != nil)
        #expect(object.value(forKey: "x") == nil)
        let name = "Z"
        #expect(try render("{{a}}{{#b}}!{{/b}}", ["a": "\(name)z", "b": true]) == "Zz!")
    }
}

@Suite struct StandaloneTests {
    @Test func sectionTagsOnTheirOwnLinesDisappear() throws {
        let template = """
            struct S {
                {{#fields}}
                let {{name}}: {{type}}
                {{/fields}}
                {{^fields}}
                // no fields
                {{/fields}}
            }

            """
        let context: TemplateValue = ["fields": [["name": "a", "type": "Int"], ["name": "b", "type": "String"]]]
        #expect(try render(template, context) == "struct S {\n    let a: Int\n    let b: String\n}\n")
        #expect(try render(template, ["fields": []]) == "struct S {\n    // no fields\n}\n")
    }

    @Test func tabsAndFirstLine() throws {
        #expect(try render("{{#a}}\n\tx\n\t{{/a}}\ny\n", ["a": true]) == "\tx\ny\n")
    }

    @Test func inlineTagsRemoveNothing() throws {
        #expect(try render("a {{#t}}x{{/t}} b\n", ["t": true]) == "a x b\n")
        #expect(try render("  {{#t}}x\n{{/t}}\n", ["t": true]) == "  x\n")
        #expect(try render("{{#t}}{{/t}}\n", ["t": true]) == "\n")
        #expect(try render("  {{#t}}  x  {{/t}}  \n", ["t": false]) == "    \n")
    }

    @Test func variablesAreNeverStandalone() throws {
        #expect(try render("a\n  {{v}}\nb\n", ["v": ""]) == "a\n  \nb\n")
    }
}
