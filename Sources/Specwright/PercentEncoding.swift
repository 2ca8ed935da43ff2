/// Strict percent-encoding shared by paths, queries and form bodies.
///
/// Only RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) stay as they are, so a value can
/// never add a path segment, start a query, or be read as a space (`+`) or a separator (`&`, `=`).
enum PercentEncoding {
    /// Encodes everything except RFC 3986 unreserved characters.
    static func strict(_ string: String) -> String {
        encode(string) { isUnreserved($0) }
    }

    /// Encodes one path segment; `.` and `..` are encoded so clients cannot remove them as dot segments.
    static func pathSegment(_ string: String) -> String {
        switch string {
        case ".": "%2E"
        case "..": "%2E%2E"
        default: strict(string)
        }
    }

    /// Encodes the literal text of a path template, keeping its `/`, sub-delimiters and valid `%XX` escapes.
    static func pathLiteral(_ string: String) -> String {
        let bytes = Array(string.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) {
                output.append(byte)
            } else if isUnreserved(byte) || isPathLiteralSymbol(byte) {
                output.append(byte)
            } else {
                appendEscape(byte, to: &output)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `name=value` pairs joined by `&`, both parts strictly encoded.
    static func query(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { strict($0.name) + "=" + strict($0.value) }.joined(separator: "&")
    }

    /// A cookie value: the bytes a cookie can hold (RFC 6265 cookie-octets) as they are, others
    /// (space, `"`, `,`, `;`, `\\`, controls, non-ASCII) percent-encoded.
    static func cookieValue(_ string: String) -> String {
        encode(string) { byte in
            byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte) || (0x3C...0x5B).contains(byte)
                || (0x5D...0x7E).contains(byte)
        }
    }

    private static func encode(_ string: String, keeping keep: (UInt8) -> Bool) -> String {
        var output = [UInt8]()
        output.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if keep(byte) {
                output.append(byte)
            } else {
                appendEscape(byte, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func isPathLiteralSymbol(_ byte: UInt8) -> Bool {
        "/!$&'()*+,;=:@".utf8.contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "a")...UInt8(ascii: "f"):
            true
        default:
            false
        }
    }
}
