import SpecWriter
import Testing

/// A union without a discriminator (untagged: the first variant that decodes wins) is written as
/// `oneOf:` with no `discriminator:` key.
@Suite struct UntaggedUnionTests {
    @Test func anUntaggedUnionHasNoDiscriminatorKey() throws {
        let spec = """
            name: Untagged
            models:
              A:
                a: Int
              B:
                b: String
              AOrB:
                oneOf:
                  a: A
                  b: B
            """
        let yaml = try #require(WriterTests.roundTrip(spec)?.yaml)
        #expect(yaml.contains("  AOrB:\n    oneOf:\n      a: A\n      b: B\n"))
        #expect(!yaml.contains("discriminator"))
        // And the untagged union generates the same code from the written spec.
        try Support.roundTrip("t.yaml", read: Support.reader([("t.yaml", spec)]))
    }
}
