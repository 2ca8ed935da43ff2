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
}
