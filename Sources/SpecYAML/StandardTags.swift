import SpecDiagnostics

/// The only tags a spec may use: YAML's standard scalar and collection tags.
enum StandardTags {
    /// The prefix that `!!` expands to.
    static let prefix = "tag:yaml.org,2002:"

    /// The accepted tags, fully expanded.
    static let allowed: Set<String> = Set(["str", "int", "float", "bool", "null", "seq", "map"].map { prefix + $0 })

    /// `tag` (as libyaml resolved it) if it is standard; otherwise a located error.
    static func check(_ tag: UnsafePointer<UInt8>, at location: SourceLocation) throws(Diagnostic) -> String {
        let text = String(cString: tag)
        guard allowed.contains(text) else {
            throw .error("unsupported tag '\(display(text))'; a spec uses only standard YAML tags", at: location)
        }
        return text
    }

    /// The tag as a user would write it: `!!name` for YAML's own tags.
    static func display(_ tag: String) -> String {
        tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }
}
