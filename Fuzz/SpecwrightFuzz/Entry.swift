// The entry points. Built by Scripts/fuzz with `-sanitize=fuzzer -D FUZZING`, this is a libFuzzer
// target; built normally, it replays inputs (crash files, a corpus) given as arguments.

#if FUZZING
/// libFuzzer's driver, which parses its flags and calls `test` with each input.
@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The executable's entry point. SwiftPM links executables with `main` pointing at `<module>_main`,
/// so that is where libFuzzer's driver is started (its own `main` is then never linked in).
@_cdecl("SpecwrightFuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    _ = FuzzInput.templates  // parsed once, before libFuzzer starts counting allocations per input
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        FuzzInput.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
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
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            for path in files(at: argument) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("cannot read \(path)")
                    exit(1)
                }
                FuzzInput.run([UInt8](data))
                count += 1
            }
        }
        print("replayed \(count) inputs, no invariant broken")
    }

    /// The file at `path`, or every file under the folder at `path`, in name order.
    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().flatMap { files(at: "\(path)/\($0)") }
    }
}
#endif
