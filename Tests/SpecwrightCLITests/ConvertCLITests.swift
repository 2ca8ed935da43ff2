import Foundation
import TestSupport
import Testing

/// `specwright convert`: a spec (or OpenAPI document) written as one spec file, to standard output
/// or all-or-nothing to `--output`; diagnostics and exit codes as `generate` has them.
@Suite struct ConvertCLITests {
    /// What `convert` writes for `CLI.validSpec`.
    static let convertedTips = """
        spec: 1
        name: Tips

        models:
          Tip:
            text: String

        endpoints:
          today:
            request: "GET /tips/today"
            response: Tip

        """

    @Test func convertWritesTheSpecToStandardOutput() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        let run = try await cli.run("convert", "Tips.yaml")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == Self.convertedTips)
    }

    @Test func theConvertedSpecGeneratesTheSameClient() async throws {
        let cli = try CLI()
        let kitchen = DeterminismTests.specs.appendingPathComponent("Kitchen.yaml")
        let shared = DeterminismTests.specs.appendingPathComponent("Includes/KitchenShared.yaml")
        try cli.write("Kitchen.yaml", String(decoding: try Data(contentsOf: kitchen), as: UTF8.self))
        try cli.write("Includes/KitchenShared.yaml", String(decoding: try Data(contentsOf: shared), as: UTF8.self))
        let convert = try await cli.run("convert", "Kitchen.yaml", "--output", "Converted/Kitchen.yaml")
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(convert.stdout == "wrote Converted/Kitchen.yaml\n")
        #expect(try await cli.run("generate", "Kitchen.yaml", "--output", "Direct").status == 0)
        #expect(try await cli.run("generate", "Converted/Kitchen.yaml", "--output", "FromConverted").status == 0)
        for file in ["KitchenModels.swift", "KitchenEndpoints.swift"] {
            let direct = try #require(cli.read("Direct/\(file)"))
            #expect(cli.read("FromConverted/\(file)") == direct, "\(file)")
        }
    }

    @Test func convertWithOutputWritesTheFileAndRewritesOnlyWhatChanged() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        let first = try await cli.run("convert", "Tips.yaml", "--output", "Out/Tips.spec.yaml")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "wrote Out/Tips.spec.yaml\n")
        #expect(cli.read("Out/Tips.spec.yaml") == Self.convertedTips)
        let second = try await cli.run("convert", "Tips.yaml", "--output=Out/Tips.spec.yaml")
        #expect(second.status == 0)
        #expect(second.stdout == "unchanged Out/Tips.spec.yaml\n")
        // Next to the input, in the working folder.
        let third = try await cli.run("convert", "Tips.yaml", "--output", "Converted.yaml")
        #expect(third.status == 0, "\(third.stderr)")
        #expect(cli.read("Converted.yaml") == Self.convertedTips)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test func aFailingInputWritesNothingAndExitsOne() async throws {
        let cli = try CLI()
        try cli.write("Bad.yaml", "name: Bad\nmodels:\n  Post:\n    author: Usr\n  User:\n    id: UUID\n")
        try cli.write("Existing.yaml", "# old\n")
        let run = try await cli.run("convert", "Bad.yaml", "--output", "Existing.yaml")
        #expect(run.status == 1)
        #expect(run.stderr == "Bad.yaml:4:13: error: unknown type 'Usr' in field 'author' of model 'Post'; did you mean 'User'?\n")
        #expect(run.stdout.isEmpty)
        #expect(cli.read("Existing.yaml") == "# old\n")
        let fresh = try await cli.run("convert", "Bad.yaml", "--output", "Out/New.yaml")
        #expect(fresh.status == 1)
        #expect(cli.read("Out/New.yaml") == nil)
        #expect(!FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("Out").path))
        let toStdout = try await cli.run("convert", "Bad.yaml")
        #expect(toStdout.status == 1)
        #expect(toStdout.stdout.isEmpty)
        let missing = try await cli.run("convert", "Nowhere.yaml")
        #expect(missing.status == 1)
        #expect(missing.stderr == "Nowhere.yaml:1:1: error: cannot read 'Nowhere.yaml': no such file\n")
    }

    @Test func usageErrorsExitTwo() async throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        try FileManager.default.createDirectory(at: cli.folder.appendingPathComponent("Folder"), withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["convert"], "error: convert needs an input file (an OpenAPI document or a spec)"),
            (["convert", "Tips.yaml", "Other.yaml"], "error: convert takes one input file, found 2"),
            (["convert", "Tips.yaml", "--output"], "error: option '--output' needs a value"),
            (["convert", "Tips.yaml", "--ouput", "X.yaml"], "error: unknown option '--ouput'; did you mean '--output'?"),
            (["convert", "Tips.yaml", "--output", "Folder"], "error: 'Folder' is a folder; --output names the spec file to write"),
            (["convert", "Tips.yaml", "--output", "./Tips.yaml"], "error: --output './Tips.yaml' is the input file; write the spec to another file"),
            (["convrt", "Tips.yaml"], "error: unknown command 'convrt'; did you mean 'convert'?"),
        ]
        for (arguments, message) in cases {
            let run = try await cli.launch(CLI.executable, arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(arguments)")
        }
        #expect(cli.read("Tips.yaml") == CLI.validSpec)
    }

    @Test func helpDescribesConvert() async throws {
        let cli = try CLI()
        for arguments in [["convert", "--help"], ["help", "convert"]] {
            let run = try await cli.launch(CLI.executable, arguments)
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("specwright convert <input> [--output <file>]"), "\(arguments)")
            #expect(run.stdout.contains("--output <file>"))
        }
        let overview = try await cli.run("--help")
        #expect(overview.stdout.contains("specwright convert <input> [--output <file>]"))
    }
}
