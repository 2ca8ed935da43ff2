import Foundation
import SpecCompiler
import SpecCore
import SpecWriter
import TestSupport
import Testing

/// Both property runs. Each compiles its generated code with swiftc, one part after another; the
/// two runs go side by side, as `OffPool` allows one compile per core.
@Suite enum HostileProperties {
    /// The injection-proof output property (issue 5): specs whose descriptions, wire names, enum values,
    /// defaults and paths are hostile strings either generate code that compiles with warnings as errors
    /// and carries the exact names and values to the wire and back, or are diagnosed, never emitted wrong.
    ///
    /// The run is seeded; the seed is printed. Replay a failure with `SPECWRIGHT_SEED=<seed>`, and
    /// change the number of specs with `SPECWRIGHT_HOSTILE_SPECS=<count>` (default 1,000);
    /// `SPECWRIGHT_HOSTILE_DUMP=<folder>` writes each spec there (`P<index>.yaml`, `P<index>.openapi.yaml`).
    @Suite(.serialized) struct HostileSpecPropertyTests {
        /// The errors a hostile spec may get: names that collide or leave nothing a Swift name can use.
        /// Anything else is a generator that refuses what it should handle.
        static let allowedErrors = ["both become", "has no characters a Swift name can use", "cannot be named"]

        static let outcomes = HostileRun.generate(.spec)

        @Test func everySpecIsGeneratedOrDiagnosedForAReason() async throws {
            // Generated here first (the suite is serialized), off Swift concurrency's threads.
            let outcomes = try await OffPool.run(.heavy) { Self.outcomes }
            #expect(outcomes.count == HostileRun.count)
            for outcome in outcomes {
                let (spec, errors) = (outcome.spec, outcome.errors)
                if spec.collides {
                    #expect(errors.contains { $0.contains("both become") }, "seed \(HostileRun.seed), spec \(spec.index): a collision was not diagnosed:\n\(spec.yaml)\n\(errors)")
                }
                #expect(errors.isEmpty != outcome.files.isEmpty, "seed \(HostileRun.seed), spec \(spec.index): files and errors")
                for error in errors where !Self.allowedErrors.contains(where: error.contains) {
                    Issue.record("seed \(HostileRun.seed), spec \(spec.index): unexpected error \(error)\n\(spec.yaml)")
                }
            }
            let compiled = outcomes.filter(\.errors.isEmpty).count
            print("hostile specs: \(compiled) generated, \(HostileRun.count - compiled) diagnosed")
            #expect(compiled >= HostileRun.count * 2 / 3, "most hostile specs must generate, or the property says little")
        }

        @Test func everySpecIsWrittenBackAsTheSameSpec() async throws {
            try await HostileRun.checkConversion(of: OffPool.run(.heavy) { Self.outcomes })
        }

        @Test(arguments: 0..<HostileRun.parts)
        func generatedCodeCompilesAndRoundTrips(part: Int) async throws {
            try await HostileRun.compileAndCheck(part: part, of: OffPool.run(.heavy) { Self.outcomes })
        }
    }

    /// The same property through the OpenAPI front end, with the same hostile model, enum and endpoint
    /// as an OpenAPI 3.1 document. A document is not the user's to fix, so the front end must generate
    /// every one of them: names that collide get a number, and nothing is diagnosed.
    @Suite(.serialized) struct HostileOpenAPIPropertyTests {
        static let outcomes = HostileRun.generate(.openAPI)

        @Test func everyDocumentIsGenerated() async throws {
            let outcomes = try await OffPool.run(.heavy) { Self.outcomes }
            #expect(outcomes.count == HostileRun.count)
            for outcome in outcomes where !outcome.errors.isEmpty || outcome.files.isEmpty {
                Issue.record("seed \(HostileRun.seed), document \(outcome.spec.index): \(outcome.errors)\n\(outcome.spec.yaml)")
            }
            #expect(outcomes.contains { $0.spec.collides }, "the run must hold collisions made on purpose")
        }

        @Test func everyDocumentConvertsToASpecThatGeneratesTheSameFiles() async throws {
            try await HostileRun.checkConversion(of: OffPool.run(.heavy) { Self.outcomes })
        }

        @Test(arguments: 0..<HostileRun.parts)
        func generatedCodeCompilesAndRoundTrips(part: Int) async throws {
            try await HostileRun.compileAndCheck(part: part, of: OffPool.run(.heavy) { Self.outcomes })
        }
    }
}

/// One seeded run of hostile inputs for one front end: every input generated once, then compiled
/// and exercised in parts.
enum HostileRun {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["SPECWRIGHT_SEED"].flatMap { UInt64($0) } ?? 2_026_113_005
    static let count = environment["SPECWRIGHT_HOSTILE_SPECS"].flatMap { Int($0) } ?? 1_000

    /// The generated code is compiled in this many parts, one after another (`.serialized`): one
    /// compile of every spec would take more memory than a CI machine has, and parts that finish
    /// one by one keep the test output moving.
    static let parts = 8

    /// One input through the generator: its files, or its errors.
    struct Outcome: Sendable {
        var spec: HostileSpec
        var files: [OutputFile]
        var errors: [String]
        /// The generated `get` factory's label for the query parameter.
        var queryLabel: String
    }

    /// Every input of a run through the generator.
    static func generate(_ format: HostileSpec.Format) -> [Outcome] {
        print("hostile \(format) inputs: \(count), seed \(seed) (replay with SPECWRIGHT_SEED=\(seed))")
        guard let templates = Golden.templates else { return [] }
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let spec = HostileSpec.random(index, &random, format: format)
            let path = "P\(index).yaml"
            if let dump = environment["SPECWRIGHT_HOSTILE_DUMP"] {
                try? Data(spec.yaml.utf8).write(to: URL(fileURLWithPath: dump).appendingPathComponent(format == .spec ? path : "P\(index).openapi.yaml"))
            }
            let read: (String) throws -> [UInt8] = { _ in Array(spec.yaml.utf8) }
            let result = SpecCompiler.compile(path: path, templates: templates, read: read)
            // The label is the generator's to choose for a document (a query name need not be a Swift name).
            var queryLabel = "q"
            if format == .openAPI, let loaded = SpecCompiler.load(path: path, read: read).spec,
               case .endpoint(let get)? = loaded.endpoints.first, let query = get.query.first {
                queryLabel = Naming.escapedLabel(SwiftNames.field(query))
            }
            return Outcome(spec: spec, files: result.files, errors: result.diagnostics.all.filter { $0.severity == .error }.map(\.description), queryLabel: queryLabel)
        }
    }

    /// `specwright convert` on every input that generated: the spec written from it loads with no
    /// error, writes the same text again, and generates the same files byte for byte (hostile
    /// descriptions, wire names, defaults and paths included). Runs off Swift concurrency's threads
    /// and records what it found afterwards.
    static func checkConversion(of outcomes: [Outcome]) async throws {
        _ = try #require(Golden.templates, "the default templates do not load")
        let problems = try await OffPool.run(.heavy) { conversionProblems(of: outcomes) }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// What converting each input that generated got wrong, one text each.
    private static func conversionProblems(of outcomes: [Outcome]) -> [String] {
        guard let templates = Golden.templates else { return ["the default templates do not load"] }
        var problems: [String] = []
        for outcome in outcomes where outcome.errors.isEmpty {
            let path = "P\(outcome.spec.index).yaml"
            guard let spec = SpecCompiler.check(path: path, read: { _ in Array(outcome.spec.yaml.utf8) }).spec else {
                problems.append("seed \(seed), input \(outcome.spec.index): it generated, but does not load")
                continue
            }
            let written = SpecWriter.yaml(spec)
            let read: (String) throws -> [UInt8] = { _ in Array(written.utf8) }
            let reloaded = SpecCompiler.check(path: path, read: read)
            guard let again = reloaded.spec else {
                problems.append("seed \(seed), input \(outcome.spec.index): the converted spec has errors \(reloaded.diagnostics.sorted.map(\.description))\n\(written)")
                continue
            }
            if SpecWriter.yaml(again) != written {
                problems.append("seed \(seed), input \(outcome.spec.index): writing the converted spec again gives other text")
            }
            let files = SpecCompiler.compile(path: path, templates: templates, read: read).files
            if files.map(\.name) != outcome.files.map(\.name) {
                problems.append("seed \(seed), input \(outcome.spec.index): the converted spec generates \(files.map(\.name)), not \(outcome.files.map(\.name))")
            }
            for (converted, original) in zip(files, outcome.files) where converted.contents != original.contents {
                problems.append("seed \(seed), input \(outcome.spec.index): \(original.name) differs when generated from the converted spec:\n\(Golden.diff(expected: original.contents, actual: converted.contents))\n\(written)")
            }
        }
        return problems
    }

    /// Compiles the generated code of the inputs in `part` with warnings as errors, with a driver that
    /// round-trips every wire name and value and checks each request's path and query.
    static func compileAndCheck(part: Int, of outcomes: [Outcome]) async throws {
        let modules = try #require(SwiftCompiler.modulesFolder, "the Specwright module must be built next to the tests")
        let generated = outcomes.filter { $0.errors.isEmpty && $0.spec.index % Self.parts == part }
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
        let checkText = generated.map { $0.spec.check(queryLabel: $0.queryLabel) }.joined(separator: "\n")
        try Data(("import Foundation\nimport Specwright\n\n" + checkText).utf8).write(to: checks)
        let main = folder.appendingPathComponent("main.swift")
        try Data(HostileSpec.driver(calling: generated.map(\.spec.index)).utf8).write(to: main)
        let runtime = modules.deletingLastPathComponent().appendingPathComponent("Specwright.build")
        let objects = try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasSuffix(".o") }.sorted().map { runtime.appendingPathComponent($0).path }
        let executable = folder.appendingPathComponent("hostile").path
        // Under `swift test --sanitize=...` the runtime's objects are instrumented: link the same way
        // (SPECWRIGHT_SANITIZE=address or thread; see README, Reliability).
        let sanitize = Self.environment["SPECWRIGHT_SANITIZE"].map { ["-sanitize=\($0)"] } ?? []
        let build = try await SwiftCompiler.run("swiftc", ["-Onone", "-o", executable]
            + SwiftCompiler.arguments(languageMode: "6", module: "Hostile", modules: modules) + sanitize + sources + [checks.path, main.path] + objects)
        try #require(build.status == 0, "seed \(Self.seed), part \(part): the generated code does not compile:\n\(build.text.prefix(20_000))")
        let run = try await SwiftCompiler.run(executable, [])
        #expect(run.status == 0)
        #expect(run.text.hasSuffix("checked \(generated.count) specs, 0 failures\n"), "seed \(Self.seed), part \(part):\n\(run.text.prefix(20_000))")
    }
}
