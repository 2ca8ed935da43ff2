import Foundation

/// What a server said in an error body, in a form fit for a message to a user or a log line.
enum ServerMessage {
    /// The most characters kept of a body.
    static let maxLength = 200

    /// A short excerpt of a text body: an HTML page's `<title>`, else the text with its runs of
    /// white space made one space, control and direction characters escaped, cut at 200
    /// characters. `nil` for an empty or binary (not UTF-8) body.
    static func excerpt(of data: Data, contentType: String?) -> String? {
        guard !data.isEmpty, let text = utf8Prefix(of: data) else { return nil }
        let isHTML = contentType?.lowercased().contains("html") == true || text.prefix(64).lowercased().contains("<html")
            || text.prefix(64).lowercased().contains("<!doctype html")
        return cleaned(isHTML ? title(in: text) ?? withoutTags(text) : text)
    }

    /// The first 64 KB of `data` as UTF-8 (ending before a character the cut splits), or nil when
    /// the bytes are not UTF-8. The excerpt needs far less; the whole body is never decoded.
    private static func utf8Prefix(of data: Data) -> String? {
        let prefix = data.prefix(64 << 10)
        for trim in 0...min(3, prefix.count - 1) {
            if let text = String(data: prefix.dropLast(trim), encoding: .utf8) { return text }
            if prefix.count == data.count { return nil }   // nothing was cut: the body is not UTF-8
        }
        return nil
    }

    /// A message as it goes into a description: one line, escaped, at most 200 characters; `nil`
    /// when nothing is left.
    static func cleaned(_ text: String) -> String? {
        var result = ""
        var pendingSpace = false
        var count = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            if count >= maxLength {
                result.append("…")
                return result
            }
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0xFEFF {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result.isEmpty ? nil : result
    }

    /// The text of the first `<title>` element.
    private static func title(in html: String) -> String? {
        guard let open = html.range(of: "<title", options: .caseInsensitive),
              let start = html[open.upperBound...].firstIndex(of: ">"),
              let close = html.range(of: "</title>", options: .caseInsensitive, range: start..<html.endIndex) else { return nil }
        let title = html[html.index(after: start)..<close.lowerBound]
        return title.contains(where: { !$0.isWhitespace }) ? String(title) : nil
    }

    /// The text of an HTML page with its tags left out.
    private static func withoutTags(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            switch character {
            case "<": inTag = true; text.append(" ")
            case ">": inTag = false
            default: if !inTag { text.append(character) }
            }
        }
        return text
    }
}
