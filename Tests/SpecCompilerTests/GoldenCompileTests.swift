import Foundation
import TestSupport
import Testing

/// Every golden's expected output compiles to SIL against the runtime with warnings as errors (SIL
/// catches what type-checking alone does not, like overflowing literals), in Swift 5 and in Swift 6
/// language mode (most app targets still use 5), so a golden can never record code that does not
/// compile or that warns. The example clients under Tests/GeneratedClients build with the package
/// in Swift 6 mode; here they are compiled in Swift 5 mode too.
@Suite struct GoldenCompileTests {
    /// The language modes generated code must compile in without a warning.
    static let languageModes = ["5", "6"]

    @Test(arguments: GoldenTests.cases, languageModes)
    func expectedOutputCompiles(_ name: String, languageMode: String) async throws {
        let expected = GoldenTests.folder.appendingPathComponent("\(name)/expected")
        try await Self.compile(Self.swiftFiles(in: expected), languageMode: languageMode)
    }

    /// The example clients the package compiles (Swift 6 mode), in Swift 5 mode.
    @Test(arguments: GoldenTests.exampleClients)
    func exampleClientCompilesInSwift5Mode(_ name: String) async throws {
        let folder = Golden.packageRoot.appendingPathComponent("Tests/GeneratedClients/\(name)")
        try await Self.compile(Self.swiftFiles(in: folder), languageMode: "5")
    }

    /// The Swift files of a folder, in name order.
    static func swiftFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Compiles `files` to SIL as one module against the runtime, with warnings as errors.
    static func compile(_ files: [String], languageMode: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await SwiftCompiler.check(files, languageMode: languageMode, sourceLocation: sourceLocation)
    }
}

/// A hand-written fake of a generated service must implement every operation: one that forgets one
/// does not compile, and one that has them all does.
@Suite struct FakeServiceCompileTests {
    /// The requirements of the `endpoints` golden's `ChirpService`, each as a fake's method that throws.
    static func fakeMethods() throws -> [String] {
        let url = GoldenTests.folder.appendingPathComponent("endpoints/expected/ChirpEndpoints.swift")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "public protocol ChirpService: Sendable {"))
        let end = try #require(text.range(of: "\n}\n", range: start.upperBound..<text.endIndex))
        // Each requirement, joined onto one line: `func sendFeed(_ call: ChirpOperations.Feed) async throws(...) -> R`;
        // a deprecated one keeps its attribute, as a fake implementing it would.
        let body = text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { !$0.contains("///") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let attribute = "@available(*, deprecated)"
        let parts = body.components(separatedBy: "func ").map { $0.trimmingCharacters(in: .whitespaces) }
        try #require(parts.count > 3)
        return parts.indices.dropFirst().map { index in
            var method = "func " + parts[index]
            if method.hasSuffix(attribute) { method = String(method.dropLast(attribute.count)).trimmingCharacters(in: .whitespaces) }
            method = method.replacingOccurrences(of: "( _", with: "(_").replacingOccurrences(of: " )", with: ")")
            return (parts[index - 1].hasSuffix(attribute) ? attribute + " " : "") + method + " { throw .transport(URLError(.unsupportedURL)) }"
        }
    }

    static func compileFake(_ methods: [String]) async throws -> (status: Int32, text: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("Fake.swift")
        try Data(("import Foundation\nimport Specwright\n\nstruct FakeChirp: ChirpService {\n" + methods.map { "    " + $0 }.joined(separator: "\n") + "\n}\n").utf8).write(to: fake)
        let expected = GoldenTests.folder.appendingPathComponent("endpoints/expected")
        return try await SwiftCompiler.emitSIL(GoldenCompileTests.swiftFiles(in: expected) + [fake.path], languageMode: "6")
    }

    @Test func aFakeWithEveryOperationCompiles() async throws {
        let result = try await Self.compileFake(try Self.fakeMethods())
        #expect(result.status == 0, "\(result.text.prefix(4000))")
    }

    @Test func aStubAnswerThatThrowsAnotherErrorDoesNotCompile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-stub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let test = folder.appendingPathComponent("StubUse.swift")
        let typed = "service.on(ChirpOperations.Feed.self) { _ throws(APIError<APIErrorResponse>) in throw .transport(URLError(.badURL)) }"
        let untyped = "service.on(ChirpOperations.Feed.self) { _ throws(APIError<APIErrorResponse>) in throw URLError(.badURL) }"
        let expected = GoldenTests.folder.appendingPathComponent("endpoints/expected")
        for (line, compiles) in [(typed, true), (untyped, false)] {
            try Data("import Foundation\nimport Specwright\n\nfunc answers() {\n    var service = StubChirpService()\n    \(line)\n    _ = service\n}\n".utf8).write(to: test)
            let result = try await SwiftCompiler.emitSIL(GoldenCompileTests.swiftFiles(in: expected) + [test.path], languageMode: "6")
            #expect((result.status == 0) == compiles, "\(line): \(result.text.prefix(2000))")
        }
    }

    @Test func aFakeThatForgetsAnOperationDoesNotCompile() async throws {
        let methods = try Self.fakeMethods()
        let forgotten = try #require(methods.first { $0.contains("ChirpOperations.Feed)") })
        let result = try await Self.compileFake(methods.filter { $0 != forgotten })
        #expect(result.status != 0)
        #expect(result.text.contains("type 'FakeChirp' does not conform to protocol 'ChirpService'"), "\(result.text.prefix(4000))")
    }
}
