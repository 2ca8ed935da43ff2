import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe the pieces of a sequence are written into as they come, and read out of by a transport
/// of your own reading the body stream (``UploadStream``, on a thread of its own).
///
/// Writes never block a thread: each piece goes in through `DispatchIO`, and ``write(_:)``
/// returns once the pipe has taken all of it, so at most one piece and what the pipe holds
/// (64 KiB on Linux) wait in memory. The read end stays open until the write end is closed, so a
/// write never meets a pipe without a reader (no `SIGPIPE`).
final class PiecePipe: @unchecked Sendable {
    /// The read end, open until ``stop()`` has taken effect.
    let readDescriptor: Int32
    private let channel: DispatchIO
    private let queue = DispatchQueue(label: "Specwright.PiecePipe")

    init() throws {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let (read, write) = (descriptors[0], descriptors[1])
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        readDescriptor = read
        // The write end closes first, then the read end: no write can outlive every reader.
        channel = DispatchIO(type: .stream, fileDescriptor: write, queue: queue) { _ in
            close(write)
            close(read)
        }
    }

    /// Writes all of `piece`; throws when the pipe was stopped or cannot be written.
    func write(_ piece: Data) async throws {
        let bytes = piece.withUnsafeBytes { DispatchData(bytes: $0) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            channel.write(offset: 0, data: bytes, queue: queue) { done, _, error in
                if error != 0 {
                    continuation.resume(throwing: POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO))
                } else if done {
                    continuation.resume()
                }
            }
        }
    }

    /// Ends the pipe once what was written has gone in: its reader sees the end of the body.
    func finish() {
        channel.close()
    }

    /// Stops at once, dropping writes not done; both ends close.
    func stop() {
        channel.close(flags: .stop)
    }

    deinit {
        channel.close(flags: .stop)
    }

    /// Reads what the pipe has, up to `count` bytes, waiting for a piece when it is empty: 0 at
    /// the end, -1 on an error (for a transport that reads the body stream itself).
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        while true {
            #if canImport(Darwin)
            let result = Darwin.read(readDescriptor, buffer, count)
            #elseif canImport(Musl)
            let result = Musl.read(readDescriptor, buffer, count)
            #else
            let result = Glibc.read(readDescriptor, buffer, count)
            #endif
            if result < 0, errno == EINTR { continue }
            return result
        }
    }
}
