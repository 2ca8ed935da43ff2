import Foundation
import PackagePlugin

/// Generates a client for every spec root in a target at build time.
///
/// Convention: every `*.api.yaml` / `*.api.yml` file in the target is a spec root (other YAML files
/// can be `include`d by them); `Chirp.api.yaml` generates `ChirpModels.swift` and
/// `ChirpEndpoints.swift`. An optional `specwright.json` in the target sets `access` and `shards`.
/// Output names follow from the file names alone, as SwiftPM needs them before the tool runs.
@main
struct SpecwrightPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        let tool = try context.tool(named: "SpecwrightCLI").url
        let config = target.directoryURL.appending(path: SpecLayout.configFileName)
        let shards = try SpecLayout.shards(configAt: config)
        // Every YAML file of the target is an input of every spec (a spec may include any of them),
        // and so is the config: editing one regenerates; editing nothing regenerates nothing.
        var inputs = files.filter(SpecLayout.isYAML)
        if FileManager.default.fileExists(atPath: config.path) { inputs.append(config) }
        return try files.filter(SpecLayout.isSpecRoot).map { spec in
            let prefix = try SpecLayout.filePrefix(of: spec)
            let output = context.pluginWorkDirectoryURL.appending(path: prefix)
            return .buildCommand(
                displayName: "Generating the \(prefix) client from \(spec.lastPathComponent)",
                executable: tool,
                arguments: SpecLayout.generateArguments(spec: spec, output: output, prefix: prefix, shards: shards, config: config),
                inputFiles: inputs,
                outputFiles: SpecLayout.outputFileNames(prefix: prefix, shards: shards).map { output.appending(path: $0) }
            )
        }
    }
}
