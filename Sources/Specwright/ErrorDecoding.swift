import Foundation

/// How an error (non-2xx) response body becomes the endpoint's `Failure` model: for one status, a
/// range of statuses (`4XX` in a spec), or as the default. An exact status wins over a range, and
/// a range over the default.
///
/// `message` picks what the server said out of the model (the spec's `errorMessage` field), for
/// the error's description; a model that is a `LocalizedError` gives the whole description itself.
public struct ErrorDecoding<Failure: Sendable>: Sendable {
    /// The status this decoding is for; `nil` for a range or the default.
    public let statusCode: Int?
    /// The statuses this decoding is for when it covers a range (`400...499` for `4XX`).
    public let statusRange: ClosedRange<Int>?
    private let decodeBody: @Sendable (Data, JSONDecoder) throws -> DecodedError<Failure>

    private init(statusCode: Int?, statusRange: ClosedRange<Int>? = nil, decode: @escaping @Sendable (Data, JSONDecoder) throws -> DecodedError<Failure>) {
        self.statusCode = statusCode
        self.statusRange = statusRange
        decodeBody = decode
    }

    /// The model for an error body; throws `DecodingError` when the body does not match.
    public func decode(_ data: Data, dates: DateCoding) throws -> Failure {
        try decodeBody(data, dates.jsonDecoder).model
    }

    /// The model, its message and its own description, decoded with `decoder`.
    func decoded(_ data: Data, decoder: JSONDecoder) throws -> DecodedError<Failure> {
        try decodeBody(data, decoder)
    }

    /// Decodes `Model` and wraps it, taking its message and description first.
    private static func decoding<Model: Decodable & Sendable>(
        _ type: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure, message: (@Sendable (Model) -> String?)?
    ) -> @Sendable (Data, JSONDecoder) throws -> DecodedError<Failure> {
        { data, decoder in
            let model = try decoder.decode(Model.self, from: data)
            return DecodedError(model: wrap(model), message: message?(model), description: (model as? any LocalizedError)?.errorDescription)
        }
    }

    /// For `statusCode`, decode the JSON body as `type` and wrap it into the failure, such as
    /// `{ MyError.status422($0) }`; `message` reads what the server said from the model.
    public static func status<Model: Decodable & Sendable>(
        _ statusCode: Int, _ type: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure, message: (@Sendable (Model) -> String?)? = nil
    ) -> ErrorDecoding<Failure> {
        ErrorDecoding(statusCode: statusCode, decode: decoding(type, wrap, message: message))
    }

    /// For the statuses in `range` that have no decoding of their own, decode the JSON body as
    /// `type` and wrap it into the failure.
    public static func range<Model: Decodable & Sendable>(
        _ range: ClosedRange<Int>, _ type: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure, message: (@Sendable (Model) -> String?)? = nil
    ) -> ErrorDecoding<Failure> {
        ErrorDecoding(statusCode: nil, statusRange: range, decode: decoding(type, wrap, message: message))
    }

    /// For any non-2xx status not listed, decode the JSON body as `type` and wrap it into the failure.
    public static func `default`<Model: Decodable & Sendable>(
        _ type: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure, message: (@Sendable (Model) -> String?)? = nil
    ) -> ErrorDecoding<Failure> {
        ErrorDecoding(statusCode: nil, decode: decoding(type, wrap, message: message))
    }
}

extension ErrorDecoding where Failure: Decodable {
    /// For `statusCode`, decode the JSON body as the failure model itself.
    public static func status(_ statusCode: Int, message: (@Sendable (Failure) -> String?)? = nil) -> ErrorDecoding<Failure> {
        .status(statusCode, Failure.self, { $0 }, message: message)
    }

    /// For the statuses in `range` without a decoding of their own, decode the body as the failure model itself.
    public static func range(_ range: ClosedRange<Int>, message: (@Sendable (Failure) -> String?)? = nil) -> ErrorDecoding<Failure> {
        .range(range, Failure.self, { $0 }, message: message)
    }

    /// For any non-2xx status not listed, decode the JSON body as the failure model itself.
    public static var `default`: ErrorDecoding<Failure> {
        .default(Failure.self, { $0 })
    }

    /// The default, with `message` reading what the server said from the model.
    public static func `default`(message: @escaping @Sendable (Failure) -> String?) -> ErrorDecoding<Failure> {
        .default(Failure.self, { $0 }, message: message)
    }
}

/// An error body decoded: the failure, and what the model said about itself.
struct DecodedError<Failure: Sendable>: Sendable {
    var model: Failure
    /// The model's message field.
    var message: String?
    /// The model's own `LocalizedError` description.
    var description: String?
}

extension Array {
    /// The decoding for `statusCode`: the one listed for it, else the range that holds it, else
    /// the default, else `nil`.
    func decoding<Failure>(for statusCode: Int) -> ErrorDecoding<Failure>? where Element == ErrorDecoding<Failure> {
        first { $0.statusCode == statusCode }
            ?? first { $0.statusRange?.contains(statusCode) == true }
            ?? first { $0.statusCode == nil && $0.statusRange == nil }
    }
}
