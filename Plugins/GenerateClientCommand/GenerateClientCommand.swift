import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-client [--target NAME]...`:
/// writes the generated clients into each target's `Generated/` folder, for teams that commit
/// generated code (check it in CI with `specwright generate --check`).
@main
struct GenerateClientCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
        let tool = try context.tool(named: "SpecwrightCLI").url
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            let files = target.sourceFiles.map(\.url)
            let config = target.directoryURL.appending(path: SpecLayout.configFileName)
            let shards = try SpecLayout.shards(configAt: config)
            for spec in files.filter(SpecLayout.isSpecRoot) {
                let prefix = try SpecLayout.filePrefix(of: spec)
                let output = target.directoryURL.appending(path: "Generated")
                let arguments = SpecLayout.generateArguments(spec: spec, output: output, prefix: prefix, shards: shards, config: config)
                let process = try Process.run(tool, arguments: arguments)
                process.waitUntilExit()
                guard process.terminationStatus == 0 else {
                    throw SpecLayout.Failure(description: "specwright failed for \(spec.lastPathComponent) (exit \(process.terminationStatus))")
                }
                generated += 1
            }
        }
        if generated == 0 { print("No *.api.yaml specs found in \(names.isEmpty ? "the package" : names.joined(separator: ", ")).") }
    }
}
