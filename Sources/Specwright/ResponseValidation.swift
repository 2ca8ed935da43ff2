import Foundation

/// How strictly a client reads what a server answers. Lenient by default, so a server that adds a
/// member or answers in a type its document does not list keeps working; ``strict`` is what
/// swift-openapi-generator's clients do, for tests that hold a server to its document.
public struct ResponseValidation: Sendable, Hashable {
    /// Whether a 2xx body must come with a `Content-Type` the endpoint declares (one its `Accept`
    /// lists, or JSON for a JSON response, text for text), else the call fails with
    /// ``APIError/decoding(_:)``. Off: a body is read as the endpoint's type whatever its type.
    public var requiresDeclaredContentType: Bool
    /// Whether a model whose document closes it (OpenAPI's `additionalProperties: false`, the
    /// format's `additionalProperties: false`) fails to decode with a member it does not list.
    /// Off: such members are ignored.
    public var rejectsUndeclaredMembers: Bool

    /// A validation with these checks.
    public init(requiresDeclaredContentType: Bool = false, rejectsUndeclaredMembers: Bool = false) {
        self.requiresDeclaredContentType = requiresDeclaredContentType
        self.rejectsUndeclaredMembers = rejectsUndeclaredMembers
    }

    /// Nothing beyond what decoding needs (the default).
    public static let lenient = ResponseValidation()
    /// Every check.
    public static let strict = ResponseValidation(requiresDeclaredContentType: true, rejectsUndeclaredMembers: true)
}

/// A 2xx body whose `Content-Type` the endpoint does not declare, with ``ResponseValidation/strict``.
public struct UndeclaredContentType: Error, Sendable, CustomStringConvertible {
    /// The type the body came with; nil when it came with none.
    public let contentType: String?
    /// The types the endpoint declares.
    public let declared: [String]

    /// `The server answered text/html, which the endpoint does not declare (it declares application/json).`
    public var description: String {
        "The server answered \(contentType.map { "with \($0)" } ?? "without a Content-Type"), which the endpoint does not declare (it declares \(declared.joined(separator: ", ")))."
    }
}

extension ResponseDecoding {
    /// The media types the endpoint declares for its answers: its `Accept`, else JSON for a JSON
    /// response and text for a text one; nil for any.
    var declaredMediaTypes: [String]? {
        // A multipart answer may be any multipart type (`multipart/mixed` too).
        if kind == .multipart { return ["multipart/*"] }
        return accept.map { $0.split(separator: ",").map { MediaTypes.base(String($0)) } }
    }

    /// Nil when a 2xx body of `contentType` is one the endpoint declares (an empty body always is),
    /// else the error that says so.
    func undeclared(_ contentType: String?, bodyIsEmpty: Bool) -> UndeclaredContentType? {
        guard !bodyIsEmpty, let declared = declaredMediaTypes, !declared.isEmpty else { return nil }
        guard let base = contentType.map(MediaTypes.base) else { return UndeclaredContentType(contentType: nil, declared: declared) }
        let matches = declared.contains { declared in
            let type = declared.lowercased()
            if type == "*/*" || type == base { return true }
            return type.hasSuffix("/*") && base.hasPrefix(type.dropLast())
        }
        return matches ? nil : UndeclaredContentType(contentType: contentType, declared: declared)
    }
}

/// Media types as `Content-Type` and `Accept` write them.
enum MediaTypes {
    /// The type without its parameters, in lowercase: `application/json; charset=utf-8` -> `application/json`.
    static func base(_ mediaType: String) -> String {
        String(mediaType.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether a media type is JSON: `application/json`, `text/json`, anything ending in `+json`.
    static func isJSON(_ mediaType: String) -> Bool {
        let base = base(mediaType)
        return base == "application/json" || base == "text/json" || base.hasSuffix("+json")
    }
}

extension CodingUserInfoKey {
    /// Set to `true` in a decoder's `userInfo` to make closed models reject members they do not list.
    public static let rejectsUndeclaredMembers = CodingUserInfoKey(rawValue: "Specwright.rejectsUndeclaredMembers")!
}

extension KeyedDecodingContainer where Key == WireKey {
    /// Fails when the decoder rejects undeclared members (``ResponseValidation/rejectsUndeclaredMembers``)
    /// and the object has a member `declared` does not list: what a closed model calls first.
    public func rejectUndeclaredMembers(in decoder: any Decoder, declared: @autoclosure () -> Set<String>) throws {
        guard decoder.userInfo[.rejectsUndeclaredMembers] as? Bool == true else { return }
        let known = declared()
        // The first in name order, so the message is the same whatever order the decoder keeps.
        guard let extra = allKeys.map(\.stringValue).filter({ !known.contains($0) }).min() else { return }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath + [WireKey(stringValue: extra)], debugDescription: "The member \"\(extra)\" is not one the model declares."))
    }
}
