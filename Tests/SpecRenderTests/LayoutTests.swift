import SpecRender
import Testing

/// Wrapping groups and the line printer: a line that fits stays as written, one that does not
/// breaks its first group, one item per line, at the line's real indentation.
@Suite struct LayoutTests {
    static let parameters: TemplateValue = ["items": ["first: Int", "second: String", "third: [String: Double]"]]

    @Test func aGroupThatFitsIsPrintedFlat() throws {
        #expect(try render("func f({{,items}}{{.}}{{/items}}) {}\n", Self.parameters) == "func f(first: Int, second: String, third: [String: Double]) {}\n")
    }

    @Test func aGroupThatDoesNotFitBreaksOneItemPerLineAtTheLinesIndentation() throws {
        let long: TemplateValue = ["items": .list((1...8).map { .string("parameterNumber\($0): SomeLongTypeName") })]
        let text = try render("    func f({{,items}}{{.}}{{/items}}) -> Result {\n", long)
        #expect(text == "    func f(\n" + (1...8).map { "        parameterNumber\($0): SomeLongTypeName" }.joined(separator: ",\n") + "\n    ) -> Result {\n")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 120 })
    }

    @Test func anInnerGroupBreaksOnlyWhenItsOwnLineIsTooLong() throws {
        let context: TemplateValue = ["pairs": .list((1...6).map { .string("\"key_number_\($0)\": valueNumber\($0)") })]
        let text = try render("        Endpoint({{(}}.get{{,}}\"/path\"{{,}}query: [{{,pairs}}{{.}}{{/pairs}}]{{,}}response: .json{{)}})\n", context)
        #expect(text == """
                    Endpoint(
                        .get,
                        "/path",
                        query: [
                            "key_number_1": valueNumber1,
                            "key_number_2": valueNumber2,
                            "key_number_3": valueNumber3,
                            "key_number_4": valueNumber4,
                            "key_number_5": valueNumber5,
                            "key_number_6": valueNumber6
                        ],
                        response: .json
                    )

            """)
    }

    @Test func insideAGroupTheTemplatesLineBreaksAreNotPrinted() throws {
        let template = "call({{(}}\n    a{{,}}\n    {{#flag}}\n    b{{,}}\n    {{/flag}}\n    c\n{{)}})\n"
        #expect(try render(template, ["flag": true]) == "call(a, b, c)\n")
        #expect(try render(template, ["flag": false]) == "call(a, c)\n")
    }

    @Test func anEmptyListWritesNoGroup() throws {
        #expect(try render("func f({{,items}}{{.}}{{/items}})\n", ["items": []]) == "func f()\n")
    }

    @Test func aLongDocCommentLineIsWrappedBetweenWordsButCodeIsNot() throws {
        let words = (1...30).map { "word\($0)" }.joined(separator: " ")
        let text = try render("    /// {{text}}\n    ///\n    ///     {{text}}\n", ["text": .string(words)])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].count <= 120 && lines[1].hasPrefix("    /// word"))
        #expect(lines[3] == "    ///     " + Substring(words))  // indented code stays on its line
    }

    @Test func aGroupMustCloseInTheSectionThatOpensIt() {
        #expect(renderError("{{#a}}{{(}}{{/a}}{{)}}") == "T.swifttemplate:1:7: error: unclosed group '{{(}}': missing '{{)}}' in the same section")
        #expect(renderError("x{{)}}") == "T.swifttemplate:1:2: error: unexpected '{{)}}': no group '{{(}}' is open in this section")
    }
}

/// Layout edge cases: a group with nothing before it, and wrapping that must not start a Markdown block.
@Suite struct LayoutEdgeTests {
    @Test func aGroupThatOpensItsLineBreaksWithoutABlankLineOrALoneComma() throws {
        let path = "/" + String(repeating: "segment/", count: 14)
        let text = try render("    Endpoint({{(}}{{(}}.get{{,}}\"{{path}}\"{{,}}API.api{{)}}{{,}}response: .json{{)}})\n", ["path": .string(path)])
        #expect(text == "    Endpoint(\n        .get,\n        \"\(path)\",\n        API.api,\n        response: .json\n    )\n")
    }

    @Test func aWrappedDocLineNeverStartsAListItemOrAHeading() throws {
        let words = (1...16).map { "word\($0)" }.joined(separator: " ")
        for marker in ["- item", "# heading", "1. first", "> quote", "``` fence"] {
            let text = try render("/// {{text}}\n", ["text": .string(words + " " + marker + " " + words)])
            let lines = text.split(separator: "\n")
            #expect(lines.count > 1)
            for line in lines.dropFirst() {
                let body = line.dropFirst(4)
                #expect(!(body.hasPrefix("- ") || body.hasPrefix("#") || body.hasPrefix("1. ") || body.hasPrefix(">") || body.hasPrefix("```")),
                        "\(marker): \(line)")
            }
        }
    }
}
