import Foundation
import HTTPBinClient
import Specwright
import Testing

/// The generated service and the middlewares against httpbin.
@Suite struct ServiceAndMiddlewareTests {
    let server: HTTPBinServer

    init() async throws {
        server = try await HTTPBinServer.get()
    }

    @Test func theLiveServiceSendsThroughItsClient() async throws {
        let service: any HTTPBinService = LiveHTTPBinService(client: server.client(credentials: StaticCredentials(bearerToken: "svc")))
        let mark = marker()
        let echo = try await service.get()                 // the convenience fills in the defaults
        #expect(echo.args["page"] == .string("1"))
        #expect(try await service.get(q: mark, page: 3, tags: [], flag: nil, flavor: nil, since: nil, day: nil, id: nil, ratio: nil, xTrace: nil)
            .args["q"] == .string(mark))
        #expect(try await service.anythingGet(path: mark, q: nil, tags: ["t"], xTrace: nil).args["tags"] == .string("t"))
        #expect(try await service.bearer().token == "svc")
        try await service.statusDelete(code: 204)
    }

    @Test func loggingSeesEveryRequestWithSecretsRedacted() async throws {
        let records = Records()
        let client = server.client(credentials: StaticCredentials(bearerToken: "very-secret", apiKey: "key-secret"),
                                   middlewares: [LoggingMiddleware { records.append($0) }])
        _ = try await client.send(HTTPBin.bearer())
        _ = try await client.send(HTTPBin.Anything.apiKeyInQuery())
        _ = try? await client.send(HTTPBin.Status.put(code: 503))
        let logged = records.all
        #expect(logged.map(\.method) == ["GET", "GET", "PUT"])
        #expect(logged.map(\.status) == [200, 200, 503])
        #expect(logged.allSatisfy { !"\($0)".contains("very-secret") && !"\($0)".contains("key-secret") })
        #expect(logged[0].headers.first { $0.name == "Authorization" }?.value == "REDACTED")
        #expect(logged[0].responseBytes > 0)
    }

    @Test func retryGivesUpAfterItsAttemptsOnAPOSTThatOptedIn() async throws {
        // Only this test POSTs to /status/503, so its lines in the shared log are its attempts.
        let line = "POST /status/503 HTTP/1.1"
        let before = try await server.requestLines(containing: line, timeout: .zero).count
        let client = server.client(middlewares: [RetryMiddleware(maxAttempts: 3, baseDelay: 0.01, jitter: false)])
        do {
            try await client.send(HTTPBin.Status.postRetryable(codes: "503", attempt: 1))
            Issue.record("503 must throw")
        } catch {
            #expect(error.statusCode == 503)
        }
        #expect(try await server.requestLines(containing: line, count: before + 3).count == before + 3)
    }

    @Test func fiftyConcurrentRequestsAllArrive() async throws {
        let client = server.client()
        let mark = marker()
        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<50 {
                group.addTask { try await client.send(HTTPBin.Anything.get(path: "\(mark)-\(index)")).url }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(paths).count == 50)
        #expect(try await server.requestLines(containing: mark, count: 50).count == 50)
    }
}

/// Log records collected from concurrent requests.
final class Records: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [RequestRecord] = []

    func append(_ record: RequestRecord) { lock.withLock { records.append(record) } }
    var all: [RequestRecord] { lock.withLock { records } }
}
