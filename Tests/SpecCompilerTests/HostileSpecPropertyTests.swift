import Foundation
import SpecCompiler
import Testing

/// The injection-proof output property (issue 5): specs whose descriptions, wire names, enum values,
/// defaults and paths are hostile strings either generate code that compiles with warnings as errors
/// and carries the exact names and values to the wire and back, or are diagnosed, never emitted wrong.
///
/// The run is seeded; the seed is printed. Replay a failure with `SPECWRIGHT_SEED=<seed>`, and
/// change the number of specs with `SPECWRIGHT_HOSTILE_SPECS=<count>` (default 1,000);
/// `SPECWRIGHT_HOSTILE_DUMP=<folder>` writes each spec there.
@Suite(.serialized) struct HostileSpecPropertyTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["SPECWRIGHT_SEED"].flatMap { UInt64($0) } ?? 2_026_113_005
    static let count = environment["SPECWRIGHT_HOSTILE_SPECS"].flatMap { Int($0) } ?? 1_000

    /// The errors a hostile spec may get: names that collide or leave nothing a Swift name can use.
    /// Anything else is a generator that refuses what it should handle.
    static let allowedErrors = ["both become", "has no characters a Swift name can use", "cannot be named"]

    /// The generated code is compiled in this many parts, one after another (`.serialized`): one
    /// compile of every spec would take more memory than a CI machine has, and parallel ones would
    /// starve the rest of the suite of CPU.
    static let parts = 8

    /// One spec through the generator: its files, or its errors.
    struct Outcome: Sendable {
        var spec: HostileSpec
        var files: [OutputFile]
        var errors: [String]
    }

    /// Every spec of the run, generated once and shared by the tests.
    static let outcomes: [Outcome] = {
        print("hostile specs: \(count) specs, seed \(seed) (replay with SPECWRIGHT_SEED=\(seed))")
        guard let templates = Golden.templates else { return [] }
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let spec = HostileSpec.random(index, &random)
            if let dump = environment["SPECWRIGHT_HOSTILE_DUMP"] {
                try? Data(spec.yaml.utf8).write(to: URL(fileURLWithPath: dump).appendingPathComponent("P\(index).yaml"))
            }
            let result = SpecCompiler.compile(path: "P\(index).yaml", templates: templates) { _ in Array(spec.yaml.utf8) }
            return Outcome(spec: spec, files: result.files, errors: result.diagnostics.all.filter { $0.severity == .error }.map(\.description))
        }
    }()

    @Test func everySpecIsGeneratedOrDiagnosedForAReason() async throws {
        // Generated here first (the suite is serialized), off Swift concurrency's threads.
        let generated = try await Golden.onOwnThread { Self.outcomes.count }
        #expect(generated == Self.count)
        for outcome in Self.outcomes {
            let (spec, errors) = (outcome.spec, outcome.errors)
            if spec.collides {
                #expect(errors.contains { $0.contains("both become") }, "seed \(Self.seed), spec \(spec.index): a collision was not diagnosed:\n\(spec.yaml)\n\(errors)")
            }
            #expect(errors.isEmpty != outcome.files.isEmpty, "seed \(Self.seed), spec \(spec.index): files and errors")
            for error in errors where !Self.allowedErrors.contains(where: error.contains) {
                Issue.record("seed \(Self.seed), spec \(spec.index): unexpected error \(error)\n\(spec.yaml)")
            }
        }
        let compiled = Self.outcomes.filter(\.errors.isEmpty).count
        print("hostile specs: \(compiled) generated, \(Self.count - compiled) diagnosed")
        #expect(compiled >= Self.count * 2 / 3, "most hostile specs must generate, or the property says little")
    }

    @Test(arguments: 0..<parts)
    func generatedCodeCompilesAndRoundTrips(part: Int) async throws {
        let modules = try #require(GoldenCompileTests.modulesFolder, "the Specwright module must be built next to the tests")
        let generated = Self.outcomes.filter { $0.errors.isEmpty && $0.spec.index % Self.parts == part }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [String] = []
        for file in generated.flatMap(\.files) {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            sources.append(url.path)
        }
        let checks = folder.appendingPathComponent("Checks.swift")
        try Data(("import Foundation\nimport Specwright\n\n" + generated.map(\.spec.check).joined(separator: "\n")).utf8).write(to: checks)
        let main = folder.appendingPathComponent("main.swift")
        try Data(HostileSpec.driver(calling: generated.map(\.spec.index)).utf8).write(to: main)
        let runtime = modules.deletingLastPathComponent().appendingPathComponent("Specwright.build")
        let objects = try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasSuffix(".o") }.sorted().map { runtime.appendingPathComponent($0).path }
        let executable = folder.appendingPathComponent("hostile").path
        // Under `swift test --sanitize=...` the runtime's objects are instrumented: link the same way
        // (SPECWRIGHT_SANITIZE=address or thread; see README, Reliability).
        let sanitize = Self.environment["SPECWRIGHT_SANITIZE"].map { ["-sanitize=\($0)"] } ?? []
        let build = try await GoldenCompileTests.run("swiftc", [
            "-Onone", "-wmo", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Hostile", "-I", modules.path, "-o", executable,
        ] + sanitize + sources + [checks.path, main.path] + objects)
        try #require(build.status == 0, "seed \(Self.seed), part \(part): the generated code does not compile:\n\(build.text.prefix(20_000))")
        let run = try await GoldenCompileTests.run(executable, [])
        #expect(run.status == 0)
        #expect(run.text.hasSuffix("checked \(generated.count) specs, 0 failures\n"), "seed \(Self.seed), part \(part):\n\(run.text.prefix(20_000))")
    }
}
