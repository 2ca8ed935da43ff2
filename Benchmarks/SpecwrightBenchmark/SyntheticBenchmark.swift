import Foundation
import SpecCompiler
import SpecCore
import SpecIR
import SpecYAML

/// The default mode: a large synthetic spec, and the debug build of its generated client in one file and
/// split into shards, clean and after a one-model edit.
enum SyntheticBenchmark {
    /// Writes the synthetic spec into `options.out` and measures it.
    static func run(options: Options, generator: Generator, specwright: URL) throws {
        let report = generator.report
        let outFolder = URL(fileURLWithPath: options.out)
        let specURL = outFolder.appendingPathComponent("Synthetic.yaml")
        let log = outFolder.appendingPathComponent("generate.log")
        try FileManager.default.createDirectory(at: outFolder, withIntermediateDirectories: true)
        let spec = SyntheticSpec.text(models: options.models, endpoints: options.endpoints)
        try Data(spec.utf8).write(to: specURL)
        let bytes = [UInt8](spec.utf8)
        report.line("Synthetic spec: \(options.models) models, \(options.endpoints) endpoints, \(Measure.size(bytes.count)) (\(specURL.path))")

        // 1. libyaml alone: walk the events, nothing else.
        let libyaml = generator.libyamlWalk(bytes)
        report.line("libyaml event walk:         \(Measure.time(libyaml.seconds))  (\(libyaml.events) events)")

        // 2. The whole pipeline in this process: parse, decode, validate, lower, render (no disk).
        let pipeline = generator.pipeline(path: "Synthetic.yaml", shards: 1) { _ in bytes }
        let output = pipeline.files.reduce(0) { $0 + $1.contents.utf8.count }
        report.line("pipeline in process:        \(Measure.time(pipeline.seconds))  (\(String(format: "%.2f", pipeline.seconds / libyaml.seconds))x libyaml, output \(Measure.size(output)))")

        // The stages on one core, to see where the time goes (SPECWRIGHT_BENCH_STAGES=1).
        if ProcessInfo.processInfo.environment["SPECWRIGHT_BENCH_STAGES"] == "1" {
            stages(bytes, report: report)
        }

        // 3. `specwright generate` as its own process: wall time (with process start and file writes) and peak memory.
        let generate = generator.generate(spec: specURL.path, output: outFolder.appendingPathComponent("SyntheticClient/Sources/SyntheticClient"), shards: 1, log: log)
        report.line("specwright generate:        \(Measure.time(generate.seconds))  (\(String(format: "%.2f", generate.seconds / libyaml.seconds))x libyaml), peak memory \(Measure.size(generate.peakBytes)) (\(String(format: "%.1f", Double(generate.peakBytes) / Double(bytes.count)))x the spec)")

        // 4. Compile time of the generated client, in one file and split into shards: clean debug builds of
        // the client target, then a rebuild after one model changed (the edit a developer makes all day).
        guard options.compile else { return }
        // The edit: one more field in one model.
        guard let thing = spec.range(of: "  Thing1:\n"), let fields = spec.range(of: "    fields:\n", range: thing.upperBound..<spec.endIndex) else {
            report.fail(["error: the synthetic spec has no Thing1 to edit"])
        }
        var edited = spec
        edited.insert(contentsOf: "      edited: Bool = false\n", at: fields.upperBound)
        let editedURL = outFolder.appendingPathComponent("Edited/Synthetic.yaml")
        try FileManager.default.createDirectory(at: editedURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(edited.utf8).write(to: editedURL)
        for shards in [1, options.shards ?? 8] {
            let package = ClientPackage(
                folder: outFolder.appendingPathComponent("Client\(shards)"), target: "SyntheticClient",
                scratch: outFolder.appendingPathComponent("build\(shards)"), specwright: specwright, report: report
            )
            package.prepare()
            let clean = package.cleanBuilds(runs: options.runs) {
                generator.generateOnce(spec: specURL.path, output: package.sources, shards: shards, log: log)
            }
            // Rewrites only the file (or shard) that holds Thing1.
            generator.generateOnce(spec: editedURL.path, output: package.sources, shards: shards, log: log, fresh: false)
            let rebuild = package.build()
            let (files, lines) = package.sourceLines()
            let layout = shards == 1 ? "one file each for models and endpoints" : "split into \(shards) shards (\(files) files)"
            report.line("swift build (debug), \(layout): clean \(clean.description); one-model edit \(Measure.time(rebuild.seconds)) (\(lines) lines)")
        }
    }

    /// Each stage of the pipeline on one core.
    private static func stages(_ bytes: [UInt8], report: Report) {
        guard let templates = SpecCompiler.templates().templates else { report.fail(["error: the default templates do not parse"]) }
        let parse = Measure.fastest(runs: 3) { _ = YAMLParser.parse(bytes, file: "Synthetic.yaml") }
        let load = Measure.fastest(runs: 3) { _ = SpecLoader.load(path: "Synthetic.yaml") { _ in bytes } }
        guard let decoded = SpecLoader.load(path: "Synthetic.yaml", read: { _ in bytes }).spec else { report.fail(["error: the synthetic spec does not decode"]) }
        let validate = Measure.fastest(runs: 3) { _ = Validator.validate(decoded) }
        let lower = Measure.fastest(runs: 3) { _ = (Lowering(decoded).modelsFile(), Lowering(decoded).endpointsFile()) }
        let (models, endpoints) = (Lowering(decoded).modelsFile(), Lowering(decoded).endpointsFile())
        let render = Measure.fastest(runs: 3) {
            _ = try? templates.render("Models", .object(models))
            _ = try? templates.render("Endpoints", .object(endpoints))
        }
        report.line("  stages, one core: parse \(Measure.time(parse)), parse+decode \(Measure.time(load)), validate \(Measure.time(validate)), lower \(Measure.time(lower)), render \(Measure.time(render))")
    }
}
