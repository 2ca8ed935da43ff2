/// The response of an endpoint that returns no body, such as `204 No Content`.
///
/// Decoding accepts any value (or none); encoding writes `{}`.
public struct Empty: Codable, Hashable, Sendable {
    /// The empty value.
    public init() {}

    /// Ignores whatever the decoder holds.
    public init(from decoder: any Decoder) throws {}

    /// Writes an empty object.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}
