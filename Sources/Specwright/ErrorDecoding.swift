import Foundation

/// How an error (non-2xx) response body becomes the endpoint's `Failure` model, for one status or as the default.
public struct ErrorDecoding<Failure: Sendable>: Sendable {
    /// The status this decoding is for; `nil` for the default, used for any non-2xx status not listed.
    public let statusCode: Int?
    private let decodeBody: @Sendable (Data, DateCoding) throws -> Failure

    private init(statusCode: Int?, decode: @escaping @Sendable (Data, DateCoding) throws -> Failure) {
        self.statusCode = statusCode
        decodeBody = decode
    }

    /// The model for an error body; throws `DecodingError` when the body does not match.
    public func decode(_ data: Data, dates: DateCoding) throws -> Failure {
        try decodeBody(data, dates)
    }

    /// For `statusCode`, decode the JSON body as `type` and wrap it into the failure, such as `MyError.status422`.
    public static func status<Model: Decodable & Sendable>(
        _ statusCode: Int, _ type: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure
    ) -> ErrorDecoding<Failure> {
        ErrorDecoding(statusCode: statusCode) { data, dates in
            wrap(try dates.jsonDecoder.decode(Model.self, from: data))
        }
    }

    /// For any non-2xx status not listed, decode the JSON body as `type` and wrap it into the failure.
    public static func `default`<Model: Decodable & Sendable>(
        _ type: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure
    ) -> ErrorDecoding<Failure> {
        ErrorDecoding(statusCode: nil) { data, dates in
            wrap(try dates.jsonDecoder.decode(Model.self, from: data))
        }
    }
}

extension ErrorDecoding where Failure: Decodable {
    /// For `statusCode`, decode the JSON body as the failure model itself.
    public static func status(_ statusCode: Int) -> ErrorDecoding<Failure> {
        .status(statusCode, Failure.self) { $0 }
    }

    /// For any non-2xx status not listed, decode the JSON body as the failure model itself.
    public static var `default`: ErrorDecoding<Failure> {
        .default(Failure.self) { $0 }
    }
}

extension Array {
    /// The decoding for `statusCode`: the one listed for it, else the default, else `nil`.
    func decoding<Failure>(for statusCode: Int) -> ErrorDecoding<Failure>? where Element == ErrorDecoding<Failure> {
        first { $0.statusCode == statusCode } ?? first { $0.statusCode == nil }
    }
}
