import Foundation
import SpecCompiler
import SpecYAML

/// Where the figures go: standard output, or standard error when standard output carries the `--tsv` line.
struct Report {
    var tsv = false

    /// Prints one figure.
    func line(_ text: String) {
        if tsv {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            print(text)
        }
    }

    /// Prints `lines` on standard error and exits with status 1.
    func fail(_ lines: [String]) -> Never {
        FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        exit(1)
    }
}

/// The generator's figures, the same for the synthetic spec and for a document: libyaml's walk,
/// the pipeline in process, and `specwright generate` as a process.
struct Generator {
    var report: Report
    /// The `specwright` executable (built next to the benchmark).
    var cli: String
    /// The pipeline with the default templates (`SpecCompiler.compile`).
    var compile: (_ path: String, _ options: CompilerOptions, _ read: (String) throws -> [UInt8]) -> CompileResult

    /// Loads the default templates; fails when they do not parse.
    init(report: Report, cli: String) {
        guard let templates = SpecCompiler.templates().templates else { report.fail(["error: the default templates do not parse"]) }
        self.report = report
        self.cli = cli
        self.compile = { path, options, read in SpecCompiler.compile(path: path, templates: templates, options: options, read: read) }
    }

    /// libyaml's own event walk over `bytes`, nothing else: the fastest of 5 runs, and the event count.
    func libyamlWalk(_ bytes: [UInt8]) -> (seconds: Double, events: Int) {
        var events = 0
        let seconds = Measure.fastest(runs: 5) { events = YAMLParser.countEvents(bytes) ?? 0 }
        return (seconds, events)
    }

    /// The whole pipeline in this process (parse, decode, validate, lower, render; no writes): the
    /// fastest of 5 runs and the files. Prints the first 20 diagnostics and exits 1 when there are errors.
    func pipeline(path: String, shards: Int?, read: (String) throws -> [UInt8]) -> (seconds: Double, files: [OutputFile]) {
        let options = CompilerOptions(shards: shards)
        let first = compile(path, options, read)
        if first.diagnostics.hasErrors {
            let all = first.diagnostics.sorted
            let shown = all.prefix(20).map(\.description)
            report.fail(["error: generation failed for \(path) (\(all.count) diagnostics, first \(shown.count) below)"] + shown)
        }
        let seconds = Measure.fastest(runs: 5) {
            _ = compile(path, options, read)
        }
        return (seconds, first.files)
    }

    /// `specwright generate` as its own process into a fresh `output` (so every file is written):
    /// the best wall time of 3 runs (with process start and writes) and the highest peak memory.
    func generate(spec: String, output: URL, shards: Int?, log: URL) -> Measure.Run {
        var best = Measure.Run(seconds: .infinity, peakBytes: 0, status: 0)
        for _ in 0..<3 {
            let run = generateOnce(spec: spec, output: output, shards: shards, log: log)
            best = Measure.Run(seconds: min(best.seconds, run.seconds), peakBytes: max(best.peakBytes, run.peakBytes), status: 0)
        }
        return best
    }

    /// Runs `specwright generate` once, into an emptied `output` when `fresh` (otherwise only changed
    /// files are rewritten); prints the first 20 lines of its output and exits 1 when it fails.
    @discardableResult
    func generateOnce(spec: String, output: URL, shards: Int?, log: URL, fresh: Bool = true) -> Measure.Run {
        if fresh { try? FileManager.default.removeItem(at: output) }
        let run = Measure.command(cli, ["generate", spec, "--output", output.path] + (shards.map { ["--shards", String($0)] } ?? []), output: .file(log.path))
        if run.status == -1 { report.fail(["error: cannot run \(cli); build it first: swift build -c release --product specwright"]) }
        guard run.status == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            report.fail(["error: specwright generate \(spec) failed (exit status \(run.status)):"] + text.split(separator: "\n").prefix(20).map(String.init))
        }
        return run
    }
}
