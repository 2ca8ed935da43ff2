import SpecDiagnostics

/// Parses type expressions written as text: `Int`, `[Post]`, `[String: Int]?`, `Page<Post> = ...`.
struct TypeExprParser {
    private let scalars: [Unicode.Scalar]
    private let start: SourceLocation
    private var index = 0
    private var depth = 0
    /// Nesting deeper than this (`[[[...]]]`, `Page<Page<...>>`) is an error, not a stack overflow.
    static let maxDepth = 32

    /// A parse failure and where it is.
    struct Failure: Error {
        var message: String
        var location: SourceLocation
    }

    init(_ text: String, at start: SourceLocation) {
        self.scalars = Array(text.unicodeScalars)
        self.start = start
    }

    /// `Name` or `Name?` in ASCII, the most common type expressions, without the general parser.
    static func simple(_ text: String, at location: SourceLocation) -> TypeExpr? {
        var utf8 = Substring(text).utf8
        let optional = utf8.last == 0x3F
        if optional { utf8 = utf8.dropLast() }
        guard let first = utf8.first, !(first >= 0x30 && first <= 0x39),
              utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F })
        else { return nil }
        let named = TypeExpr.named(optional ? String(Substring(utf8)) : text, arguments: [], at: location)
        return optional ? .optional(named) : named
    }

    /// Parses `Type` optionally followed by `= default`.
    mutating func parseTypeAndDefault() throws(Failure) -> (TypeExpr, LocatedDefault?) {
        skipSpaces()
        let type = try parseType()
        skipSpaces()
        if index == scalars.count { return (type, nil) }
        guard scalars[index] == "=" else {
            throw Failure(message: "unexpected '\(scalars[index])' after type '\(type)'", location: here)
        }
        index += 1
        skipSpaces()
        let location = here
        let text = String(String.UnicodeScalarView(scalars[index...])).trimmingTrailingSpaces
        guard !text.isEmpty else { throw Failure(message: "missing default value after '='", location: location) }
        return (type, LocatedDefault(value: try Self.parseDefault(text, at: location), location: location))
    }

    /// Parses exactly one type, nothing after it.
    mutating func parseTypeOnly() throws(Failure) -> TypeExpr {
        let (type, defaultValue) = try parseTypeAndDefault()
        if let defaultValue {
            throw Failure(message: "a default value is not allowed here", location: defaultValue.location)
        }
        return type
    }

    /// Parses a default value's text: a number, `true`/`false`, a quoted string, `[]`, `{}` or a word.
    static func parseDefault(_ text: String, at location: SourceLocation) throws(Failure) -> DefaultValue {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "[]": return .emptyArray
        case "{}": return .emptyObject
        default: break
        }
        if isNumber(text) { return .number(text) }
        if let first = text.first, first == "\"" || first == "'" {
            return .string(try unquote(text, at: location))
        }
        return .word(text)
    }

    private var here: SourceLocation { start.advanced(by: index) }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
    }

    private mutating func parseType() throws(Failure) -> TypeExpr {
        var type = try parsePrimary()
        skipSpaces()
        if index < scalars.count, scalars[index] == "?" {
            index += 1
            type = .optional(type)
            skipSpaces()
            if index < scalars.count, scalars[index] == "?" {
                throw Failure(message: "a type can be optional only once; remove the second '?'", location: here)
            }
        }
        return type
    }

    private mutating func parsePrimary() throws(Failure) -> TypeExpr {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else {
            throw Failure(message: "type nested more than \(Self.maxDepth) levels deep", location: here)
        }
        skipSpaces()
        guard index < scalars.count else { throw Failure(message: "missing type", location: here) }
        if scalars[index] == "[" {
            let open = here
            index += 1
            let element = try parseType()
            skipSpaces()
            var result = TypeExpr.array(element)
            if index < scalars.count, scalars[index] == ":" {
                index += 1
                guard case .named("String", let arguments, _) = element, arguments.isEmpty else {
                    throw Failure(message: "dictionary keys must be String, found '\(element)'", location: element.location)
                }
                result = .dictionary(try parseType())
                skipSpaces()
            }
            guard index < scalars.count, scalars[index] == "]" else {
                throw Failure(message: "missing ']' to close the '[' at column \(open.column)", location: here)
            }
            index += 1
            return result
        }
        let nameStart = index
        while index < scalars.count, Naming.isIdentifierScalar(scalars[index]) { index += 1 }
        guard index > nameStart else {
            throw Failure(message: "expected a type name, found '\(scalars[index])'", location: here)
        }
        let location = start.advanced(by: nameStart)
        let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
        var arguments: [TypeExpr] = []
        if index < scalars.count, scalars[index] == "<" {
            index += 1
            repeat {
                if index < scalars.count, scalars[index] == "," { index += 1 }
                arguments.append(try parseType())
                skipSpaces()
            } while index < scalars.count && scalars[index] == ","
            guard index < scalars.count, scalars[index] == ">" else {
                throw Failure(message: "missing '>' after the generic arguments of '\(name)'", location: here)
            }
            index += 1
        }
        return .named(name, arguments: arguments, at: location)
    }

    private static func isNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" { scalars = scalars.dropFirst() }
        var digits = 0, dots = 0
        for scalar in scalars {
            if Naming.isDigit(scalar) { digits += 1 } else if scalar == "." { dots += 1 } else { return false }
        }
        return digits > 0 && dots <= 1 && scalars.first != "." && scalars.last != "."
    }

    /// The text of a quoted default: `"..."` with `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\u{...}`; `'...'` with `''`.
    private static func unquote(_ text: String, at location: SourceLocation) throws(Failure) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let quote = scalars.first, scalars.count >= 2, scalars.last == quote else {
            throw Failure(message: "unterminated string \(text)", location: location)
        }
        var result = String.UnicodeScalarView()
        var i = 1
        while i < scalars.count - 1 {
            let scalar = scalars[i]
            if quote == "'" {
                if scalar == "'" {
                    guard scalars[i + 1] == "'", i + 1 < scalars.count - 1 else {
                        throw Failure(message: "a quote inside a single-quoted string is written ''", location: location.advanced(by: i))
                    }
                    i += 1
                }
                result.append(scalar)
            } else if scalar == "\\" {
                i += 1
                guard i < scalars.count - 1 else { throw Failure(message: "unterminated escape", location: location.advanced(by: i)) }
                switch scalars[i] {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "u":
                    guard i + 1 < scalars.count, scalars[i + 1] == "{",
                          let close = scalars[(i + 2)...].firstIndex(of: "}"),
                          let code = UInt32(String(String.UnicodeScalarView(scalars[(i + 2)..<close])), radix: 16),
                          let decoded = Unicode.Scalar(code) else {
                        throw Failure(message: "invalid \\u{...} escape", location: location.advanced(by: i - 1))
                    }
                    result.append(decoded)
                    i = close
                default:
                    throw Failure(message: "unknown escape '\\\(scalars[i])' in string", location: location.advanced(by: i - 1))
                }
            } else if scalar == "\"" {
                throw Failure(message: "a quote inside a string is written \\\"", location: location.advanced(by: i))
            } else {
                result.append(scalar)
            }
            i += 1
        }
        return String(result)
    }
}

extension String {
    /// The string without trailing spaces and tabs.
    public var trimmingTrailingSpaces: String {
        guard let last = utf8.last, last == 0x20 || last == 0x09 else { return self }
        var scalars = unicodeScalars[...]
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
