import SpecDiagnostics
import SpecYAML

/// Shared helpers for decoding located nodes (the spec decoder's, and the compiler's config file);
/// every problem becomes a located diagnostic.
public final class NodeReader {
    /// Everything reported while decoding.
    public var diagnostics = DiagnosticBag()

    /// A reader with nothing reported yet.
    public init() {}

    /// The pairs of a mapping, or an error naming what was expected.
    public func mapping(_ node: YAMLNode, _ what: String) -> [YAMLPair]? {
        if let pairs = node.mapping { return pairs }
        if node.isPlainScalar, node.scalar == "" || node.scalar == "~" || node.scalar == "null" { return [] }
        diagnostics.error("\(what) must be a mapping, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// Reports every key not in `allowed`, with a suggestion; returns the known pairs by key.
    public func knownKeys(_ pairs: [YAMLPair], allowed: [String], in what: String) -> KnownKeys {
        var known = KnownKeys()
        for pair in pairs {
            guard let key = pair.key.scalar else {
                diagnostics.error("a key in \(what) must be a string", at: pair.key.location)
                continue
            }
            if allowed.contains(key) {
                known.pairs.append((key, pair))
            } else {
                diagnostics.error(
                    "unknown key '\(key)' in \(what)\(Suggestions.didYouMean(key, in: allowed))",
                    at: pair.key.location)
            }
        }
        return known
    }

    /// The key's text; non-string keys are reported.
    func key(_ pair: YAMLPair, in what: String) -> String? {
        if let key = pair.key.scalar { return key }
        diagnostics.error("a key in \(what) must be a string", at: pair.key.location)
        return nil
    }

    /// A scalar's text, or an error.
    public func string(_ node: YAMLNode, _ what: String) -> String? {
        if let text = node.scalar { return text }
        diagnostics.error("\(what) must be a string, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// `true` or `false` (only those words: no YAML 1.1 `yes`/`on`).
    public func bool(_ node: YAMLNode, _ what: String) -> Bool? {
        if node.isPlainScalar, let text = node.scalar {
            if text == "true" { return true }
            if text == "false" { return false }
        }
        diagnostics.error("\(what) must be true or false\(found(node))", at: node.location)
        return nil
    }

    /// A number, or an error.
    func number(_ node: YAMLNode, _ what: String) -> Double? {
        if node.isPlainScalar, let text = node.scalar, let value = Double(text), value.isFinite { return value }
        diagnostics.error("\(what) must be a number\(found(node))", at: node.location)
        return nil
    }

    /// `, found 'text'` for a scalar, `, found a mapping` for a collection.
    public func found(_ node: YAMLNode) -> String {
        node.scalar.map { ", found '\($0)'" } ?? ", found \(node.kindDescription)"
    }

    /// Where the text of a scalar starts (after an opening quote).
    func textLocation(_ node: YAMLNode) -> SourceLocation {
        switch node.value {
        case .scalar(_, .singleQuoted), .scalar(_, .doubleQuoted): node.location.advanced(by: 1)
        default: node.location
        }
    }
}

/// The known keys of a mapping: a handful of pairs, looked up by a linear scan (faster than hashing here).
public struct KnownKeys {
    /// The pairs in document order.
    public fileprivate(set) var pairs: [(key: String, pair: YAMLPair)] = []

    /// The pair with this key (keys are unique: the YAML layer rejects duplicates).
    public subscript(_ key: String) -> YAMLPair? {
        pairs.first { $0.key == key }?.pair
    }
}

extension NodeReader {
    /// A header name must be an HTTP token (RFC 9110): letters, digits and ``!#$%&'*+-.^_`|~``.
    func checkHeaderName(_ name: String, at location: SourceLocation) {
        if !Self.isToken(name) {
            diagnostics.error("'\(name)' is not a valid HTTP header name: use letters, digits and - (no spaces)", at: location)
        }
    }

    /// Whether `name` is an HTTP token (RFC 9110), as header and cookie names must be.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
            default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}
