import Foundation
import Testing

/// A failing `generate` leaves the output folder exactly as it was: every file, byte for byte, and no
/// temporary file or backup left behind.
@Suite struct NoPartialOutputTests {
    /// Every entry of `folder` (hidden ones included) with its contents; nil for a missing folder.
    static func snapshot(_ cli: CLI, _ folder: String) -> [String: String]? {
        let path = cli.folder.appendingPathComponent(folder).path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        var entries: [String: String] = [:]
        for name in names { entries[name] = cli.read("\(folder)/\(name)") ?? "<not a file>" }
        return entries
    }

    /// Runs `specwright` under bash with a file-size limit of `kilobytes`, so a larger write fails.
    static func runLimited(_ cli: CLI, kilobytes: Int, _ arguments: String) throws -> CLI.Run {
        try cli.launch(URL(fileURLWithPath: "/bin/bash"), ["-c", "ulimit -f \(kilobytes); exec '\(CLI.executable.path)' \(arguments)"])
    }

    /// The valid spec with `count` more endpoints, so its endpoints file is large.
    static func largeSpec(endpoints count: Int) -> String {
        CLI.validSpec.replacingOccurrences(of: "    text: String", with: "    text: String\n    author: String?")
            + (0..<count).map { "\n  tip\($0):\n    request: GET /tips/\($0)\n    response: Tip" }.joined() + "\n"
    }

    @Test func aWriteThatFailsHalfwayChangesNothing() throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        #expect(try cli.run("generate", "Tips.yaml", "--output", "Out").status == 0)
        try cli.write("Out/Notes.txt", "a file of the user's\n")
        let before = try #require(Self.snapshot(cli, "Out"))
        #expect(before.keys.sorted() == ["Notes.txt", "TipsEndpoints.swift", "TipsModels.swift"])

        // Both files change; the models file fits under 8 KB, the endpoints file does not.
        try cli.write("Tips.yaml", Self.largeSpec(endpoints: 300))
        let run = try Self.runLimited(cli, kilobytes: 8, "generate Tips.yaml --output Out")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: cannot write to 'Out': cannot write 'Out/TipsEndpoints.swift': "))
        #expect(run.stderr.hasSuffix("; nothing was written\n"))
        #expect(Self.snapshot(cli, "Out") == before)

        // Without the limit the same run writes both.
        let unlimited = try cli.run("generate", "Tips.yaml", "--output", "Out")
        #expect(unlimited.stdout == "wrote Out/TipsModels.swift\nwrote Out/TipsEndpoints.swift\n")
        #expect(Self.snapshot(cli, "Out")?.keys.sorted() == before.keys.sorted())
    }

    @Test func aFolderTheFailedRunWouldHaveCreatedIsNotLeftBehind() throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", Self.largeSpec(endpoints: 300))
        let run = try Self.runLimited(cli, kilobytes: 8, "generate Tips.yaml --output New/Folder")
        #expect(run.status == 1)
        #expect(Self.snapshot(cli, "New/Folder") == nil)
    }

    @Test func aTemplateErrorChangesNothing() throws {
        let cli = try CLI()
        try cli.write("Tips.yaml", CLI.validSpec)
        #expect(try cli.run("generate", "Tips.yaml", "--output", "Out").status == 0)
        let before = try #require(Self.snapshot(cli, "Out"))
        try cli.write("Tips.yaml", Self.largeSpec(endpoints: 2))
        try cli.write("Custom/Endpoint.swifttemplate", "{{#endpoints}}\n")
        let run = try cli.run("generate", "Tips.yaml", "--output", "Out", "--templates", "Custom")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Custom/Endpoint.swifttemplate:1:1: error: "))
        #expect(Self.snapshot(cli, "Out") == before)
    }
}
