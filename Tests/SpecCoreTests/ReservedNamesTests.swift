import Foundation
@testable import SpecCore
import Testing

/// The reserved type names keep up with the runtime: a model named like any public runtime type
/// would shadow it in the app's module, so adding a public type to the runtime must reserve its name.
@Suite struct ReservedNamesTests {
    static let runtime = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Specwright")

    /// `public struct Endpoint`, `public final class TokenStore`, ... at the top level of each runtime
    /// file, in every folder of the runtime (`Streaming/`, `Pagination/`).
    static func publicTypeNames() throws -> [String] {
        let files = (FileManager.default.subpaths(atPath: runtime.path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        let declaration = /^public (?:final )?(?:struct|enum|class|protocol|actor|typealias) ([A-Za-z_][A-Za-z0-9_]*)/.anchorsMatchLineEndings()
        return try files.flatMap { file in
            try String(contentsOf: runtime.appendingPathComponent(file), encoding: .utf8).matches(of: declaration).map { String($0.1) }
        }
    }

    @Test func everyPublicRuntimeTypeIsReserved() throws {
        let names = try Self.publicTypeNames()
        #expect(names.count >= 40, "the runtime's sources were not found at \(Self.runtime.path)")
        for name in names {
            #expect(Validator.isReservedTypeName(name), "the runtime's public type '\(name)' is not reserved (Validator.runtimeTypeNames)")
            #expect(Validator.reservedType(name) != nil)
        }
    }

    @Test func aShadowableNameIsNeverAlsoReserved() {
        for name in Validator.shadowableTypeModules.keys.sorted() {
            #expect(!Validator.isReservedTypeName(name), "'\(name)' is both reserved and allowed with a warning")
        }
    }
}
