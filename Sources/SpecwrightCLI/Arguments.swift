import SpecCompiler
import SpecCore

/// What the user asked for on the command line.
enum Command: Equatable {
    case help(topic: String?)
    case version
    case generate(specs: [String], output: String, settings: GenerateSettings, mode: GenerateMode)
    case validate(specs: [String])
    case convert(input: String, output: String?, groupByTag: Bool, config: String?)
}

/// What `generate` does with the output folder.
enum GenerateMode: Equatable {
    /// Writes the files that changed.
    case write
    /// Writes the files that changed and removes generated files no spec given generates any more.
    case writeAndPrune
    /// Writes nothing; names what is missing, differs or is stale.
    case check
}

/// How `generate` writes its files; flags override the config file, which overrides the spec.
struct GenerateSettings: Equatable {
    var templates: String?
    var access: AccessLevel?
    var filePrefix: String?
    var shards: Int?
    var config: String?
    /// OpenAPI input: group operations by their first tag.
    var groupByTag = false
    /// Write every file any shard count can use (build plugins).
    var stableFileSet = false
    /// Print nothing but diagnostics (build plugins, whose tool output fills the build log).
    var quiet = false
}

/// A command line that cannot be run: exit code 2, with the message and a pointer to help.
struct UsageError: Error, Equatable {
    var message: String
}

/// Hand-written parsing of `specwright <command> [options] <spec>...`.
enum Arguments {
    static let commands = ["generate", "validate", "convert", "help"]

    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { throw UsageError(message: "missing command") }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h": return .help(topic: nil)
        case "help": return .help(topic: rest.first)
        case "--version": return .version
        case "generate": return try parseGenerate(rest)
        case "validate":
            let (specs, options) = try split(rest, allowed: [], flags: [])
            if options.help { return .help(topic: "validate") }
            guard !specs.isEmpty else { throw UsageError(message: "validate needs at least one spec file") }
            return .validate(specs: specs)
        case "convert":
            let (inputs, options) = try split(rest, allowed: ["--output", "--config"], flags: ["--group-by-tag"])
            if options.help { return .help(topic: "convert") }
            guard let input = inputs.first else { throw UsageError(message: "convert needs an input file (an OpenAPI document or a spec)") }
            guard inputs.count == 1 else { throw UsageError(message: "convert takes one input file, found \(inputs.count)") }
            return .convert(input: input, output: options.values["--output"], groupByTag: options.flags.contains("--group-by-tag"),
                            config: options.values["--config"])
        default:
            if first.hasPrefix("-") { throw UsageError(message: "unknown option '\(first)'") }
            throw UsageError(message: "unknown command '\(first)'\(Suggestions.didYouMean(first, in: commands))")
        }
    }

    private static func parseGenerate(_ arguments: [String]) throws(UsageError) -> Command {
        let (specs, options) = try split(arguments, allowed: ["--output", "--templates", "--access", "--file-prefix", "--shards", "--config"],
                                         flags: ["--check", "--prune", "--group-by-tag", "--stable-file-set", "--quiet"])
        if options.help { return .help(topic: "generate") }
        guard !specs.isEmpty else { throw UsageError(message: "generate needs at least one spec file") }
        guard let output = options.values["--output"] else { throw UsageError(message: "generate needs --output <dir>") }
        var access: AccessLevel?
        if let text = options.values["--access"] {
            guard let level = AccessLevel(rawValue: text) else {
                throw UsageError(message: "--access must be public, package or internal, not '\(text)'")
            }
            access = level
        }
        var shards: Int?
        if let text = options.values["--shards"] {
            guard let count = Int(text), (1...CompilerOptions.maxShards).contains(count) else {
                throw UsageError(message: "--shards must be a whole number from 1 to \(CompilerOptions.maxShards), not '\(text)'")
            }
            shards = count
        }
        let prefix = options.values["--file-prefix"]
        if let prefix, !Naming.isIdentifier(prefix) {
            throw UsageError(message: "--file-prefix must be a name made of letters, digits and _, not '\(prefix)'")
        }
        if prefix != nil && specs.count > 1 {
            throw UsageError(message: "--file-prefix names the files of one spec; give one spec")
        }
        if options.flags.contains("--stable-file-set") {
            guard prefix != nil else {
                throw UsageError(message: "--stable-file-set needs --file-prefix: a build plugin names the files before the spec is read")
            }
            if let shards, shards > OutputLayout.maxStableShards {
                throw UsageError(message: "--stable-file-set splits a client into at most \(OutputLayout.maxStableShards) shards, not \(shards)")
            }
        }
        let check = options.flags.contains("--check"), prune = options.flags.contains("--prune")
        if check && prune { throw UsageError(message: "--check writes nothing, so it cannot --prune; give one of them") }
        let settings = GenerateSettings(templates: options.values["--templates"], access: access, filePrefix: prefix,
                                        shards: shards, config: options.values["--config"], groupByTag: options.flags.contains("--group-by-tag"),
                                        stableFileSet: options.flags.contains("--stable-file-set"), quiet: options.flags.contains("--quiet"))
        return .generate(specs: specs, output: output, settings: settings, mode: check ? .check : prune ? .writeAndPrune : .write)
    }

    /// Options given once each (`--name value` or `--name=value`), flags without a value, `--help`,
    /// and positional arguments.
    private static func split(
        _ arguments: [String], allowed: [String], flags allowedFlags: [String]
    ) throws(UsageError) -> (positional: [String], options: (values: [String: String], flags: [String], help: Bool)) {
        var positional: [String] = []
        var values: [String: String] = [:]
        var flags: [String] = []
        var help = false
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                continue
            }
            if argument == "--" { onlyPositional = true; continue }
            if argument == "--help" || argument == "-h" { help = true; continue }
            if allowedFlags.contains(argument) {
                if !flags.contains(argument) { flags.append(argument) }
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? argument
            guard allowed.contains(name) else {
                throw UsageError(message: "unknown option '\(name)'\(Suggestions.didYouMean(name, in: allowed + allowedFlags))")
            }
            guard values[name] == nil else { throw UsageError(message: "option '\(name)' is given twice") }
            if parts.count == 2 {
                values[name] = parts[1]
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" else {
                    throw UsageError(message: "option '\(name)' needs a value")
                }
                values[name] = arguments[index]
                index += 1
            }
            if values[name]?.isEmpty == true { throw UsageError(message: "option '\(name)' needs a value") }
        }
        return (positional, (values, flags, help))
    }
}
