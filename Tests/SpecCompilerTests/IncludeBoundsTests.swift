import SpecCompiler
import Testing

/// Includes that never end (found by the fuzzer: every included file including one more folder down,
/// as a folder linked to its parent does) stop at a bound with a located error.
@Suite struct IncludeBoundsTests {
    @Test func anEndlessChainOfIncludesStopsAtTheDepthLimit() throws {
        let templates = try #require(Golden.templates)
        let result = SpecCompiler.compile(path: "spec.yaml", templates: templates) { path in
            Array((path == "spec.yaml" ? "name: Loop\ninclude: [loop/more.yaml]\n" : "include: [loop/more.yaml]\n").utf8)
        }
        let messages = result.diagnostics.all.map(\.description)
        let deepest = "loop/" + String(repeating: "loop/", count: 31) + "more.yaml"
        #expect(messages == ["\(deepest):1:11: error: includes are nested more than 32 files deep; does a folder link back to a parent?"])
        #expect(result.files.isEmpty)
    }

    @Test func aSpecOfTooManyFilesStopsAtTheFileLimit() throws {
        let templates = try #require(Golden.templates)
        // Every file down to ten folders deep includes two more: 2,047 files in all.
        let result = SpecCompiler.compile(path: "spec.yaml", templates: templates) { path in
            let depth = path.split(separator: "/").count
            return Array("\(path == "spec.yaml" ? "name: Tree\n" : "")\(depth <= 10 ? "include: [a/x.yaml, b/x.yaml]" : "models: {}")\n".utf8)
        }
        let messages = result.diagnostics.all.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("a spec can be made of at most 1000 files; ") == true)
        #expect(result.inputs.count == 1_000)
        #expect(result.files.isEmpty)
    }
}
