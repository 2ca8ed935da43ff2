// The entry points. Built by Scripts/fuzz with `-sanitize=fuzzer -D FUZZING`, this is a libFuzzer
// target; built normally, it replays inputs (crash files, a corpus) given as arguments.
import FuzzDriver

#if FUZZING
/// The executable's entry point. SwiftPM links executables with `main` pointing at `<module>_main`,
/// so that is where libFuzzer's driver is started (its own `main` is then never linked in).
@_cdecl("StreamParserFuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    return runFuzzer(argc, argv) { data, size in
        StreamInput.run(fuzzBytes(data, size))
        return 0
    }
}
#else
import Foundation

/// Replays inputs: each argument is a file, or a folder whose files are all replayed.
@main
enum Replay {
    /// Replays every file named on the command line.
    static func main() {
        replay(Array(CommandLine.arguments.dropFirst()), StreamInput.run)
    }
}
#endif
