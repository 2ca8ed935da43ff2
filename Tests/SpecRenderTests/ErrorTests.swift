import SpecRender
import Testing

@Suite struct ErrorTests {
    /// The error of parsing `source` as `T.swifttemplate`, or nil.
    private func parseError(_ source: String) -> String? {
        do {
            _ = try Template(name: "T", path: "T.swifttemplate", source: source)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func unknownVariableIsLocated() throws {
        let source = String(repeating: "// line\n", count: 11) + "        {{fieldz}}\n"
        let template = try Template(name: "Model", path: "Templates/Model.swifttemplate", source: source)
        #expect(throws: TemplateError.self) { try TemplateSet([template]).render("Model", ["fields": []]) }
        do {
            _ = try TemplateSet([template]).render("Model", ["fields": []])
        } catch {
            #expect(error.description == "Templates/Model.swifttemplate:12:9: error: unknown variable 'fieldz'")
        }
    }

    @Test func unknownVariableVariants() {
        #expect(renderError("é {{x}}") == "T.swifttemplate:1:3: error: unknown variable 'x'")
        #expect(renderError("{{type.nam}}", ["type": ["name": "A"]]) == "T.swifttemplate:1:1: error: unknown variable 'type.nam'")
        #expect(renderError("{{name.x}}", ["name": "A"])
            == "T.swifttemplate:1:1: error: unknown variable 'name.x': 'x' is looked up in a string")
        #expect(renderError("a\n  {{#itemz}}\n  {{/itemz}}\n") == "T.swifttemplate:2:3: error: unknown variable 'itemz'")
        #expect(renderError("{{#items}}{{nope}}{{/items}}", ["items": ["a"]])
            == "T.swifttemplate:1:11: error: unknown variable 'nope'")
        #expect(renderError("{{>P}}", partials: ["P": "\n {{y}}"]) == "P.swifttemplate:2:2: error: unknown variable 'y'")
    }

    @Test func insertingNonStrings() {
        #expect(renderError("{{fields}}", ["fields": []])
            == "T.swifttemplate:1:1: error: cannot insert list 'fields' as text; use a section '{{#fields}}...{{/fields}}'")
        #expect(renderError(" {{t}}", ["t": ["a": "b"]])
            == "T.swifttemplate:1:2: error: cannot insert object 't' as text; use a section '{{#t}}...{{/t}}'")
        #expect(renderError("{{f}}", ["f": true])
            == "T.swifttemplate:1:1: error: cannot insert bool 'f' as text; use a section '{{#f}}...{{/f}}'")
    }

    @Test func positionOutsideAList() {
        #expect(renderError("{{^@last}},{{/@last}}") == "T.swifttemplate:1:1: error: '@last' used outside a section over a list")
    }

    @Test func unclosedSection() {
        #expect(parseError("a\n  {{#fields}}\nx\n")
            == "T.swifttemplate:2:3: error: unclosed section '{{#fields}}': missing '{{/fields}}'")
        #expect(parseError("{{#a}}{{^b}}\n{{/a}}")
            == "T.swifttemplate:2:1: error: closing tag '{{/a}}' does not match '{{^b}}' opened at 1:7")
    }

    @Test func mismatchedAndUnexpectedClose() {
        #expect(parseError("{{#a}}\n{{#b}}\n  {{/a}}\n")
            == "T.swifttemplate:3:3: error: closing tag '{{/a}}' does not match '{{#b}}' opened at 2:1")
        #expect(parseError("x {{/a}}") == "T.swifttemplate:1:3: error: unexpected closing tag '{{/a}}': no section is open")
    }

    @Test func malformedTags() {
        #expect(parseError("a {{}}") == "T.swifttemplate:1:3: error: empty tag '{{}}'")
        #expect(parseError("\n{{ # }}") == "T.swifttemplate:2:1: error: empty tag '{{#}}': expected a name")
        #expect(parseError("{{>}}") == "T.swifttemplate:1:1: error: empty tag '{{>}}': expected a name")
        #expect(parseError("abc {{name") == "T.swifttemplate:1:5: error: unclosed tag: missing '}}'")
        #expect(parseError("{{a..b}}")
            == "T.swifttemplate:1:1: error: invalid name 'a..b': use letters, digits, '_' and '-', separated by '.'")
        #expect(parseError("{{a b}}")
            == "T.swifttemplate:1:1: error: invalid name 'a b': use letters, digits, '_' and '-', separated by '.'")
        #expect(parseError("{{#@index}}{{/@index}}")
            == "T.swifttemplate:1:1: error: unknown special variable '@index': only '@first' and '@last' exist")
    }

    @Test func lineCountingAfterMultilineComment() {
        #expect(renderError("{{! one\ntwo\n}} {{x}}") == "T.swifttemplate:3:4: error: unknown variable 'x'")
    }

    @Test func unknownTemplateName() {
        #expect(throws: TemplateError.self) { try TemplateSet([]).render("Model", [:]) }
        do {
            _ = try TemplateSet([]).render("Model", [:])
        } catch {
            #expect(error.description == "<templates>:1:1: error: no template named 'Model'")
        }
    }
}
