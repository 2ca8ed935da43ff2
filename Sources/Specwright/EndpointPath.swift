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
        case members(any Encodable & Sendable, PathStyle)
    }

    /// OpenAPI's path styles (RFC 6570's path expansions), each with `explode` or without. An
    /// array `[3, 4]` and an object `{x: 1, y: 2}` are written as the cases say.
    public enum PathStyle: Sendable, Hashable {
        /// The value alone (the default): `3,4`; an object `x,1,y,2`.
        case simple
        /// `simple` with `explode`: `3,4`; an object `x=1,y=2`.
        case simpleExploded
        /// The value after a dot: `/pets/.5`; `.3,4`; an object `.x,1,y,2`.
        case label
        /// `label` with `explode`: `.3.4`; an object `.x=1.y=2`.
        case labelExploded
        /// The value as `;name=value`: `/pets/;id=5`; `;id=3,4`; an object `;id=x,1,y,2`.
        case matrix(String)
        /// `matrix` with `explode`: `;id=3;id=4`; an object `;x=1;y=2`.
        case matrixExploded(String)
        /// The value as path segments: `heads/feature/x` keeps each `/` and encodes each segment
        /// (`.` and `..` too, so the value cannot climb the path); array elements joined by `,`.
        case segments
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
            case .value, .styled, .members: "{}"
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
            case .styled(let value, .segments):
                value.parameterValues(dates: dates).map(Self.segments).joined(separator: ",")
            case .styled(let value, let style):
                Self.expanded(value.parameterValues(dates: dates).map(PercentEncoding.pathSegment), members: nil, style: style)
            case .members(let value, let style):
                Self.expandedMembers(value, style: style, dates: dates)
            }
        }.joined()
    }

    /// `text` split at each `/`, each segment percent-encoded.
    private static func segments(_ text: String) -> String {
        text.split(separator: "/", omittingEmptySubsequences: false).map { PercentEncoding.pathSegment(String($0)) }.joined(separator: "/")
    }

    /// An encoded value's expansion: its texts (array elements), or its members as (key, texts).
    private static func expanded(_ texts: [String], members: [(key: String, texts: [String])]?, style: PathStyle) -> String {
        if let members {
            switch style {
            case .simple, .label, .matrix, .segments:
                let flat = members.flatMap { [$0.key] + $0.texts }.joined(separator: ",")
                return prefix(style) + flat
            case .simpleExploded:
                return members.map { $0.key + "=" + $0.texts.joined(separator: ",") }.joined(separator: ",")
            case .labelExploded:
                return members.map { "." + $0.key + "=" + $0.texts.joined(separator: ",") }.joined()
            case .matrixExploded:
                return members.map { ";" + $0.key + "=" + $0.texts.joined(separator: ",") }.joined()
            }
        }
        switch style {
        case .simple, .simpleExploded, .label, .matrix, .segments: return prefix(style) + texts.joined(separator: ",")
        case .labelExploded: return texts.map { "." + $0 }.joined()
        case .matrixExploded(let name):
            let key = PercentEncoding.pathSegment(name)
            return texts.isEmpty ? ";" + key : texts.map { ";" + key + "=" + $0 }.joined()
        }
    }

    /// What comes before the value: `.` for `label`, `;name=` for `matrix`, nothing for `simple`.
    private static func prefix(_ style: PathStyle) -> String {
        switch style {
        case .simple, .simpleExploded, .labelExploded, .matrixExploded, .segments: ""
        case .label: "."
        case .matrix(let name): ";" + PercentEncoding.pathSegment(name) + "="
        }
    }

    /// An object's members (or a union's value, a map's entries) in `style`, each key and text
    /// percent-encoded; nothing when the value cannot be encoded.
    private static func expandedMembers(_ value: any Encodable & Sendable, style: PathStyle, dates: DateCoding) -> String {
        guard let tree = try? ValueTree.of(value, dates: dates) else { return expanded([], members: nil, style: style) }
        guard case .object(let members) = tree else {
            return expanded(StyledValue.flattened(tree).map(PercentEncoding.pathSegment), members: nil, style: style)
        }
        let encoded = members.filter { !$0.value.isNull }.map {
            (key: PercentEncoding.pathSegment($0.key), texts: StyledValue.flattened($0.value).map(PercentEncoding.pathSegment))
        }
        return expanded([], members: encoded, style: style)
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

        /// Adds an object's members (a map's entries, a union's value) in a path style:
        /// `"/points/\(members: point, style: .matrixExploded("point"))"` is `/points/;x=1;y=2`.
        public mutating func appendInterpolation(members value: some Encodable & Sendable, style: PathStyle = .simple) {
            pieces.append(.members(value, style))
        }
    }
}
