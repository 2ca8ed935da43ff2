import Foundation

/// How the plugins find specs and name the generated files. The names must match what
/// `specwright generate --file-prefix P --shards N` writes (the CLI tests pin those names).
enum SpecLayout {
    /// The per-target config file.
    static let configFileName = "specwright.json"
    /// Suffixes that make a YAML file a spec root.
    static let specSuffixes = [".api.yaml", ".api.yml"]

    /// A problem with a target's specs, shown in the build log.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func isYAML(_ url: URL) -> Bool {
        url.pathExtension == "yaml" || url.pathExtension == "yml"
    }

    static func isSpecRoot(_ url: URL) -> Bool {
        specSuffixes.contains { url.lastPathComponent.hasSuffix($0) }
    }

    /// `Chirp.api.yaml` -> `Chirp`; the prefix must be usable in a file and type name.
    static func filePrefix(of spec: URL) throws -> String {
        let name = spec.lastPathComponent
        let prefix = specSuffixes.first { name.hasSuffix($0) }.map { String(name.dropLast($0.count)) } ?? name
        let isIdentifier = prefix.first.map { !$0.isNumber } ?? false
            && prefix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard isIdentifier else {
            throw Failure(description: "\(spec.path):1:1: error: a spec file name must be a Swift name before '.api.yaml', like 'Chirp.api.yaml'; rename '\(name)'")
        }
        return prefix
    }

    /// The `specwright` arguments that generate one spec into `output`, named after its file.
    static func generateArguments(spec: URL, output: URL, prefix: String, shards: Int, config: URL) -> [String] {
        var arguments = ["generate", spec.path, "--output", output.path, "--file-prefix", prefix, "--shards", String(shards)]
        if FileManager.default.fileExists(atPath: config.path) { arguments += ["--config", config.path] }
        return arguments
    }

    /// The files one spec generates.
    static func outputFileNames(prefix: String, shards: Int) -> [String] {
        guard shards > 1 else { return ["\(prefix)Models.swift", "\(prefix)Endpoints.swift"] }
        return ["\(prefix)Endpoints.swift"] + (1...shards).flatMap { ["\(prefix)Models\($0).swift", "\(prefix)Endpoints\($0).swift"] }
    }

    /// The `shards` setting of the config file (1 when there is none); the generator checks the rest.
    static func shards(configAt url: URL) throws -> Int {
        guard let data = FileManager.default.contents(atPath: url.path) else { return 1 }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "\(url.path):1:1: error: \(configFileName) must be a JSON object, like { \"shards\": 4 }")
        }
        guard let value = object["shards"] else { return 1 }
        guard let shards = value as? Int, (1...64).contains(shards) else {
            throw Failure(description: "\(url.path):1:1: error: shards must be a whole number from 1 to 64")
        }
        return shards
    }
}
