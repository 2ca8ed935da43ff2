import Foundation

/// A throwaway package whose one target is a generated client, built in debug with warnings as errors
/// against the Specwright runtime at the repository root (a path dependency).
struct ClientPackage {
    /// The package folder.
    var folder: URL
    /// The client target (and package) name.
    var target: String
    /// The build folder (`--scratch-path`).
    var scratch: URL
    /// The repository root: the Specwright package.
    var specwright: URL
    var report: Report

    /// The folder of the generated sources.
    var sources: URL { folder.appendingPathComponent("Sources/\(target)") }
    /// The output of the last `swift build`.
    var log: URL { folder.appendingPathComponent("build.log") }

    /// The figures of one or more clean builds: the median time and peak memory, and the range of times.
    struct Figures {
        var seconds: Double
        var peakBytes: Int
        var fastest: Double
        var slowest: Double
        var runs: Int

        /// `12.3 s, peak memory 812.0 MB` (with the range when there was more than one run).
        var description: String {
            let range = runs > 1 ? " (median of \(runs); \(Measure.time(fastest)) to \(Measure.time(slowest)))" : ""
            return "\(Measure.time(seconds)), peak memory \(Measure.size(peakBytes))\(range)"
        }
    }

    /// Writes the manifest and builds the runtime (not measured); exits 1 when the runtime does not build.
    func prepare() {
        let manifest = """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "\(target)",
                platforms: [.macOS(.v13)],
                dependencies: [.package(name: "Specwright", path: "\(specwright.path)")],
                targets: [
                    .target(
                        name: "\(target)",
                        dependencies: [.product(name: "Specwright", package: "Specwright")],
                        swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
                    ),
                ]
            )
            """
        do {
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        } catch {
            report.fail(["error: cannot write the client package at \(folder.path): \(error)"])
        }
        let runtime = swiftBuild(target: "Specwright")
        guard runtime.status == 0 else { failBuild(runtime, what: "the Specwright runtime does not build") }
    }

    /// `runs` clean debug builds of the client target: before each, `generate` writes the sources anew
    /// into an emptied folder and the target's compiled products are removed, so every file compiles.
    func cleanBuilds(runs: Int, generate: () -> Void) -> Figures {
        var results: [Measure.Run] = []
        for _ in 0..<runs {
            try? FileManager.default.removeItem(at: sources)
            generate()
            removeProducts()
            results.append(build())
        }
        let times = results.map(\.seconds)
        let peak = Measure.median(results.map { Double($0.peakBytes) })
        return Figures(seconds: Measure.median(times), peakBytes: Int(peak), fastest: times.min() ?? 0, slowest: times.max() ?? 0, runs: runs)
    }

    /// Builds the client target as its sources are now; prints the compiler's errors and exits 1 when it fails.
    func build() -> Measure.Run {
        let run = swiftBuild(target: target)
        guard run.status == 0 else { failBuild(run, what: "the generated client does not compile") }
        return run
    }

    /// The lines of the generated sources.
    func sourceLines() -> (files: Int, lines: Int) {
        let files = (try? FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)) ?? []
        let lines = files.reduce(0) { total, file in
            total + Measure.lines((try? String(contentsOf: file, encoding: .utf8)) ?? "")
        }
        return (files.count, lines)
    }

    /// Removes the client's objects, dependency records and module, but not the files SwiftPM wrote when
    /// it planned the build (like `output-file-map.json`): it would not write them again.
    private func removeProducts() {
        let debug = scratch.appendingPathComponent("debug")
        let folders = [(debug.appendingPathComponent("\(target).build"), [".o", ".swiftdeps", ".priors", ".d", ".dia"]), (debug.appendingPathComponent("Modules"), [])]
        for (folder, suffixes) in folders {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                let ours = suffixes.isEmpty ? file.hasPrefix("\(target).") : suffixes.contains { file.hasSuffix($0) }
                if ours { try? FileManager.default.removeItem(at: folder.appendingPathComponent(file)) }
            }
        }
    }

    private func swiftBuild(target: String) -> Measure.Run {
        Measure.command("swift", ["build", "--package-path", folder.path, "--scratch-path", scratch.path, "--target", target], output: .file(log.path))
    }

    /// Prints the first 40 lines of the build's errors (from the first `error:`; from the start of the
    /// log if there is none, as when a tool crashed) and exits 1.
    private func failBuild(_ run: Measure.Run, what: String) -> Never {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").map(String.init).filter { !isProgress($0) }
        let errors = lines.firstIndex { $0.contains("error:") }.map { Array(lines[$0...].prefix(40)) } ?? Array(lines.prefix(40))
        report.fail(["error: \(what) (swift build exited with status \(run.status)); package \(folder.path), log \(log.path)"] + errors)
    }

    /// A `[12/40] Compiling ...` or similar progress line of `swift build`.
    private func isProgress(_ line: String) -> Bool {
        line.hasPrefix("[") && line.dropFirst().prefix { $0 != "]" }.allSatisfy { $0.isNumber || $0 == "/" }
    }
}
