// What the fuzz targets share. Built by Scripts/fuzz with `-sanitize=fuzzer -D FUZZING`, a target
// hands each input libFuzzer makes to its check; built normally, it replays inputs (crash files, a
// corpus) named as arguments.
import Foundation

#if FUZZING
/// libFuzzer's driver, which parses its flags and calls `test` with each input.
@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments; `check` gets each input (a C function pointer, so
/// it captures nothing).
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ check: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, check)
}
#endif

/// The bytes of a libFuzzer input.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
}

/// Replays inputs: each argument is a file, or a folder whose files are all replayed, in name order.
public func replay(_ arguments: [String], _ run: ([UInt8]) -> Void) {
    var count = 0
    for argument in arguments {
        for path in files(at: argument) {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                exit(1)
            }
            run([UInt8](data))
            count += 1
        }
    }
    print("replayed \(count) inputs, no invariant broken")
}

/// The file at `path`, or every file under the folder at `path`, in name order.
private func files(at path: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.sorted().flatMap { files(at: "\(path)/\($0)") }
}
