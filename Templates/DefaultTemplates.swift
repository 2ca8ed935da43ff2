/// The default templates, embedded in the generator at build time so it works from any directory.
public enum DefaultTemplates {
    /// Each template's file name and text, in file-name order.
    public static let all: [(name: String, text: String)] = []
}
