import Foundation
import SpecCompiler

/// The command line of the benchmark.
struct Options {
    static let usage = """
        usage: SpecwrightBenchmark [--models N] [--endpoints N] [--shards N] [--skip-compile] [--runs N] [--out DIR]
               SpecwrightBenchmark --spec FILE [--shards N] [--skip-compile] [--runs N] [--tsv] [--out DIR]
               SpecwrightBenchmark --hostile [--runs N] [--out DIR]
               SpecwrightBenchmark --ratios [--out DIR]
               SpecwrightBenchmark --swagger2 FILE [--out DIR]

          --spec FILE      measure FILE (a spec or any document the generator reads) instead of the synthetic spec
          --hostile        measure how quickly the hostile files of the limits are refused (billion laughs, ...)
          --ratios         `specwright generate` against libyaml's event walk, best of 5 interleaved: the synthetic
                           spec of 2,000 models and 4,000 endpoints, GitHub's and Stripe's documents (shared folder)
          --swagger2 FILE  `specwright generate` of a Swagger 2.0 document beside its 3.0 conversion (best of 5)
          --models N       models of the synthetic spec (2000)
          --endpoints N    endpoints of the synthetic spec (2000)
          --shards N       shards of the generated client (the synthetic spec: 8; with --spec, of every figure, and
                           without it the generator's default for the document)
          --skip-compile   do not build the generated client
          --runs N         clean builds of the client; more than one reports the median (1)
          --tsv            with --spec: print the figures on stderr and one tab-separated summary line on stdout:
                           doc libyaml_s pipeline_s cli_s cli_peak_MB output_lines compile_s compile_peak_MB
          --out DIR        where the spec, the generated files and the client packages go
        """

    var models = 2000
    var endpoints = 2000
    /// `--shards`, when given.
    var shards: Int?
    var compile = true
    var runs = 1
    var tsv = false
    var spec: String?
    var hostile = false
    var ratios = false
    var swagger2: String?
    var out = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-benchmark").path

    /// Parses the arguments (without the program name); exits with status 2 and the usage on a bad one.
    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ name: String) -> String {
            guard let value = rest.popFirst() else { usageError("\(name) needs a value") }
            return value
        }
        func number(_ name: String, in range: ClosedRange<Int>) -> Int {
            let text = value(name)
            guard let number = Int(text), range.contains(number) else { usageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--ratios": options.ratios = true
            case "--swagger2": options.swagger2 = value(argument)
            case "--models": options.models = number(argument, in: 1...1_000_000)
            case "--endpoints": options.endpoints = number(argument, in: 1...1_000_000)
            case "--shards": options.shards = number(argument, in: 1...CompilerOptions.maxShards)
            case "--runs": options.runs = number(argument, in: 1...100)
            case "--out": options.out = value(argument)
            case "--spec": options.spec = value(argument)
            case "--skip-compile": options.compile = false
            case "--tsv": options.tsv = true
            case "--hostile": options.hostile = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default: usageError("unknown argument '\(argument)'")
            }
        }
        if options.tsv, options.spec == nil { usageError("--tsv needs --spec") }
        return options
    }

    private static func usageError(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}
