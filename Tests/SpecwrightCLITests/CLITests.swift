import Foundation
import TestSupport
import Testing

/// The `specwright` command line: exit codes, usage errors, all-or-nothing writes, overrides.
@Suite struct CLITests {
    @Test func versionAndHelp() async throws {
        let cli = try CLI()
        let version = try await cli.run("--version")
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("specwright "))
        let help = try await cli.run("--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("specwright generate <spec>... --output <dir>"))
        let generateHelp = try await cli.run("generate", "--help")
        #expect(generateHelp.status == 0)
        #expect(generateHelp.stdout.contains("--templates <dir>"))
    }

    @Test func usageErrorsExitTwoAndNameTheProblem() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        let cases: [([String], String)] = [
            ([], "error: missing command"),
            (["generat", "Tips.yaml"], "error: unknown command 'generat'; did you mean 'generate'?"),
            (["generate", "Tips.yaml", "--output", "Out", "--frobnicate"], "error: unknown option '--frobnicate'"),
            (["generate", "Tips.yaml", "--ouput", "Out"], "error: unknown option '--ouput'; did you mean '--output'?"),
            (["generate", "Tips.yaml"], "error: generate needs --output <dir>"),
            (["generate", "--output", "Out"], "error: generate needs at least one spec file"),
            (["generate", "Tips.yaml", "--output"], "error: option '--output' needs a value"),
            (["generate", "Tips.yaml", "--output", "Out", "--access", "open"], "error: --access must be public, package or internal, not 'open'"),
            (["generate", "Tips.yaml", "--output", "Out", "--templates", "Nowhere"], "error: templates folder 'Nowhere' does not exist"),
            (["validate"], "error: validate needs at least one spec file"),
        ]
        for (arguments, message) in cases {
            let run = try await cli.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
        }
        #expect(cli.read("Out/TipsModels.swift") == nil)
    }

    @Test func generateWritesBothFilesAndRewritesOnlyWhatChanged() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        let first = try await cli.run("generate", "Tips.yaml", "--output", "Out/Nested")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "wrote Out/Nested/TipsModels.swift\nwrote Out/Nested/TipsEndpoints.swift\n")
        #expect(cli.read("Out/Nested/TipsModels.swift")?.contains("public struct Tip: Codable, Hashable, Sendable") == true)
        #expect(cli.read("Out/Nested/TipsEndpoints.swift")?.contains("public static func today() -> Endpoint<Tip, Never>") == true)
        let stamp = try cli.modified("Out/Nested/TipsModels.swift")
        try await Task.sleep(for: .milliseconds(50))
        let second = try await cli.run("generate", "Tips.yaml", "--output", "Out/Nested")
        #expect(second.stdout == "unchanged Out/Nested/TipsModels.swift\nunchanged Out/Nested/TipsEndpoints.swift\n")
        #expect(try cli.modified("Out/Nested/TipsModels.swift") == stamp)
        // An endpoint-only change rewrites the endpoints file and leaves the models file alone.
        try cli.write("Tips.yaml", CLI.validSpec + "\n    description: The tip of the day.\n")
        let third = try await cli.run("generate", "Tips.yaml", "--output", "Out/Nested")
        #expect(third.stdout == "unchanged Out/Nested/TipsModels.swift\nwrote Out/Nested/TipsEndpoints.swift\n")
        #expect(try cli.modified("Out/Nested/TipsModels.swift") == stamp)
        #expect(cli.read("Out/Nested/TipsEndpoints.swift")?.contains("/// The tip of the day.") == true)
    }

    @Test func anErrorInAnySpecWritesNothingAndLeavesExistingFilesAlone() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        try cli.write("Bad.yaml", "name: Bad\nmodels:\n  Post:\n    author: Usr\n  User:\n    id: UUID\n")
        try cli.write("Out/TipsModels.swift", "// old\n")
        let run = try await cli.run("generate", "Tips.yaml", "Bad.yaml", "--output", "Out")
        #expect(run.status == 1)
        #expect(run.stderr == "Bad.yaml:4:13: error: unknown type 'Usr' in field 'author' of model 'Post'; did you mean 'User'?\n")
        #expect(run.stdout.isEmpty)
        #expect(cli.read("Out/TipsModels.swift") == "// old\n")
        #expect(cli.read("Out/TipsEndpoints.swift") == nil)
        #expect(cli.read("Out/BadModels.swift") == nil)
    }

    @Test func validateReportsEveryErrorOfEverySpec() async throws {
        let cli = try CLI()
        try cli.write("A.yaml", "name: A\nmodels:\n  Post:\n    id: Strin\n    n: Int = x\n")
        try cli.write("B.yaml", "nme: B\n")
        let run = try await cli.run("validate", "A.yaml", "B.yaml", "Missing.yaml")
        #expect(run.status == 1)
        #expect(run.stderr == """
            A.yaml:4:9: error: unknown type 'Strin' in field 'id' of model 'Post'; did you mean 'String'?
            A.yaml:5:14: error: default 'x' does not fit type 'Int' of field 'n' of model 'Post'
            B.yaml:1:1: error: unknown key 'nme' in the spec; did you mean 'name'?
            B.yaml:1:1: error: the spec needs a 'name': the Swift namespace of its endpoints, like 'name: Chirp'
            Missing.yaml:1:1: error: cannot read 'Missing.yaml': no such file

            """)
        #expect(try await cli.run("validate", "A.yaml").status == 1)
        try cli.write("C.yaml", CLI.validSpec)
        let valid = try await cli.run("validate", "C.yaml")
        #expect(valid.status == 0)
        #expect(valid.stderr.isEmpty)
    }

    @Test func twoSpecsWithOneNameAreAnError() async throws {
        let cli = try CLI()
        try cli.write("One.yaml", CLI.validSpec)
        try cli.write("Two.yaml", CLI.validSpec)
        let run = try await cli.run("generate", "One.yaml", "Two.yaml", "--output", "Out")
        #expect(run.status == 1)
        #expect(run.stderr.contains("Two.yaml:1:1: error: 'TipsModels.swift' would be generated by both 'One.yaml' and 'Two.yaml'"))
        #expect(cli.read("Out/TipsModels.swift") == nil)
    }

    @Test func templatesOverrideDefaultsByFileName() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        try cli.write("Custom/FileHeader.swifttemplate", "// Our header for {{source}}.\n\nimport Foundation\nimport Specwright\n")
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--templates", "Custom")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(cli.read("Out/TipsModels.swift")?.hasPrefix("// Our header for Tips.yaml.\n") == true)
    }

    @Test func aBadTemplateIsReportedAtItsLine() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        try cli.write("Custom/Alias.swifttemplate", "line one\n{{#open}}\n")
        try cli.write("Custom/FileHeader.swifttemplate", "// {{sorce}}\n")
        let unclosed = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--templates", "Custom")
        #expect(unclosed.status == 1)
        #expect(unclosed.stderr.hasPrefix("Custom/Alias.swifttemplate:2:1: error: unclosed section"))
        try FileManager.default.removeItem(at: cli.folder.appendingPathComponent("Custom/Alias.swifttemplate"))
        let unknown = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--templates", "Custom")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "Custom/FileHeader.swifttemplate:1:4: error: unknown variable 'sorce'\n")
        #expect(cli.read("Out/TipsModels.swift") == nil)
        try cli.write("Misspelled/Strukt.swifttemplate", "{{name}}\n")
        let misspelled = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--templates", "Misspelled")
        #expect(misspelled.status == 1)
        #expect(misspelled.stderr.hasPrefix(
            "Misspelled/Strukt.swifttemplate:1:1: error: 'Strukt.swifttemplate' does not replace a default template; did you mean 'Struct'? (the defaults are "))
    }

    @Test func theConfigNamesATemplatesFolderRelativeToItself() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        try cli.write("Target/Custom/FileHeader.swifttemplate", "// custom header of {{source}}\n")
        try cli.write("Target/specwright.json", #"{ "templates": "Custom" }"#)
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--config", "Target/specwright.json")
        #expect(run.status == 0)
        #expect(cli.read("Out/TipsModels.swift")?.hasPrefix("// custom header of Tips.yaml\n") == true)
        // A flag wins over the config.
        try cli.write("Flag/FileHeader.swifttemplate", "// flag header\n")
        let flagged = try await cli.run("generate", "Tips.yaml", "--output", "Flagged", "--config", "Target/specwright.json", "--templates", "Flag")
        #expect(flagged.status == 0)
        #expect(cli.read("Flagged/TipsModels.swift")?.hasPrefix("// flag header\n") == true)
        try cli.write("Target/missing.json", #"{ "templates": "Nowhere" }"#)
        let missing = try await cli.run("generate", "Tips.yaml", "--output", "Missing", "--config", "Target/missing.json")
        #expect(missing.status == 1)
        #expect(missing.stderr == "Target/missing.json:1:16: error: templates folder 'Target/Nowhere' does not exist\n")
        #expect(cli.read("Missing/TipsModels.swift") == nil)
    }

    @Test func accessOverridesTheSpec() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--access", "package")
        #expect(run.status == 0)
        #expect(cli.read("Out/TipsModels.swift")?.contains("package struct Tip: Codable, Hashable, Sendable") == true)
        #expect(cli.read("Out/TipsModels.swift")?.contains("public") == false)
    }
}

/// Same input, same bytes, in any process: Swift seeds hashing per process, so anything that iterated
/// a Dictionary or Set into the output would differ between these runs.
@Suite struct DeterminismTests {
    static let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs")
    static let tests = specs.deletingLastPathComponent().appendingPathComponent("Tests")

    @Test(arguments: ["Kitchen", "Chirp", "HTTPBin", "Articles"])
    func generatingInTwoProcessesGivesIdenticalBytes(_ name: String) async throws {
        let cli = try CLI()
        let spec = Self.specs.appendingPathComponent("\(name).yaml").path
        for output in ["A", "B", "C"] {
            let run = try await cli.run("generate", spec, "--output", output)
            #expect(run.status == 0, "\(run.stderr)")
        }
        for file in ["\(name)Models.swift", "\(name)Endpoints.swift"] {
            let first = try #require(cli.read("A/\(file)"))
            #expect(cli.read("B/\(file)") == first)
            #expect(cli.read("C/\(file)") == first)
        }
    }

    /// The OpenAPI front end, sharded, and `convert`: the document's maps must not leak their order.
    @Test func openAPIInThreeProcessesGivesIdenticalBytes() async throws {
        let cli = try CLI()
        let document = Self.tests.appendingPathComponent("GeneratedClients/Menagerie.yaml").path
        for output in ["A", "B", "C"] {
            let run = try await cli.run("generate", document, "--output", output, "--shards", "3")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try await cli.run("convert", document, "--output", "\(output)/Menagerie.spec.yaml").status == 0)
        }
        let files = ["", "1", "2", "3"].map { "Menagerie\($0).swift" }
        for file in files + ["Menagerie.spec.yaml"] {
            let first = try #require(cli.read("A/\(file)"))
            #expect(cli.read("B/\(file)") == first, "\(file)")
            #expect(cli.read("C/\(file)") == first, "\(file)")
        }
        var warnings: [CLI.Run] = []
        for _ in 0..<3 { warnings.append(try await cli.run("validate", Self.tests.appendingPathComponent("SpecOpenAPITests/Diagnostics/many-warnings.yaml").path)) }
        #expect(warnings[0].stderr.contains("warning:"))
        #expect(warnings[1].stderr == warnings[0].stderr)
        #expect(warnings[2].stderr == warnings[0].stderr)
    }

    @Test func diagnosticsInTwoProcessesAreIdentical() async throws {
        let cli = try CLI()
        let spec = Self.specs.deletingLastPathComponent().appendingPathComponent("Tests/SpecCompilerTests/Diagnostics/landmine.yaml").path
        var runs: [CLI.Run] = []
        for _ in 0..<3 { runs.append(try await cli.run("validate", spec)) }
        #expect(runs[0].status == 1)
        #expect(runs[0].stderr.split(separator: "\n").count > 30)
        #expect(runs[1].stderr == runs[0].stderr)
        #expect(runs[2].stderr == runs[0].stderr)
    }
}

/// `generate --check`, for CI of teams that commit generated code: it names every problem and writes nothing.
@Suite struct CheckTests {
    private func generated(_ cli: CLI) async throws {
        try cli.write("Tips.yaml", CLI.validSpec)
        #expect(try await cli.run("generate", "Tips.yaml", "--output", "Out").status == 0)
    }

    @Test func upToDateFolderPasses() async throws {
        let cli = try CLI()
        try await generated(cli)
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--check")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2 files in Out are up to date\n")
    }

    /// The last line of a failed check: how to bring the folder up to date.
    static let fixNote = "note: 'specwright generate --prune' with the same specs and options (or 'swift package generate-client') brings the folder up to date\n"

    @Test func staleFileIsNamedAndLeftAlone() async throws {
        let cli = try CLI()
        try await generated(cli)
        try cli.write("Tips.yaml", CLI.validSpec + "\n    description: Changed.\n")
        let before = cli.read("Out/TipsEndpoints.swift")
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--check")
        #expect(run.status == 1)
        #expect(run.stderr == "error: Out/TipsEndpoints.swift differs from what Tips.yaml generates; generate it again\n" + Self.fixNote)
        #expect(cli.read("Out/TipsEndpoints.swift") == before)
    }

    @Test func missingFileIsNamed() async throws {
        let cli = try CLI()
        try await generated(cli)
        try FileManager.default.removeItem(at: cli.folder.appendingPathComponent("Out/TipsModels.swift"))
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--check")
        #expect(run.status == 1)
        #expect(run.stderr == "error: Out/TipsModels.swift is missing; generate it again (from Tips.yaml)\n" + Self.fixNote)
        #expect(cli.read("Out/TipsModels.swift") == nil)
    }

    @Test func extraGeneratedFileIsNamedButHandWrittenFilesAreNot() async throws {
        let cli = try CLI()
        try await generated(cli)
        try cli.write("Out/OldModels.swift", "// Generated by Specwright from Old.yaml. DO NOT EDIT.\n")
        try cli.write("Out/Helpers.swift", "// Written by hand.\n")
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--check")
        #expect(run.status == 1)
        #expect(run.stderr == "error: Out/OldModels.swift was generated by Specwright but no spec given generates it\n" + Self.fixNote)
    }

    @Test func specErrorsStillFailTheCheck() async throws {
        let cli = try CLI()
        try cli.write("Bad.yaml", "name: Bad\nmodels:\n  A:\n    b: Nope\n")
        let run = try await cli.run("generate", "Bad.yaml", "--output", "Out", "--check")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Bad.yaml:4:8: error: unknown type 'Nope'"))
    }
}

/// Split output, file names from a prefix, and the per-target config file.
@Suite struct SplitOutputTests {
    static let spec = CLI.validSpec + """

          other:
            request: GET /tips/other
            response: Tip
        """

    @Test func shardsWriteTheNamespaceAndNumberedFiles() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", Self.spec)
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--shards", "2", "--file-prefix", "TipsAPI")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            wrote Out/TipsAPI.swift
            wrote Out/TipsAPI1.swift
            wrote Out/TipsAPI2.swift

            """)
        // Each shard holds models and endpoints; the namespace file, which sorts first, neither.
        let shards = (cli.read("Out/TipsAPI1.swift") ?? "") + (cli.read("Out/TipsAPI2.swift") ?? "")
        #expect(shards.contains("public static func today()"))
        #expect(shards.contains("public static func other()"))
        #expect(shards.contains("public struct Tip: Codable"))
        let namespace = cli.read("Out/TipsAPI.swift") ?? ""
        #expect(namespace.contains("public enum Tips {") && !namespace.contains("struct Tip:") && !namespace.contains("func today()"))
    }

    @Test func configFileSetsSharedSettingsAndFlagsWin() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        try cli.write("specwright.json", "{\n  \"access\": \"internal\",\n  \"shards\": 1\n}\n")
        #expect(try await cli.run("generate", "Tips.yaml", "--output", "Out", "--config", "specwright.json").status == 0)
        #expect(cli.read("Out/TipsModels.swift")?.contains("\nstruct Tip: Codable, Hashable, Sendable") == true)
        #expect(try await cli.run("generate", "Tips.yaml", "--output", "Out", "--config", "specwright.json", "--access", "package").status == 0)
        #expect(cli.read("Out/TipsModels.swift")?.contains("\npackage struct Tip") == true)
    }

    @Test func theConfigSelectsOperationsAndTheModelsTheyUse() async throws {
        let cli = try CLI()
        try cli.write("shop.yaml", """
            openapi: 3.0.3
            info: { title: Shop, version: "1" }
            paths:
              /orders:
                get:
                  operationId: ListOrders
                  parameters:
                    - { name: since, in: query, style: matrix, schema: { type: string } }
                  responses:
                    "200": { description: OK, content: { application/json: { schema: { $ref: "#/components/schemas/Order" } } } }
                post:
                  operationId: CreateOrder
                  responses:
                    "200": { description: OK, content: { application/json: { schema: { $ref: "#/components/schemas/Receipt" } } } }
              /refunds:
                post:
                  operationId: CreateRefund
                  responses:
                    "200": { description: OK, content: { application/json: { schema: { $ref: "#/components/schemas/Refund" } } } }
            components:
              schemas:
                Order: { type: object, properties: { line: { $ref: "#/components/schemas/Line" } } }
                Line: { type: object, properties: { sku: { type: string } } }
                Receipt: { type: object, properties: { total: { type: integer } } }
                Refund: { type: object, properties: { amount: { type: integer } } }
            """)
        try cli.write("specwright.json", #"{ "operations": ["CreateOrder", "POST /refunds"] }"#)
        let run = try await cli.run("generate", "shop.yaml", "--output", "Out", "--config", "specwright.json", "--quiet")
        #expect(run.status == 0)
        // The left-out operation's parameter says nothing.
        #expect(run.stderr == "")
        let endpoints = cli.read("Out/ShopEndpoints.swift") ?? ""
        let models = cli.read("Out/ShopModels.swift") ?? ""
        #expect(endpoints.contains("static func createOrder()") && endpoints.contains("static func createRefund()"))
        #expect(!endpoints.contains("listOrders"))
        // Receipt and Refund are responses only: final classes (DescribedByFields).
        #expect(models.contains("class Receipt") && models.contains("class Refund"))
        #expect(!models.contains("Order:") && !models.contains("Line:"))

        try cli.write("specwright.json", "{\n  \"operations\": [\"CreateOrder\", \"createRefnd\"]\n}\n")
        let wrong = try await cli.run("generate", "shop.yaml", "--output", "Other", "--config", "specwright.json")
        #expect(wrong.status == 1)
        #expect(wrong.stderr == """
            specwright.json:2:33: error: no operation 'createRefnd' in shop.yaml (name an operationId, an endpoint or 'METHOD /path'); did you mean 'createRefund'?

            """)
        #expect(cli.read("Other/ShopModels.swift") == nil)
    }

    @Test func configErrorsAreLocated() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        try cli.write("specwright.json", "{\n  \"acess\": \"internal\",\n  \"shards\": 0\n}\n")
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--config", "specwright.json")
        #expect(run.status == 1)
        #expect(run.stderr == """
            specwright.json:2:3: error: unknown key 'acess' in the config file; did you mean 'access'?
            specwright.json:3:13: error: shards must be a whole number from 1 to 64, found '0'

            """)
        #expect(cli.read("Out/TipsModels.swift") == nil)
    }

    @Test func badShardAndPrefixFlagsAreUsageErrors() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        let shards = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--shards", "0")
        #expect(shards.status == 2)
        #expect(shards.stderr.hasPrefix("error: --shards must be a whole number from 1 to 64, not '0'"))
        let prefix = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--file-prefix", "a-b")
        #expect(prefix.status == 2)
        #expect(prefix.stderr.hasPrefix("error: --file-prefix must be a name made of letters, digits and _, not 'a-b'"))
    }

    @Test func pruneRemovesTheGeneratedFilesNoSpecGeneratesAndNothingElse() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        #expect(try await cli.run("generate", "Tips.yaml", "--output", "Out", "--shards", "3").status == 0)
        try cli.write("Out/Notes.swift", "// Written by hand.\n")
        try cli.write("Out/Other.swift", "// Generated by Specwright from Other.yaml. DO NOT EDIT.\n")
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--prune")
        #expect(run.status == 0, "\(run.stderr)")
        let removed = run.stdout.split(separator: "\n").filter { $0.hasPrefix("removed ") }.map { String($0.dropFirst(8)) }
        #expect(removed == ["Out/Other.swift", "Out/Tips.swift", "Out/Tips1.swift", "Out/Tips2.swift", "Out/Tips3.swift"])
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.folder.appendingPathComponent("Out").path).sorted()
        #expect(left == ["Notes.swift", "TipsEndpoints.swift", "TipsModels.swift"])
        let both = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--prune", "--check")
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("error: --check writes nothing, so it cannot --prune; give one of them"))
    }

    @Test func aStableFileSetIsTheSameFilesForEveryShardCount() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        var sets: [[String]] = []
        for shards in ["1", "4", "16"] {
            let run = try await cli.run("generate", "Tips.yaml", "--output", "Out\(shards)", "--file-prefix", "Tips", "--stable-file-set", "--shards", shards)
            #expect(run.status == 0, "\(run.stderr)")
            sets.append(try FileManager.default.contentsOfDirectory(atPath: cli.folder.appendingPathComponent("Out\(shards)").path).sorted())
        }
        #expect(sets[0].count == 19 && sets[1] == sets[0] && sets[2] == sets[0])
        // What a shard count does not use holds only the header.
        #expect(cli.read("Out4/TipsModels.swift")?.hasPrefix("// Generated by Specwright from Tips.yaml. DO NOT EDIT.\n//\n// Empty: with 4 shards") == true)
        #expect(cli.read("Out4/TipsModels.swift")?.contains("struct") == false)
        #expect(cli.read("Out1/TipsModels.swift")?.contains("public struct Tip: Codable") == true)
        let tooMany = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--file-prefix", "Tips", "--stable-file-set", "--shards", "17")
        #expect(tooMany.status == 2)
        #expect(tooMany.stderr.hasPrefix("error: --stable-file-set splits a client into at most 16 shards, not 17"))
        try cli.write("specwright.json", #"{ "shards": 20 }"#)
        let config = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--file-prefix", "Tips", "--stable-file-set", "--config", "specwright.json")
        #expect(config.status == 1)
        #expect(config.stderr == "specwright.json:1:13: error: shards must be a whole number from 1 to 16 (the build plugin's limit), found '20'\n")
        let noPrefix = try await cli.run("generate", "Tips.yaml", "--output", "Out", "--stable-file-set")
        #expect(noPrefix.status == 2)
        // What a build plugin passes: the build log gets nothing but diagnostics.
        let quiet = try await cli.run("generate", "Tips.yaml", "--output", "Quiet", "--file-prefix", "Tips", "--stable-file-set", "--prune", "--quiet")
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        #expect(cli.read("Quiet/TipsModels.swift")?.contains("public struct Tip") == true)
    }

    @Test func aSpecsOwnFilesOfAnotherShardCountAreReplacedWithoutPrune() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        try cli.write("Out/Other.swift", "// Generated by Specwright from Other.yaml. DO NOT EDIT.\n")
        #expect(try await cli.run("generate", "Tips.yaml", "--output", "Out", "--shards", "2").status == 0)
        #expect(cli.read("Out/Tips2.swift") != nil)
        // The split files of an earlier version, models and endpoints apart, go too.
        for name in ["TipsModels1", "TipsEndpoints1"] {
            try cli.write("Out/\(name).swift", "// Generated by Specwright from Tips.yaml. DO NOT EDIT.\n")
        }
        let run = try await cli.run("generate", "Tips.yaml", "--output", "Out")
        #expect(run.status == 0)
        for name in ["Tips", "Tips1", "Tips2", "TipsModels1", "TipsEndpoints1"] {
            #expect(cli.read("Out/\(name).swift") == nil, "\(name) would declare everything twice")
            #expect(run.stdout.contains("removed Out/\(name).swift"))
        }
        #expect(cli.read("Out/TipsModels.swift") != nil)
        // Another spec's generated file stays: only --prune removes it.
        #expect(cli.read("Out/Other.swift") != nil)
        // So does one named as a shard of this spec's would be: the namespace file of a spec `Tips2`.
        try cli.write("Out/Tips2.swift", "// Generated by Specwright from Tips2.yaml. DO NOT EDIT.\n")
        #expect(try await cli.run("generate", "Tips.yaml", "--output", "Out").status == 0)
        #expect(cli.read("Out/Tips2.swift") != nil, "Tips2.swift is spec Tips2's")
    }

    @Test func theStubServiceIsOnForSpecsOffForOpenAPIAndTheConfigDecides() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        try cli.write("petstore.yaml", """
            openapi: 3.1.0
            info: { title: Pets, version: "1" }
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses: { "200": { description: ok } }
            """)
        #expect(try await cli.run("generate", "Tips.yaml", "petstore.yaml", "--output", "Default").status == 0)
        #expect(cli.read("Default/TipsEndpoints.swift")?.contains("public struct StubTipsService: TipsService") == true)
        #expect(cli.read("Default/PetsEndpoints.swift")?.contains("StubPetsService") == false)
        try cli.write("on.json", #"{ "stubService": true }"#)
        #expect(try await cli.run("generate", "petstore.yaml", "--output", "On", "--config", "on.json").status == 0)
        #expect(cli.read("On/PetsEndpoints.swift")?.contains("public struct StubPetsService: PetsService") == true)
        try cli.write("Off.yaml", CLI.validSpec.replacingOccurrences(of: "name: Tips", with: "name: Tips\nstubService: false"))
        #expect(try await cli.run("generate", "Off.yaml", "--output", "Off").status == 0)
        #expect(cli.read("Off/TipsEndpoints.swift")?.contains("StubTipsService") == false)
    }
}
