/// Up-front UTF-8 validation, so invalid input gets a precise, located error
/// (libyaml's own message would not name the byte offset).
enum UTF8Validation {
    /// The byte offset where the first invalid UTF-8 sequence starts, or nil when `bytes` is valid.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            // The standard library's validator is vectorised and optimised even in debug builds;
            // the scan below only runs to locate an error it found.
            if String(validating: bytes, as: UTF8.self) != nil { return nil }
        }
        return scan(bytes)
    }

    /// A straightforward strict validator (no overlongs, surrogates or values past U+10FFFF)
    /// with an 8-bytes-at-a-time path for ASCII runs.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < count {
            if index + 8 <= count,
               raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = base[index + 1]
            guard second >= low, second <= high else { return index }
            var next = index + 2
            while next < index + length {
                guard base[next] & 0xC0 == 0x80 else { return index }
                next += 1
            }
            index += length
        }
        return nil
    }
}
