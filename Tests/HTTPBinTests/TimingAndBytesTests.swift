import Foundation
import HTTPBinClient
import Specwright
import Testing

/// Timeouts and cancellation with /delay; binary and chunked bodies with /bytes and /stream-bytes.
/// Serialized: httpbin seeds one global random generator, so seeded requests must not overlap.
@Suite(.serialized) struct TimingAndBytesTests {
    let server: HTTPBinServer
    let client: APIClient

    init() async throws {
        server = try await HTTPBinServer.get()
        client = server.client()
    }

    @Test func aDelayWithinTheTimeoutSucceeds() async throws {
        let start = ContinuousClock.now
        let echo = try await client.send(HTTPBin.delay(seconds: 1))
        #expect(ContinuousClock.now - start >= .milliseconds(950))
        #expect(echo.url.hasSuffix("/delay/1.0"))
    }

    @Test func anEndpointTimeoutFailsTheRequestInTime() async throws {
        // httpbin's longest delay, 10 s, against the endpoint's 1 s: the timeout decides.
        let start = ContinuousClock.now
        do {
            _ = try await client.send(HTTPBin.delayWithShortTimeout(seconds: 10, token: "t"))
            Issue.record("a 10 s answer must time out after 1 s")
        } catch {
            guard case .transport(let underlying) = error else {
                Issue.record("expected .transport, got \(error)")
                return
            }
            #expect((underlying as? URLError)?.code == .timedOut)
        }
        #expect(ContinuousClock.now - start >= .milliseconds(950), "not before the 1 s timeout")
    }

    @Test(.timeLimit(.minutes(1))) func cancellingTheTaskCancelsTheRequestPromptly() async throws {
        // A delay no other request asks for, to find this one in gunicorn's access log, which
        // gets its line once the answer has been sent, 10 s after the request.
        let seconds = 9 + Double(Int.random(in: 1_000...9_999)) / 10_000
        let client = client
        let task = Task { try await client.send(HTTPBin.delay(seconds: seconds)) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError<Never> else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        let answered = try await server.requestLines(containing: "/delay/\(seconds) ", timeout: .zero)
        #expect(answered.isEmpty, "the call ended before httpbin answered, not when it did")
    }

    @Test func bytesAndStreamedBytesAreTheSameForOneSeed() async throws {
        let bytes = try await client.send(HTTPBin.bytes(n: 102_400, seed: 42))
        let streamed = try await client.send(HTTPBin.streamBytes(n: 102_400, seed: 42, chunkSize: 1000))
        #expect(bytes.count == 102_400)
        #expect(streamed == bytes)
        let small = try await client.send(HTTPBin.bytes(n: 16, seed: 42))
        #expect(small.map { String(format: "%02x", $0) }.joined() == "390c8c7d7247342cd8100f2f6f770d65")
    }

    @Test func bytesWithMetadataAndHEAD() async throws {
        let response = try await client.response(HTTPBin.bytes(n: 1000))
        #expect(response.value.count == 1000)
        #expect(response.header("Content-Type") == "application/octet-stream")
        #expect(response.header("Content-Length") == "1000")
        let head = try await client.response(HTTPBin.headBytes(n: 1000))
        #expect(head.statusCode == 200)
    }

    @Test func aPNGArrivesByteForByte() async throws {
        let png = try await client.send(HTTPBin.png())
        #expect(png.count == 8090)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }
}
