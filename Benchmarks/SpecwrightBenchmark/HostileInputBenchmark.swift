import Foundation
import SpecYAML

/// How quickly, and within how much memory, `specwright generate` refuses the hostile files the
/// limits are for (the tests bound their CPU time and memory; these are the figures). Beside each:
/// libyaml's own event walk over the same bytes, where libyaml gets through them.
enum HostileInputBenchmark {
    /// One hostile input: a name, and the file (written into the benchmark's folder, or a device).
    struct Input {
        var name: String
        var path: String
        var bytes: [UInt8]?
    }

    static func run(options: Options, generator: Generator) throws {
        let folder = URL(fileURLWithPath: options.out).appendingPathComponent("hostile")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var laughs = "name: Laughs\nl0: &l0 [" + Array(repeating: "lol", count: 100).joined(separator: ", ") + "]\n"
        laughs += "l1: &l1 [" + Array(repeating: "*l0", count: 100).joined(separator: ", ") + "]\n"
        laughs += "l2: &l2 [" + Array(repeating: "*l1", count: 100).joined(separator: ", ") + "]\n"
        laughs += "l3: [" + Array(repeating: "*l2", count: 200_000).joined(separator: ", ") + "]\n"
        let texts = [
            ("billion laughs, 1 MB", "laughs.yaml", laughs),
            ("100,000-deep [ nesting", "flow.yaml", "name: Deep\nmodels: " + String(repeating: "[", count: 100_000) + "\n"),
            ("100,000-deep {a: nesting", "map.yaml", "name: Deep\nmodels: " + String(repeating: "{a: ", count: 100_000) + "\n"),
            ("a 50 MB scalar", "scalar.yaml", "name: Big\ndescription: " + String(repeating: "a", count: 50_000_000) + "\n"),
        ]
        var inputs: [Input] = []
        for (name, file, text) in texts {
            let url = folder.appendingPathComponent(file)
            try Data(text.utf8).write(to: url)
            inputs.append(Input(name: name, path: url.path, bytes: Array(text.utf8)))
        }
        let huge = folder.appendingPathComponent("huge.yaml").path
        guard FileManager.default.createFile(atPath: huge, contents: nil), truncate(huge, 1 << 30) == 0 else { generator.report.fail(["error: cannot make a sparse 1 GiB file in \(folder.path)"]) }
        inputs.append(Input(name: "a 1 GiB file (sparse)", path: huge, bytes: nil))
        inputs.append(Input(name: "/dev/zero", path: "/dev/zero", bytes: nil))

        generator.report.line("Hostile inputs: `specwright generate` refusing each (best of \(max(options.runs, 3)) runs), beside libyaml's event walk")
        generator.report.line("| input | refused in | peak memory | libyaml's walk of the bytes |")
        generator.report.line("|---|--:|--:|--:|")
        let output = folder.appendingPathComponent("Out").path
        for input in inputs {
            var best = Measure.Run(seconds: .infinity, peakBytes: 0, status: 0)
            for _ in 0..<max(options.runs, 3) {
                let run = Measure.command(generator.cli, ["generate", input.path, "--output", output])
                guard run.status == 1 else { generator.report.fail(["error: \(input.name) was not refused (exit status \(run.status))"]) }
                best = Measure.Run(seconds: min(best.seconds, run.seconds), peakBytes: max(best.peakBytes, run.peakBytes), status: 1)
            }
            let walk = input.bytes.flatMap { bytes -> String? in
                var events: Int?
                let seconds = Measure.fastest(runs: 3) { events = YAMLParser.countEvents(bytes) }
                return events == nil ? "libyaml stops too" : Measure.time(seconds)
            } ?? "(not a YAML text)"
            generator.report.line("| \(input.name) | \(Measure.time(best.seconds)) | \(Measure.size(best.peakBytes)) | \(walk) |")
        }
    }
}
