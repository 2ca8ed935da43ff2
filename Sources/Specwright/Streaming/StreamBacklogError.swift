import Foundation

/// A streamed body whose reader fell more than ``URLSessionTransport/streamBacklogLimit`` bytes
/// behind: the transfer is stopped rather than fill the disk. A typed stream reports it as
/// ``StreamError/Reason/transport(_:)``.
public struct StreamBacklogError: Error, Sendable, LocalizedError, CustomStringConvertible {
    /// The most unread bytes the transport keeps for one stream.
    public let limit: Int64

    /// An error for a reader more than `limit` bytes behind.
    public init(limit: Int64) {
        self.limit = limit
    }

    /// `The stream's reader fell more than 4 GiB behind; the transfer was stopped.`
    public var description: String {
        "The stream's reader fell more than \(ByteCount.text(Int(clamping: limit))) behind; the transfer was stopped."
    }

    /// The same sentence, so `localizedDescription` shows it.
    public var errorDescription: String? { description }
}
