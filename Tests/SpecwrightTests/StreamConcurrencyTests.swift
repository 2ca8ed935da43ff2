import Foundation
@testable import Specwright
import Testing

/// A stream is read by one loop at a time: a second one gets an error, not half the elements, and
/// the first goes on.
@Suite struct StreamConcurrencyTests {
    @Test func twoLoopsCannotReadOneStreamAtOnce() async throws {
        let (pieces, continuation) = AsyncStream<Data>.makeStream()
        let events = EventStream<String>(reader: FrameReader(
            bytes: ByteStream(pieces), framing: ServerSentEventParser(), contentType: nil, decode: { $0.data }))
        let first = Task { () -> [String] in
            var received: [String] = []
            for try await event in events { received.append(event) }
            return received
        }
        // The first loop waits inside `next()` for a piece that has not come.
        try await Task.sleep(for: .milliseconds(100))
        var iterator = events.makeAsyncIterator()
        do {
            _ = try await iterator.next()
            Issue.record("a second loop read the stream")
        } catch {
            guard case .transport(let underlying) = error.reason else { throw error }
            #expect(underlying is ConcurrentStreamRead)
        }
        continuation.yield(Data("data: one\n\n".utf8))
        continuation.finish()
        #expect(try await first.value == ["one"])
    }
}
