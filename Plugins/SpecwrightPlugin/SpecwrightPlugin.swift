import Foundation
import PackagePlugin

/// Generates a client for every spec root in a target at build time.
///
/// Convention: every `*.api.yaml` / `*.api.yml` file in the target is a spec root (other YAML files
/// can be `include`d by them); `Chirp.api.yaml` generates `ChirpModels.swift` and
/// `ChirpEndpoints.swift`. An optional `specwright.json` in the target sets `access`, `shards`,
/// `groupByTag` and `stubService`. Output names follow from the file names alone, as SwiftPM needs them before the
/// tool runs; `SpecLayout.buildCommands` says how a change of `shards` still needs no clean build.
@main
struct SpecwrightPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let config = target.directoryURL.appending(path: SpecLayout.configFileName)
        return try SpecLayout.buildCommands(
            files: target.sourceFiles.map(\.url),
            config: FileManager.default.fileExists(atPath: config.path) ? config : nil,
            tool: context.tool(named: "SpecwrightCLI").url,
            workDirectory: context.pluginWorkDirectoryURL
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for an Xcode app project's target: its `*.api.yaml` files and its `specwright.json`
/// are files of the target. (Xcode only: not built or tested on Linux.)
extension SpecwrightPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        return try SpecLayout.buildCommands(
            files: files,
            config: files.first { $0.lastPathComponent == SpecLayout.configFileName },
            tool: context.tool(named: "SpecwrightCLI").url,
            workDirectory: context.pluginWorkDirectoryURL
        )
    }
}
#endif
