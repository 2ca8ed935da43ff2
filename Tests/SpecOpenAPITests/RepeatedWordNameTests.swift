import SpecCore
import Testing

/// An inline type's place name says a word once: a property that repeats its owner's last words,
/// or begins with them, does not repeat them in the type's name (Docs/OpenAPI.md, rule 3).
@Suite struct RepeatedWordNameTests {
    static let schemas: [(name: String, text: String)] = [
        ("Commit", """
            Commit:
              type: object
              properties:
                commit: { type: object, properties: { message: { type: string } } }
                merge_method: { type: string, enum: [merge, squash] }
        """),
        ("ThreadObject", """
            ThreadObject:
              type: object
              properties:
                object: { type: string, enum: [thread] }
        """),
        ("ToolOutput", """
            ToolOutput:
              type: object
              properties:
                output: { oneOf: [{ type: string }, { type: integer }] }
        """),
        ("AutoMerge", """
            AutoMerge:
              type: object
              properties:
                merge_method: { type: string, enum: [merge, rebase] }
        """),
    ]

    static let operation = (path: "/commits", text: """
          /commits:
            get:
              operationId: getCommit
              responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: { anyOf: [{ $ref: "#/components/schemas/Commit" }, { $ref: "#/components/schemas/ThreadObject" }, { $ref: "#/components/schemas/AutoMerge" }, { $ref: "#/components/schemas/ToolOutput" }] } } } } } }
        """)

    @Test func aPlaceSaysItsOwnersWordsOnce() throws {
        let names = NameStabilityTests.names(try NameStabilityTests.load(NameStabilityTests.document([Self.operation], Self.schemas)))
        // The owner's own name is taken: the type says what it is there.
        #expect(names["Commit.commit"] == "CommitDetails?")
        #expect(names["ThreadObject.object"] == "ThreadObjectKind?")
        #expect(names["ToolOutput.output"] == "ToolOutputValue?")
        // A property that begins with the owner's last word says it once.
        #expect(names["AutoMerge.merge_method"] == "AutoMergeMethod?")
        #expect(names["Commit.merge_method"] == "CommitMergeMethod?")
        #expect(!names.values.contains { $0.contains("CommitCommit") || $0.contains("ObjectObject") || $0.contains("MergeMerge") })
    }
}
