/// The path of an endpoint, written by generated code as a string with interpolated parameters.
///
/// Literal text is kept as written. Each interpolated value becomes exactly one percent-encoded
/// path segment: everything but RFC 3986 unreserved characters is encoded, and `.` / `..` become
/// `%2E` / `%2E%2E`, so a parameter value can never change the route.
public struct EndpointPath: ExpressibleByStringInterpolation, Sendable {
    /// One piece of the path: literal text or an interpolated value.
    enum Piece: Sendable {
        case literal(String)
        case value(any ParameterValue)
        case styled(any ParameterValue, PathStyle)
    }

    /// OpenAPI's path styles beyond `simple`: `label` (`.5`) and `matrix` (`;id=5`).
    public enum PathStyle: Sendable, Hashable {
        /// The value after a dot: `/pets/.5`; array elements joined by commas after it.
        case label
        /// The value as `;name=value`: `/pets/;id=5`; array elements joined by commas.
        case matrix(String)
    }

    let pieces: [Piece]

    /// A path without parameters.
    public init(stringLiteral value: String) {
        pieces = [.literal(value)]
    }

    /// A path with interpolated parameters.
    public init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// The path as written in the spec, with `{}` in place of each parameter, such as `/users/{}/profile`.
    public var template: String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .value, .styled: "{}"
            }
        }.joined()
    }

    /// The percent-encoded path; array values are joined by `,` inside their one segment.
    ///
    /// - Parameter dates: how `Date` values are written.
    public func encoded(dates: DateCoding) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text):
                PercentEncoding.pathLiteral(text)
            case .value(let value):
                value.parameterValues(dates: dates).map(PercentEncoding.pathSegment).joined(separator: ",")
            case .styled(let value, .label):
                "." + value.parameterValues(dates: dates).map(PercentEncoding.pathSegment).joined(separator: ",")
            case .styled(let value, .matrix(let name)):
                ";" + PercentEncoding.pathSegment(name) + "=" + value.parameterValues(dates: dates).map(PercentEncoding.pathSegment).joined(separator: ",")
            }
        }.joined()
    }

    /// Collects the literal text and the interpolated values of a path.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var pieces: [Piece] = []

        /// Starts an empty path.
        public init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Adds literal path text, kept as written.
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty {
                pieces.append(.literal(literal))
            }
        }

        /// Adds a parameter, encoded later as one path segment.
        public mutating func appendInterpolation(_ value: some ParameterValue) {
            pieces.append(.value(value))
        }

        /// Adds a parameter in a path style: `"/pets/\(id, style: .matrix("id"))"` is `/pets/;id=5`.
        public mutating func appendInterpolation(_ value: some ParameterValue, style: PathStyle) {
            pieces.append(.styled(value, style))
        }
    }
}
