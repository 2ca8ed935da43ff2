#if !canImport(FoundationNetworking)
import Foundation

/// The sink of a sequence sent on Apple platforms: a bound stream pair whose input half URLSession
/// reads (`uploadTask(withStreamedRequest:)` asks for it through `needNewBodyStream`). Pieces are
/// written into the output half as it has room (1 MiB), checked again every millisecond while it
/// is full, so no thread waits on it.
final class BoundStreamSink: PieceSink, @unchecked Sendable {
    /// The half URLSession reads.
    let input: InputStream
    private let output: OutputStream
    private let lock = NSLock()

    init() throws {
        var input: InputStream?
        var output: OutputStream?
        Stream.getBoundStreams(withBufferSize: 1 << 20, inputStream: &input, outputStream: &output)
        guard let input, let output else { throw CocoaError(.fileWriteUnknown) }
        self.input = input
        self.output = output
        output.open()
    }

    func write(_ piece: Data) async throws {
        var offset = 0
        while offset < piece.count {
            try Task.checkCancellation()
            let written: Int = lock.withLock {
                if output.streamStatus == .error || output.streamStatus == .closed { return -1 }
                guard output.hasSpaceAvailable else { return 0 }
                return piece.withUnsafeBytes { raw in
                    let bytes = raw.bindMemory(to: UInt8.self)
                    guard let base = bytes.baseAddress else { return -1 }
                    return output.write(base + offset, maxLength: bytes.count - offset)
                }
            }
            if written < 0 { throw output.streamError ?? CocoaError(.fileWriteUnknown) }
            if written == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
            offset += written
        }
    }

    func finish() {
        lock.withLock { output.close() }
    }

    func stop() {
        lock.withLock { output.close() }
    }
}
#endif
