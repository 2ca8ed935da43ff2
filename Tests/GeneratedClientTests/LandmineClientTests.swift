import Foundation
import LandmineClient
import Specwright
import Testing

/// The landmine spec (Tests/GeneratedClients/Landmine.yaml): every Swift keyword and every standard
/// library, Foundation and Specwright type name as field names, enum values, parameters and endpoint
/// names. Its client compiles with warnings as errors (it is a target of the package); these tests
/// check that every one of those names reaches the wire exactly.
@Suite struct LandmineClientTests {
    /// The spec's text, for the names it lists.
    static let spec: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GeneratedClients/Landmine.yaml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The lines of the spec between two lines, as they are written.
    static func lines(after start: String, before end: String) -> [Substring] {
        let all = spec.split(separator: "\n")
        guard let from = all.firstIndex(of: Substring(start)), let to = all[from...].firstIndex(of: Substring(end)) else { return [] }
        return Array(all[(from + 1)..<to])
    }

    /// The field names of model `Keywords`: each is a JSON string at the start of its line.
    static let fieldNames: [String] = lines(after: "  Keywords:", before: "  Word:").compactMap { line in
        guard line.hasPrefix("      \""), let end = line.range(of: "\": ") else { return nil }
        return try? JSONDecoder().decode(String.self, from: Data(line[line.index(line.startIndex, offsetBy: 6)..<end.upperBound].dropLast(2).utf8))
    }

    /// The values of enum `Word`, from its one-line JSON array.
    static let words: [String] = {
        guard let line = lines(after: "  Word:", before: "  NamedWord:").first(where: { $0.hasPrefix("    enum: [") }) else { return [] }
        return (try? JSONDecoder().decode([String].self, from: Data(line.dropFirst("    enum: ".count).utf8))) ?? []
    }()

    @Test func theSpecListsEveryWord() {
        #expect(Self.fieldNames.count > 130)
        #expect(Self.words.count > 120)
        for name in ["class", "self", "Self", "init", "Type", "Protocol", "String", "Data", "Date", "URL", "Error", "Result", "CodingKeys", "_", "inout", "let", "var"] {
            #expect(Self.fieldNames.contains(name), "\(name)")
        }
    }

    @Test func everyFieldNameRoundTrips() throws {
        var object: [String: String] = [:]
        for (index, name) in Self.fieldNames.enumerated() { object[name] = "value \(index) of \(name)" }
        let input = try JSONEncoder().encode(object)
        let keywords = try JSONDecoder().decode(Keywords.self, from: input)
        #expect(keywords.class == "value 1 of class")
        #expect(keywords.selfValue == object["self"])
        #expect(keywords.selfType == object["Self"])
        #expect(keywords.initValue == object["init"])
        #expect(keywords.type == object["Type"])
        #expect(keywords.protocolType == object["Protocol"])
        #expect(keywords.codingKeys == object["CodingKeys"])
        #expect(keywords.underscore == object["_"])
        let output = try JSONDecoder().decode([String: String].self, from: JSONEncoder().encode(keywords))
        #expect(output == object)
    }

    @Test func everyEnumValueRoundTrips() throws {
        for value in Self.words {
            let word = Word(rawValue: value)
            if case .unknown = word { Issue.record("'\(value)' decodes as unknown") }
            #expect(word.rawValue == value)
            let decoded = try JSONDecoder().decode(Word.self, from: JSONEncoder().encode(value))
            #expect(decoded == word)
            #expect(try JSONDecoder().decode(String.self, from: JSONEncoder().encode(word)) == value)
        }
        #expect(Word(rawValue: "self") == .`self`)
        #expect(Word(rawValue: "Type") == .type)
        #expect(Word(rawValue: "init") == .`init`)
        #expect(Word(rawValue: "none") == Word.none)
        let named: [(NamedWord, String)] = [(.selfType, "Self"), (.underscore, "_"), (.protocolType, "Protocol"), (.anyType, "Any"),
                                            (.optionalType, "Optional"), (.setType, "Set"), (.unknownValue, "unknown")]
        for (word, value) in named {
            #expect(NamedWord(rawValue: value) == word)
            #expect(word.rawValue == value)
        }
        #expect(NamedWord(rawValue: "something new") == .unknown("something new"))
    }

    @Test func defaultsNamedLikeKeywordsFillMissingFields() throws {
        let holder = try JSONDecoder().decode(Holder.self, from: Data(#"{"word": "class"}"#.utf8))
        #expect(holder.word == .class)
        #expect(holder.maybe == Word.none)
        #expect(holder.selfWord == .`self`)
        #expect(holder.words == [])
        #expect(holder.named == .underscore)
        #expect(holder.type == .type)
        let output = try JSONDecoder().decode([String: JSONValue].self, from: JSONEncoder().encode(holder))
        #expect(output == ["word": .string("class"), "maybe": .string("none"), "self": .string("self"), "words": .array([]),
                           "named": .string("_"), "Type": .string("Type")])
    }

    @Test func keywordParametersReachTheWireUnderTheirOwnNames() async throws {
        let client = APIClient(baseURL: try #require(URL(string: "https://landmine.example")), transport: CannedTransport())
        let endpoint = Landmine.class(self: "s", init: "i", type: "t", default: "d", for: "f", `inout`: "x", let: "y", var: "z", anyType: "A", underscore: "u")
        let request = try await client.request(for: endpoint)
        let url = try #require(request.url)
        #expect(url.path == "/class/s/i/t/d/f")
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.map { "\($0.name)=\($0.value ?? "")" } == ["inout=x", "let=y", "var=z", "Any=A", "_=u"])
        let other = try await client.request(for: Landmine.default(self: "me"))
        #expect(other.url?.path == "/default/me")
        #expect(other.httpMethod == "DELETE")
    }

    @Test func theLiveServiceTakesKeywordLabels() async throws {
        let transport = CannedTransport(json: #"{"word": "Type", "named": "Self"}"#)
        let client = APIClient(baseURL: try #require(URL(string: "https://landmine.example")), transport: transport)
        let service: any LandmineService = LiveLandmineService(client: client)
        let holder = try await service.`init`(body: Holder(word: .`self`))
        #expect(holder.word == .type)
        #expect(holder.named == .selfType)
        // The convenience without the 130 optional query parameters.
        _ = try await service.class(self: "1", init: "2", type: "3", default: "4", for: "5")
        #expect(transport.requests.last?.url?.path == "/class/1/2/3/4/5")
        #expect(transport.requests.last?.url?.query == nil)
    }
}
