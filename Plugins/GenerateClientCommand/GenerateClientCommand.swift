import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-client [--target NAME]...`:
/// writes the generated clients of each target's specs into its `Generated/` folder, for teams
/// that commit generated code (check it in CI with `specwright generate --check`).
///
/// One `specwright generate --prune` run per target, with all of its specs: the files are named
/// after each spec's `name`, as `generate` names them, so the CI check is the same command with
/// `--check`; files an earlier run generated that no spec generates now (after a change of
/// `shards`, a renamed spec) are removed; when any spec has an error, nothing is written.
@main
struct GenerateClientCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let tool = try context.tool(named: "SpecwrightCLI").url
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            // From the folder, not the target's files: a target without the build plugin excludes
            // its specs in Package.swift, so SwiftPM lists none of them.
            let specs = SpecLayout.specRoots(in: target.directoryURL)
            guard !specs.isEmpty else { continue }
            let output = target.directoryURL.appending(path: "Generated")
            var arguments = ["generate"] + specs.map(\.path) + ["--output", output.path, "--prune"]
            let config = target.directoryURL.appending(path: SpecLayout.configFileName)
            if FileManager.default.fileExists(atPath: config.path) { arguments += ["--config", config.path] }
            let process = try Process.run(tool, arguments: arguments)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw SpecLayout.Failure(description: "specwright failed for target \(target.name) (exit \(process.terminationStatus)); its errors are above, and nothing was written")
            }
            generated += specs.count
        }
        if generated == 0 { print("No *.api.yaml specs found in \(names.isEmpty ? "the package" : names.joined(separator: ", ")).") }
    }
}
