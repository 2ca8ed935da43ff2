import Foundation
@testable import SpecYAML
import TestSupport
import Testing

/// The YAML layer over the public YAML test suite (yaml/yaml-test-suite's `data` branch, MIT
/// license), read from the team's shared folder (`yaml-test-suite`, see `SharedData`; skipped
/// where it is absent): every case parses without a crash; every case marked
/// as an error must be rejected; every valid single-document case that JSON can express must give
/// the expected data. Cases that do otherwise are listed, each with its reason, in
/// `YAMLTestSuite-deviations.txt`; any change in behaviour, better or worse, fails the test
/// until the list is updated (`SPECWRIGHT_RECORD=1` rewrites it).
@Suite struct YAMLTestSuiteTests {
    static let deviationsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("YAMLTestSuite-deviations.txt")

    /// What the YAML layer did with one case.
    enum Outcome: String, CaseIterable {
        /// Matches the suite: rejected an error case, or gave the expected data.
        case pass
        /// A valid case with no JSON to compare (or JSON of several documents) that parsed.
        case parsed
        /// A valid case that holds several documents: a spec is one document, so it is rejected.
        case multipleDocuments = "multiple-documents"
        /// A valid case that a spec rule rejects: a tag or directive that is not standard, a key that is not a scalar.
        case rejectedByDesign = "rejected-by-design"
        /// A valid case the YAML layer rejects because libyaml 0.2.5 does.
        case rejectedValid = "rejected-valid"
        /// An error case the YAML layer accepts.
        case acceptedInvalid = "accepted-invalid"
        /// A valid case whose data differs from the expected JSON.
        case mismatch
    }

    struct Case {
        var id: String
        var folder: URL
    }

    static func cases() throws -> [Case] {
        let folder = try SharedData.require("yaml-test-suite")
        var cases: [Case] = []
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: folder.path).sorted() {
            let directory = folder.appendingPathComponent(name)
            if manager.fileExists(atPath: directory.appendingPathComponent("in.yaml").path) {
                cases.append(Case(id: name, folder: directory))
            } else if let subfolders = try? manager.contentsOfDirectory(atPath: directory.path) {
                for sub in subfolders.sorted() where manager.fileExists(atPath: directory.appendingPathComponent("\(sub)/in.yaml").path) {
                    cases.append(Case(id: "\(name)/\(sub)", folder: directory.appendingPathComponent(sub)))
                }
            }
        }
        return cases
    }

    /// The outcome, and for a deviation its reason.
    static func run(_ testCase: Case) throws -> (Outcome, String) {
        let input = try [UInt8](Data(contentsOf: testCase.folder.appendingPathComponent("in.yaml")))
        let mustFail = FileManager.default.fileExists(atPath: testCase.folder.appendingPathComponent("error").path)
        let parsed = YAMLParser.parse(input, file: "in.yaml")
        if mustFail {
            if case .success = parsed { return (.acceptedInvalid, "libyaml 0.2.5 accepts it and no rule of the YAML layer catches it") }
            return (.pass, "")
        }
        let expected = try? Data(contentsOf: testCase.folder.appendingPathComponent("in.json"))
        let expectedValue = expected.flatMap { try? JSONDecoder().decode(JSON.self, from: $0) }
        switch parsed {
        case .failure(let diagnostic):
            let message = diagnostic.message.replacingOccurrences(of: "\n", with: " ")
            if message.contains("a spec is one YAML document") { return (.multipleDocuments, message) }
            let byDesign = ["unsupported tag", "unsupported directive", "a mapping key must be a scalar"]
            if byDesign.contains(where: message.hasPrefix) { return (.rejectedByDesign, message) }
            return (.rejectedValid, "libyaml 0.2.5: " + message)
        case .success(let node):
            guard let expectedValue else { return (.parsed, "") }
            return JSON(node) == expectedValue ? (.pass, "") : (.mismatch, "libyaml 0.2.5 reads it differently from YAML 1.2")
        }
    }

    @Test(SharedData.needs("yaml-test-suite", "The YAML test suite's cases"))
    func theSuiteMatchesTheCheckedInDeviations() async throws {
        let cases = try Self.cases()
        #expect(cases.count > 350)
        let outcomes = try await OffPool.run(.heavy) { try cases.map { ($0.id, try Self.run($0)) } }
        var counts: [Outcome: Int] = [:]
        var deviations: [String] = []
        var reasons: [String] = []
        for (id, (outcome, reason)) in outcomes {
            counts[outcome, default: 0] += 1
            if outcome != .pass && outcome != .parsed {
                deviations.append("\(id) \(outcome.rawValue)")
                reasons.append(reason)
            }
        }
        let summary = Outcome.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
        print("YAML test suite: \(cases.count) cases: \(summary)")
        let recorded = (try? String(contentsOf: Self.deviationsFile, encoding: .utf8)) ?? ""
        let recordedDeviations = recorded.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            line.split(separator: " ").prefix(2).joined(separator: " ")
        }
        if ProcessInfo.processInfo.environment["SPECWRIGHT_RECORD"] == "1" {
            let header = recorded.split(separator: "\n").prefix { $0.hasPrefix("#") }.joined(separator: "\n")
            let lines = zip(deviations, reasons).map { "\($0) \($1)" }
            try (header + "\n" + lines.joined(separator: "\n") + "\n").write(to: Self.deviationsFile, atomically: true, encoding: .utf8)
            return
        }
        #expect(deviations == recordedDeviations, "the YAML layer's behaviour on the suite changed; see the lists")
    }
}

/// JSON data, to compare the YAML layer's output with the suite's `in.json`.
enum JSON: Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// A node as JSON, plain scalars resolved with the YAML 1.2 core schema.
    init(_ node: YAMLNode) {
        switch node.value {
        case .sequence(let items):
            self = .array(items.map(JSON.init))
        case .mapping(let pairs):
            var object: [String: JSON] = [:]
            for pair in pairs { object[pair.key.scalar ?? "\(JSON(pair.key))"] = JSON(pair.value) }
            self = .object(object)
        case .scalar(let text, let style):
            let tag = node.tag ?? ""
            if style != .plain || tag.hasSuffix(":str") {
                self = .string(text)
            } else {
                self = JSON.resolvePlain(text)
            }
        }
    }

    static func resolvePlain(_ text: String) -> JSON {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
        default: break
        }
        if text.range(of: #"^[-+]?[0-9]+$"#, options: .regularExpression) != nil, let value = Double(text) { return .number(value) }
        if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return .number(Double(value)) }
        if text.hasPrefix("0o"), let value = Int(text.dropFirst(2), radix: 8) { return .number(Double(value)) }
        if text.range(of: #"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil,
           let value = Double(text) {
            return .number(value)
        }
        return .string(text)
    }
}
