#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpecCompiler
import SpecDiagnostics

/// `specwright`: parses the command line, runs the pipeline, prints diagnostics, sets the exit code.
/// Exit codes: 0 success, 1 spec errors, 2 usage errors.

func printError(_ text: String) {
    POSIX.write(text + "\n", to: 2)
}

func report(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics { printError(diagnostic.description) }
}

func run(_ command: Command) -> Int32 {
    switch command {
    case .help(let topic):
        guard let text = Help.text(for: topic) else {
            printError("error: no help for '\(topic ?? "")'\n\n\(Help.overview)")
            return 2
        }
        print(text)
        return 0
    case .version:
        print(Help.version)
        return 0
    case .validate(let specs):
        return Runner(templatesFolder: nil).validate(specs)
    case .convert(let input, let output, let groupByTag, let config):
        return Runner(templatesFolder: nil).convert(input, output: output, groupByTag: groupByTag, config: config)
    case .generate(let specs, let output, let settings, let mode):
        let runner = Runner(templatesFolder: settings.templates)
        switch mode {
        case .check: return runner.check(specs, output: output, settings: settings)
        case .write: return runner.generate(specs, output: output, settings: settings, prune: false)
        case .writeAndPrune: return runner.generate(specs, output: output, settings: settings, prune: true)
        }
    }
}

// Under a file-size limit (`ulimit -f`), a write over it fails (and the run rolls back) instead
// of the default SIGXFSZ killing the process halfway through writing.
signal(SIGXFSZ, SIG_IGN)

do {
    exit(run(try Arguments.parse(Array(CommandLine.arguments.dropFirst()))))
} catch {
    printError("error: \(error.message)\nRun 'specwright --help' for usage.")
    exit(2)
}
