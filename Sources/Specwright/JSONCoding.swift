import Foundation

/// How a client reads and writes JSON bodies, for a server that does not do what its spec says
/// (dates in another format, keys in another case).
///
/// Each request gets a decoder and an encoder made from its API's date coding, then changed by
/// the closures given here; without them the API's shared ones are used.
///
/// ```swift
/// let client = APIClient(baseURL: url, json: JSONCoding(decoder: { $0.dateDecodingStrategy = .secondsSince1970 }))
/// ```
public struct JSONCoding: Sendable {
    private let configureDecoder: (@Sendable (JSONDecoder) -> Void)?
    private let configureEncoder: (@Sendable (JSONEncoder) -> Void)?

    /// The API's own coding: decoders and encoders made from its date coding.
    public static let standard = JSONCoding()

    /// Coding that changes the API's decoder and encoder with these closures.
    public init(decoder configureDecoder: (@Sendable (JSONDecoder) -> Void)? = nil, encoder configureEncoder: (@Sendable (JSONEncoder) -> Void)? = nil) {
        self.configureDecoder = configureDecoder
        self.configureEncoder = configureEncoder
    }

    /// The decoder for an API with `dates`.
    public func decoder(for dates: DateCoding) -> JSONDecoder {
        guard let configureDecoder else { return dates.jsonDecoder }
        let decoder = dates.makeJSONDecoder()
        configureDecoder(decoder)
        return decoder
    }

    /// The decoder for an API with `dates`, as `validation` reads: one that rejects the members
    /// closed models do not list is made for the request.
    func decoder(for dates: DateCoding, validation: ResponseValidation) -> JSONDecoder {
        guard validation.rejectsUndeclaredMembers else { return decoder(for: dates) }
        let decoder = dates.makeJSONDecoder()
        configureDecoder?(decoder)
        decoder.userInfo[.rejectsUndeclaredMembers] = true
        return decoder
    }

    /// The encoder for an API with `dates`.
    public func encoder(for dates: DateCoding) -> JSONEncoder {
        guard let configureEncoder else { return dates.jsonEncoder }
        let encoder = dates.makeJSONEncoder()
        configureEncoder(encoder)
        return encoder
    }
}
