import Foundation
import SpecCompiler
import SpecCore
import SpecIR
import SpecYAML

// The generator benchmark: a large synthetic spec, measured side by side with libyaml's own event walk.
//
//   swift run -c release SpecwrightBenchmark [--models N] [--endpoints N] [--shards N] [--skip-compile] [--out DIR]
//
// Reports, in one run: libyaml's event walk, the whole pipeline in process, `specwright generate`
// as a process (time and peak memory), and the debug `swift build` of the generated client in one
// file and split into shards: clean, and after a one-model edit.

var options = (models: 2000, endpoints: 2000, shards: 8, compile: true, out: FileManager.default.temporaryDirectory.appendingPathComponent("specwright-benchmark").path)
var arguments = Array(CommandLine.arguments.dropFirst())
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--models": options.models = arguments.first.flatMap(Int.init) ?? options.models; arguments = Array(arguments.dropFirst())
    case "--endpoints": options.endpoints = arguments.first.flatMap(Int.init) ?? options.endpoints; arguments = Array(arguments.dropFirst())
    case "--out": options.out = arguments.first ?? options.out; arguments = Array(arguments.dropFirst())
    case "--shards": options.shards = arguments.first.flatMap(Int.init) ?? options.shards; arguments = Array(arguments.dropFirst())
    case "--skip-compile": options.compile = false
    default:
        FileHandle.standardError.write(Data("usage: SpecwrightBenchmark [--models N] [--endpoints N] [--shards N] [--skip-compile] [--out DIR]\n".utf8))
        exit(2)
    }
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let outFolder = URL(fileURLWithPath: options.out)
let specURL = outFolder.appendingPathComponent("Synthetic.yaml")
try FileManager.default.createDirectory(at: outFolder, withIntermediateDirectories: true)
let spec = SyntheticSpec.text(models: options.models, endpoints: options.endpoints)
try Data(spec.utf8).write(to: specURL)
let bytes = [UInt8](spec.utf8)
print("Synthetic spec: \(options.models) models, \(options.endpoints) endpoints, \(Measure.size(bytes.count)) (\(specURL.path))")

// 1. libyaml alone: walk the events, nothing else.
var events = 0
let libyaml = Measure.fastest(runs: 5) { events = YAMLParser.countEvents(bytes) ?? 0 }
print("libyaml event walk:         \(Measure.time(libyaml))  (\(events) events)")

// 2. The whole pipeline in this process: parse, decode, validate, lower, render (no disk).
guard let templates = SpecCompiler.templates().templates else { fatalError("default templates do not parse") }
var output = 0
let pipeline = Measure.fastest(runs: 5) {
    let result = SpecCompiler.compile(path: "Synthetic.yaml", templates: templates) { _ in bytes }
    precondition(!result.diagnostics.hasErrors, result.diagnostics.sorted.map(\.description).joined(separator: "\n"))
    output = result.files.reduce(0) { $0 + $1.contents.utf8.count }
}
print("pipeline in process:        \(Measure.time(pipeline))  (\(String(format: "%.2f", pipeline / libyaml))x libyaml, output \(Measure.size(output)))")

// The stages on one core, to see where the time goes (SPECWRIGHT_BENCH_STAGES=1).
if ProcessInfo.processInfo.environment["SPECWRIGHT_BENCH_STAGES"] == "1" {
    let parse = Measure.fastest(runs: 3) { _ = YAMLParser.parse(bytes, file: "Synthetic.yaml") }
    let load = Measure.fastest(runs: 3) { _ = SpecLoader.load(path: "Synthetic.yaml") { _ in bytes } }
    guard let decoded = SpecLoader.load(path: "Synthetic.yaml", read: { _ in bytes }).spec else { fatalError("no spec") }
    let validate = Measure.fastest(runs: 3) { _ = Validator.validate(decoded) }
    let lower = Measure.fastest(runs: 3) { _ = (Lowering(decoded).modelsFile(), Lowering(decoded).endpointsFile()) }
    let (models, endpoints) = (Lowering(decoded).modelsFile(), Lowering(decoded).endpointsFile())
    let render = Measure.fastest(runs: 3) {
        _ = try? templates.render("Models", .object(models))
        _ = try? templates.render("Endpoints", .object(endpoints))
    }
    print("  stages, one core: parse \(Measure.time(parse)), parse+decode \(Measure.time(load)), validate \(Measure.time(validate)), lower \(Measure.time(lower)), render \(Measure.time(render))")
}

// 3. `specwright generate` as its own process: wall time (with process start and file writes) and peak memory.
let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("specwright").path
let clientFolder = outFolder.appendingPathComponent("SyntheticClient")
let generatedFolder = clientFolder.appendingPathComponent("Sources/SyntheticClient")
try? FileManager.default.removeItem(at: generatedFolder)
var generate = Measure.Run(seconds: .infinity, peakBytes: 0, status: 0)
for _ in 0..<3 {
    try? FileManager.default.removeItem(at: generatedFolder)
    let run = Measure.command(cli, ["generate", specURL.path, "--output", generatedFolder.path])
    guard run.status == 0 else { fatalError("specwright generate failed; build it first: swift build -c release") }
    if run.seconds < generate.seconds { generate = run }
}
print("specwright generate:        \(Measure.time(generate.seconds))  (\(String(format: "%.2f", generate.seconds / libyaml))x libyaml), peak memory \(Measure.size(generate.peakBytes)) (\(String(format: "%.1f", Double(generate.peakBytes) / Double(bytes.count)))x the spec)")

// 4. Compile time of the generated client, in one file and split into shards: a clean debug build of
// the client target, then a rebuild after one model changed (the edit a developer makes all day).
if options.compile {
    // The edit: one more field in one model.
    guard let thing = spec.range(of: "  Thing1:\n"), let fields = spec.range(of: "    fields:\n", range: thing.upperBound..<spec.endIndex) else {
        fatalError("the synthetic spec has no Thing1 to edit")
    }
    var edited = spec
    edited.insert(contentsOf: "      edited: Bool = false\n", at: fields.upperBound)
    let editedURL = outFolder.appendingPathComponent("Edited/Synthetic.yaml")
    try FileManager.default.createDirectory(at: editedURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(edited.utf8).write(to: editedURL)
    for shards in [1, options.shards] {
        let package = outFolder.appendingPathComponent("Client\(shards)")
        let sources = package.appendingPathComponent("Sources/SyntheticClient")
        try? FileManager.default.removeItem(at: sources)
        let manifest = """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "SyntheticClient",
                platforms: [.macOS(.v13)],
                dependencies: [.package(name: "Specwright", path: "\(packageRoot.path)")],
                targets: [.target(name: "SyntheticClient", dependencies: [.product(name: "Specwright", package: "Specwright")])]
            )
            """
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))
        let generate = { (spec: URL) in
            let run = Measure.command(cli, ["generate", spec.path, "--output", sources.path, "--shards", String(shards)])
            guard run.status == 0 else { fatalError("specwright generate failed") }
        }
        generate(specURL)
        let scratch = outFolder.appendingPathComponent("build\(shards)").path
        let build = { Measure.command("swift", ["build", "--package-path", package.path, "--scratch-path", scratch, "--target", "SyntheticClient"], quiet: false) }
        guard Measure.command("swift", ["build", "--package-path", package.path, "--scratch-path", scratch, "--target", "Specwright"]).status == 0 else {
            fatalError("building the runtime failed")
        }
        // The generated files were just written anew, so this compiles the whole client target.
        let clean = build()
        guard clean.status == 0 else { fatalError("the generated client does not compile: swift build --package-path \(package.path)") }
        generate(editedURL) // rewrites only the file (or shard) that holds Thing1
        let rebuild = build()
        guard rebuild.status == 0 else { fatalError("the edited client does not compile") }
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        let lines = try files.reduce(0) { total, file in
            total + (try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)).split(separator: "\n").count
        }
        let layout = shards == 1 ? "one file each for models and endpoints" : "split into \(shards) shards (\(files.count) files)"
        print("swift build (debug), \(layout): clean \(Measure.time(clean.seconds)), peak memory \(Measure.size(clean.peakBytes)); one-model edit \(Measure.time(rebuild.seconds)) (\(lines) lines)")
    }
}
