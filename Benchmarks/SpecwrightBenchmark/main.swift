import Foundation

// The generator benchmark: the generator's figures side by side with libyaml's own event walk, and the
// debug build of the generated client.
//
//   swift run -c release SpecwrightBenchmark [--models N] [--endpoints N] [--shards N] [--skip-compile] [--runs N] [--out DIR]
//   swift run -c release SpecwrightBenchmark --spec FILE [--shards N] [--skip-compile] [--runs N] [--tsv] [--out DIR]
//   swift run -c release SpecwrightBenchmark --hostile [--runs N] [--out DIR]
//   swift run -c release SpecwrightBenchmark --ratios [--out DIR]
//   swift run -c release SpecwrightBenchmark --swagger2 FILE [--out DIR]
//
// Without --spec it measures a large synthetic spec (SyntheticSpec), its client in one file and in
// shards, clean and after a one-model edit; with --spec, any document the generator reads, as it is on
// disk. Either way: libyaml's event walk, the whole pipeline in process, `specwright generate` as a
// process (time and peak memory), and clean debug builds of the client with warnings as errors.

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let report = Report(tsv: options.tsv)
// The `specwright` built next to this executable, and the repository root (the runtime the clients use).
let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("specwright").path
let specwright = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let generator = Generator(report: report, cli: cli)
if let swagger2 = options.swagger2 {
    do {
        try Swagger2Benchmark.run(path: swagger2, options: options, generator: generator)
    } catch {
        report.fail(["error: \(error)"])
    }
} else if options.ratios {
    do {
        try RatioBenchmark.run(options: options, generator: generator)
    } catch {
        report.fail(["error: \(error)"])
    }
} else if options.hostile {
    do {
        try HostileInputBenchmark.run(options: options, generator: generator)
    } catch {
        report.fail(["error: \(error)"])
    }
} else if let spec = options.spec {
    DocumentBenchmark.run(path: spec, options: options, generator: generator, specwright: specwright)
} else {
    do {
        try SyntheticBenchmark.run(options: options, generator: generator, specwright: specwright)
    } catch {
        report.fail(["error: \(error)"])
    }
}
