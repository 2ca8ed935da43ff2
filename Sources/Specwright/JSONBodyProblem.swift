import Foundation

/// Why a body that should be JSON is not: what a person debugging needs to read, rather than
/// JSONDecoder's "The given data was not valid JSON."
enum JSONBodyProblem {
    /// The problem with `data`, or `nil` when it is valid JSON (then the model, not the syntax, is at fault).
    static func find(in data: Data, contentType: String?) -> String? {
        let syntaxError: String?
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            // JSONSerialization's account of it, such as `Invalid value around character 12.`
            syntaxError = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        }
        if data.allSatisfy(isWhitespace) {
            return data.isEmpty ? "Expected JSON, but the body is empty" : "Expected JSON, but the body is only whitespace"
        }
        if let mediaType = mediaType(contentType), !isJSON(mediaType) {
            return "Expected JSON, but the body is \(mediaType) (\(ByteCount.text(data.count)))"
        }
        if let offset = firstInvalidUTF8(in: data) {
            return "The body is not valid UTF-8: byte \(offset) of \(data.count) starts an invalid sequence"
        }
        if endsInsideValue(data) {
            return "The JSON body is cut short: it ends after \(ByteCount.text(data.count)), inside an unfinished value"
        }
        return "The body is not valid JSON" + (syntaxError.map { ": \($0)" } ?? "")
    }

    /// `text/html` from `text/html; charset=utf-8`, lowercased; `nil` when there is none.
    static func mediaType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.isEmpty ? nil : type
    }

    /// `application/json`, `text/json`, `application/problem+json` and the like.
    private static func isJSON(_ mediaType: String) -> Bool {
        mediaType.hasSuffix("/json") || mediaType.hasSuffix("+json") || mediaType.hasSuffix("/x-json")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The offset of the first byte that is not part of a valid UTF-8 sequence.
    private static func firstInvalidUTF8(in data: Data) -> Int? {
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Whether the body ends inside a string, object or array: a document cut short.
    private static func endsInsideValue(_ data: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return false }   // closes more than it opened: not a cut
            default: break
            }
        }
        return inString || depth > 0
    }
}
