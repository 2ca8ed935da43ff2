import SpecDiagnostics
import Testing

@testable import SpecYAML

/// The file name every test parses under.
let testFile = "spec.yaml"

/// Parses `text` as `spec.yaml`.
func parse(_ text: String, limits: YAMLLimits = .default) -> Result<YAMLNode, Diagnostic> {
    YAMLParser.parse(Array(text.utf8), file: testFile, limits: limits)
}

/// The root node of `text`; throws (failing the test) with the diagnostic if it does not parse.
func root(_ text: String, limits: YAMLLimits = .default) throws -> YAMLNode {
    try parse(text, limits: limits).get()
}

/// The diagnostic for `bytes`, or nil if they parse.
func failure(bytes: [UInt8], limits: YAMLLimits = .default) -> Diagnostic? {
    if case .failure(let diagnostic) = YAMLParser.parse(bytes, file: testFile, limits: limits) { return diagnostic }
    return nil
}

/// The diagnostic for `text`, or nil if it parses.
func failure(_ text: String, limits: YAMLLimits = .default) -> Diagnostic? {
    failure(bytes: Array(text.utf8), limits: limits)
}

/// A location in `spec.yaml`.
func at(_ line: Int, _ column: Int) -> SpecDiagnostics.SourceLocation {
    SpecDiagnostics.SourceLocation(file: testFile, line: line, column: column)
}

extension YAMLNode {
    /// The value for scalar key `key` in a mapping node.
    subscript(_ key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar == key }?.value
    }

    /// The key node for scalar key `key` in a mapping node.
    func key(_ key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar == key }?.key
    }

    /// The scalar keys of a mapping node, in order.
    var keys: [String] {
        (mapping ?? []).compactMap(\.key.scalar)
    }

    /// The scalar texts of a sequence node's items.
    var scalars: [String] {
        (sequence ?? []).compactMap(\.scalar)
    }

    /// The scalar style, or nil for a collection.
    var style: ScalarStyle? {
        if case .scalar(_, let style) = value { return style }
        return nil
    }
}
