import Foundation
import SpecCompiler
import TestSupport
import Testing

/// A generated client and a `main.swift` that calls it, compiled into a program with the runtime:
/// how the wire tests run generated code against real servers.
struct WireProgram {
    /// The program.
    let executable: URL
    /// The folder that holds it and its sources, removed by ``remove()``.
    let folder: URL

    /// Generates the client of the document at `path` with `options`, and compiles it with `main`.
    static func build(document path: String, options: CompilerOptions = CompilerOptions(), main: String) async throws -> WireProgram {
        let templates = try #require(Golden.templates)
        let result = try await OffPool.run(.heavy) {
            SpecCompiler.compile(path: path, templates: templates, options: options) { path in
                guard let data = FileManager.default.contents(atPath: path) else { throw Golden.MissingFile() }
                return [UInt8](data)
            }
        }
        let errors = result.diagnostics.sorted.filter { $0.severity == .error }
        try #require(errors.isEmpty, "\(errors.prefix(10).map { $0.description }.joined(separator: "\n"))")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-wire-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var sources: [String] = []
        for file in result.files {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            sources.append(url.path)
        }
        let mainFile = folder.appendingPathComponent("main.swift")
        try Data(main.utf8).write(to: mainFile)
        let executable = folder.appendingPathComponent("program")
        let build = try await SwiftCompiler.buildExecutable(sources + [mainFile.path], output: executable.path)
        let program = WireProgram(executable: executable, folder: folder)
        if build.status != 0 { program.remove() }
        try #require(build.status == 0, "\(build.text.prefix(8000))")
        return program
    }

    /// Runs the program with `arguments`; its output lines, after expecting it to exit with 0.
    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        let run = try await ChildProcess.run([executable.path] + arguments)
        #expect(run.status == 0, "\(run.errors)", sourceLocation: sourceLocation)
        return run.output.split(separator: "\n").map(String.init)
    }

    /// Removes the program and its sources.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
