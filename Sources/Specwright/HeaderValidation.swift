/// What may be sent as an HTTP header (RFC 9110): names are tokens, values hold no CR, LF or NUL.
enum HeaderValidation {
    /// Whether the header can be sent as it is.
    static func isValid(name: String, value: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte) && !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }

    /// Letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
        default: false
        }
    }
}
