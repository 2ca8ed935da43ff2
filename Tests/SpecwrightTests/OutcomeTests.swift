import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import Testing

/// An endpoint whose 2xx statuses carry different bodies decodes each status into its own case.
@Suite struct OutcomeTests {
    struct Export: Decodable, Hashable, Sendable {
        var rows: Int
    }

    enum ExportOutcome: Hashable, Sendable {
        case ok(Export)
        case accepted(String)
        case noContent
        case success(Data)

        static let decoding = ResponseDecoding<ExportOutcome>.byStatus(accept: "application/json, text/plain") { status, body in
            switch status {
            case 200: try .ok(body.json(Export.self))
            case 202: .accepted(body.text)
            case 204: .noContent
            default: .success(body.data)
            }
        }
    }

    static func export() -> Endpoint<ExportOutcome, Never> {
        Endpoint(.post, "/exports", APIDefaults(dates: .iso8601), response: ExportOutcome.decoding)
    }

    @Test(arguments: [
        (200, #"{"rows":5}"#, ExportOutcome.ok(Export(rows: 5))),
        (202, "queued", .accepted("queued")),
        (204, "", .noContent),
        (206, "part", .success(Data("part".utf8))),
    ])
    func eachStatusDecodesIntoItsCase(status: Int, body: String, expected: ExportOutcome) async throws {
        let transport = StubTransport(status: status, body: body)
        let response = try await stubClient(transport).response(Self.export())
        #expect(response.value == expected)
        #expect(response.statusCode == status)
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Accept") == "application/json, text/plain")
    }

    @Test func aBodyThatDoesNotMatchItsStatusIsADecodingError() async throws {
        let transport = StubTransport(status: 200, body: #"{"rows":"five"}"#)
        do {
            _ = try await stubClient(transport).send(Self.export())
            Issue.record("expected a decoding error")
        } catch {
            guard case .decoding(let failure) = error else { Issue.record("unexpected \(error)"); return }
            #expect(failure.codingPath == "rows")
        }
    }

    @Test func acceptingSetsTheAcceptHeaderUnlessTheCallerDoes() async throws {
        let endpoint = Endpoint<Data, Never>(.get, "/image", APIDefaults(dates: .iso8601), response: .data.accepting("image/png"))
        let request = try await stubClient(StubTransport()).request(for: endpoint)
        #expect(request.value(forHTTPHeaderField: "Accept") == "image/png")
        let chosen = Endpoint<Data, Never>(.get, "/image", APIDefaults(dates: .iso8601), headers: ["Accept": "image/webp"],
                                           response: .data.accepting("image/png"))
        #expect(try await stubClient(StubTransport()).request(for: chosen).value(forHTTPHeaderField: "Accept") == "image/webp")
    }

    @Test func theCallerChoosesWhatToAcceptForOneCall() async throws {
        let chosen = Self.export().accepting("text/plain, application/json; q=0.5")
        let request = try await stubClient(StubTransport()).request(for: chosen)
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/plain, application/json; q=0.5")
        // It replaces an Accept the endpoint already sends, rather than adding a second one.
        let declared = Endpoint<Data, Never>(.get, "/image", APIDefaults(dates: .iso8601), headers: ["Accept": "image/webp"], response: .data)
        #expect(declared.accepting("image/png").headers.map { "\($0.name): \($0.value)" } == ["Accept: image/png"])
    }
}
