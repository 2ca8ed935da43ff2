import Foundation

/// `--ratios`: the whole `specwright generate` run against libyaml's own event walk of the same
/// file, for the synthetic spec (2,000 models, 4,000 endpoints) and the shared corpus's GitHub and
/// Stripe documents, interleaved (each round measures every document once) and the best of 5 rounds.
enum RatioBenchmark {
    /// The documents of the corpus measured beside the synthetic spec.
    static let corpus = ["github-api-2022-06-11.json", "stripe-spec3-2023-09-12.yaml"]

    static func run(options: Options, generator: Generator) throws {
        let report = generator.report
        let out = URL(fileURLWithPath: options.out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let synthetic = out.appendingPathComponent("Synthetic.yaml")
        try Data(SyntheticSpec.text(models: 2000, endpoints: 4000).utf8).write(to: synthetic)
        var documents = [("synthetic (2,000 models, 4,000 endpoints)", synthetic.path)]
        if let shared = sharedFolder() {
            documents += corpus.map { ($0, shared.appendingPathComponent("openapi/\($0)").path) }
        } else {
            report.line("skipped GitHub and Stripe: the shared folder is not at SPECWRIGHT_SHARED or ../shared")
        }
        let log = out.appendingPathComponent("generate.log")
        var walks = [Double](repeating: .infinity, count: documents.count)
        var runs = [Double](repeating: .infinity, count: documents.count)
        for _ in 0..<5 {
            for (index, (_, path)) in documents.enumerated() {
                guard let data = FileManager.default.contents(atPath: path) else { report.fail(["error: cannot read \(path)"]) }
                walks[index] = min(walks[index], generator.libyamlWalk([UInt8](data)).seconds)
                let run = generator.generateOnce(spec: path, output: out.appendingPathComponent("ratio-output"), shards: nil, log: log)
                runs[index] = min(runs[index], run.seconds)
            }
        }
        report.line("| document | libyaml event walk | `specwright generate` | ratio |")
        report.line("|---|--:|--:|--:|")
        for (index, (name, _)) in documents.enumerated() {
            report.line("| \(name) | \(Measure.time(walks[index])) | \(Measure.time(runs[index])) | \(String(format: "%.1f", runs[index] / walks[index]))x |")
        }
    }

    /// SPECWRIGHT_SHARED, else `shared` next to the repository.
    private static func sharedFolder() -> URL? {
        if let path = ProcessInfo.processInfo.environment["SPECWRIGHT_SHARED"] { return URL(fileURLWithPath: path) }
        let beside = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: beside.path) ? beside : nil
    }
}
