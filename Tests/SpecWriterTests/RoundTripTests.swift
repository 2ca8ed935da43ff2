import Foundation
import SpecCompiler
import SpecWriter
import Testing

/// Every example spec, written with `SpecWriter` and loaded back from memory, generates byte for
/// byte the files it generates directly; the written text is a fixed point (writing the reloaded
/// spec gives it again). The Kitchen spec's text is a golden.
@Suite struct RoundTripTests {
    /// The specs of Specs/, the landmine spec (every Swift keyword and type name) and the streams
    /// spec (streams, unions of events, pagination).
    static let exampleSpecs = ["Articles", "Chirp", "Courses", "HTTPBin", "Kitchen", "Tips", "Landmine", "Streams"]

    @Test func everySpecInSpecsIsListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Support.packageRoot.appendingPathComponent("Specs").path)
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
        #expect(Set(names).isSubset(of: Set(Self.exampleSpecs)), "a spec in Specs/ is missing from exampleSpecs: \(names.sorted())")
    }

    @Test(arguments: exampleSpecs)
    func exampleSpecGeneratesTheSameFilesFromItsWrittenForm(_ name: String) throws {
        let folder = Support.packageRoot.appendingPathComponent(["Landmine", "Streams"].contains(name) ? "Tests/GeneratedClients" : "Specs")
        try Support.roundTrip("\(name).yaml", read: Support.reader(in: folder))
    }

    /// The output goldens of the compiler's tests: escaping, includes (joined into one file), access,
    /// unions, and sharded output.
    @Test(arguments: ["access-internal", "endpoints", "enums-unions-aliases", "escaping", "includes", "object-models", "sharded"])
    func compilerGoldenGeneratesTheSameFilesFromItsWrittenForm(_ name: String) throws {
        let folder = Support.packageRoot.appendingPathComponent("Tests/SpecCompilerTests/Goldens/\(name)")
        try Support.roundTrip("spec.yaml", read: Support.reader(in: folder), shards: name == "sharded" ? 3 : 1)
    }

    @Test func kitchenIsWrittenAsTheGoldenSays() throws {
        let folder = Support.packageRoot.appendingPathComponent("Specs")
        let spec = try #require(Support.check("Kitchen.yaml", read: Support.reader(in: folder)))
        try Support.checkGolden(SpecWriter.yaml(spec), against: Support.testsFolder.appendingPathComponent("Goldens/Kitchen.yaml"))
    }

    @Test func writingIsDeterministic() throws {
        let folder = Support.packageRoot.appendingPathComponent("Specs")
        let texts = (0..<3).map { _ in Support.check("Kitchen.yaml", read: Support.reader(in: folder)).map(SpecWriter.yaml) }
        #expect(texts[0] != nil)
        #expect(texts.allSatisfy { $0 == texts[0] })
    }
}
