import SpecDiagnostics

/// A path template split into literal text and `{name}` placeholders.
public struct PathTemplate: Sendable {
    /// One piece of the path.
    public enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    /// The pieces in order.
    public var segments: [Segment]

    /// The placeholders with the scalar offset of their `{` in the path.
    public private(set) var parameters: [(name: String, offset: Int)] = []

    /// Splits `/users/{id}/posts`; a problem is returned with its scalar offset in the path.
    public static func parse(_ path: String) -> Result<PathTemplate, PathError> {
        guard path.hasPrefix("/") else { return .failure(PathError(message: "must start with '/'", offset: 0)) }
        var template = PathTemplate(segments: [])
        var segments: [Segment] = []
        var literal = String.UnicodeScalarView()
        var name: String.UnicodeScalarView?
        var nameStart = 0
        for (offset, scalar) in path.unicodeScalars.enumerated() {
            switch (scalar, name) {
            case ("{", nil):
                if !literal.isEmpty { segments.append(.literal(String(literal))); literal = .init() }
                name = .init()
                nameStart = offset
            case ("}", let current?):
                let text = String(current)
                guard Naming.isIdentifier(text) else {
                    return .failure(PathError(message: text.isEmpty ? "has an empty parameter '{}'" : "has a parameter '{\(text)}' that is not a name", offset: nameStart))
                }
                segments.append(.parameter(text))
                template.parameters.append((text, nameStart))
                name = nil
            case ("{", _?), ("}", nil):
                return .failure(PathError(message: "has an unbalanced '\(scalar)'", offset: offset))
            case ("?", nil), ("#", nil):
                return .failure(PathError(message: "cannot hold '\(scalar)'; declare query parameters under 'query:'", offset: offset))
            case (" ", _), ("\t", _):
                return .failure(PathError(message: "cannot contain spaces", offset: offset))
            case (_, var current?):
                current.append(scalar)
                name = current
            case (_, nil):
                literal.append(scalar)
            }
        }
        if name != nil { return .failure(PathError(message: "has an unclosed '{'", offset: nameStart)) }
        if !literal.isEmpty { segments.append(.literal(String(literal))) }
        template.segments = segments
        return .success(template)
    }
}

/// A malformed path template.
public struct PathError: Error, Sendable {
    /// What is wrong.
    public var message: String
    /// The scalar offset in the path text.
    public var offset: Int
}
