import Foundation

/// `--spec FILE`: the figures of one document as it is on disk (a spec, and whatever else the generator
/// reads), one line each, and with `--tsv` one tab-separated line for scripts.
enum DocumentBenchmark {
    /// Measures the document at `path` (relative paths are from the working folder).
    static func run(path: String, options: Options, generator: Generator, specwright: URL) {
        let report = generator.report
        let url = URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: url.path) else { report.fail(["error: cannot read \(path)"]) }
        let bytes = [UInt8](data)
        let name = url.lastPathComponent
        let out = URL(fileURLWithPath: options.out).appendingPathComponent("document")
        do {
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        } catch {
            report.fail(["error: cannot create \(out.path): \(error)"])
        }
        report.line("Document: \(name), \(bytes.count) bytes (\(url.path)), \(options.shards.map { "\($0) shards" } ?? "the generator's default shards")")

        // 1. libyaml alone: walk the events, nothing else.
        let libyaml = generator.libyamlWalk(bytes)
        report.line("libyaml event walk:         \(Measure.time(libyaml.seconds))  (\(libyaml.events) events)")

        // 2. The whole pipeline in this process, reading the document (and any file it refers to) from disk.
        let pipeline = generator.pipeline(path: path, shards: options.shards) { file in
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        }
        report.line("pipeline in process:        \(Measure.time(pipeline.seconds))  (\(ratio(pipeline.seconds, libyaml.seconds)) libyaml)")
        let outputBytes = pipeline.files.reduce(0) { $0 + $1.contents.utf8.count }
        let outputLines = pipeline.files.reduce(0) { $0 + Measure.lines($1.contents) }
        report.line("output:                     \(outputBytes) bytes, \(outputLines) lines in \(pipeline.files.count) files")

        // 3. `specwright generate` as its own process.
        let cli = generator.generate(spec: path, output: out.appendingPathComponent("Generated"), shards: options.shards, log: out.appendingPathComponent("generate.log"))
        report.line("specwright generate:        \(Measure.time(cli.seconds))  (\(ratio(cli.seconds, libyaml.seconds)) libyaml), peak memory \(Measure.size(cli.peakBytes))")

        // 4. A clean debug build of the generated client.
        var compile: ClientPackage.Figures?
        if options.compile {
            let package = ClientPackage(
                folder: out.appendingPathComponent("DocumentClient"), target: "DocumentClient",
                scratch: out.appendingPathComponent("build"), specwright: specwright, report: report
            )
            package.prepare()
            let figures = package.cleanBuilds(runs: options.runs) {
                generator.generateOnce(spec: path, output: package.sources, shards: options.shards, log: out.appendingPathComponent("generate.log"))
            }
            report.line("swift build (debug, warnings as errors): clean \(figures.description)")
            compile = figures
        }

        if options.tsv {
            let fields = [
                name, String(format: "%.6f", libyaml.seconds), String(format: "%.6f", pipeline.seconds),
                String(format: "%.6f", cli.seconds), megabytes(cli.peakBytes), String(outputLines),
                compile.map { String(format: "%.3f", $0.seconds) } ?? "-", compile.map { megabytes($0.peakBytes) } ?? "-",
            ]
            print(fields.joined(separator: "\t"))
        }
    }

    /// `3.42x`
    private static func ratio(_ seconds: Double, _ base: Double) -> String {
        String(format: "%.2fx", seconds / base)
    }

    /// `812.3`: megabytes, as a plain number.
    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000)
    }
}
