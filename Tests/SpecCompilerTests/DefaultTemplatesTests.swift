import DefaultTemplates
import Foundation
import Testing

/// The templates embedded in the generator are exactly the files in Templates/ (Package.swift and
/// Templates/DefaultTemplates.swift list them by hand).
@Suite struct DefaultTemplatesTests {
    @Test func embeddedTemplatesMatchTheFolder() throws {
        let folder = Golden.packageRoot.appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swifttemplate") }
            .map { String($0.dropLast(".swifttemplate".count)) }
            .sorted()
        #expect(DefaultTemplates.all.map(\.name) == files)
        for (name, text) in DefaultTemplates.all {
            let onDisk = try String(contentsOf: folder.appendingPathComponent("\(name).swifttemplate"), encoding: .utf8)
            #expect(text == onDisk, "\(name) differs from Templates/\(name).swifttemplate: rebuild")
        }
    }

    /// The build plugin cannot import the generator: it keeps its own copy of how a generated file
    /// starts, to find a committed client beside it. Both must say the same.
    @Test func thePluginKnowsTheGeneratedHeader() throws {
        let layout = try String(contentsOf: Golden.packageRoot.appendingPathComponent("Plugins/SpecwrightPlugin/SpecLayout.swift"), encoding: .utf8)
        let header = try #require(DefaultTemplates.all.first { $0.name == "FileHeader" }?.text)
        let line = try #require(layout.split(separator: "\n").first { $0.contains("static let generatedHeader = ") })
        let quoted = try #require(line.split(separator: "\"").dropFirst().first)
        #expect(header.hasPrefix(quoted + " from {{source}}."))
    }
}
