import SpecDiagnostics

/// A server an API can be reached at, with the variables its URL template holds
/// (`https://{region}.api.example.com`), so a client can be made for any of them.
public struct ServerDecl: Sendable {
    /// A variable of the URL template.
    public struct Variable: Sendable {
        /// The name between braces.
        public var name: String
        /// The value used when the caller gives none.
        public var defaultValue: String
        /// The values allowed, when the document lists them.
        public var values: [String]
        /// The doc comment text.
        public var description: String?

        /// Creates the value from all its parts.
        public init(name: String, defaultValue: String, values: [String] = [], description: String? = nil) {
            self.name = name
            self.defaultValue = defaultValue
            self.values = values
            self.description = description
        }
    }

    /// The name it is known by (a function name is made from it).
    public var name: String
    /// The absolute URL, or a path (`/api`) resolved against a host the caller gives, with
    /// `{name}` for each variable.
    public var url: String
    /// The doc comment text.
    public var description: String?
    /// The variables, in the order the document lists them.
    public var variables: [Variable]
    /// Where the server is written.
    public var location: SourceLocation

    /// Creates the value from all its parts.
    public init(name: String, url: String, description: String? = nil, variables: [Variable] = [], location: SourceLocation) {
        self.name = name
        self.url = url
        self.description = description
        self.variables = variables
        self.location = location
    }

    /// Whether the URL is a path, which a client resolves against a host of its own.
    public var isRelative: Bool { url.hasPrefix("/") }
}
