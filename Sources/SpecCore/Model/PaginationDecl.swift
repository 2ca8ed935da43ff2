import SpecDiagnostics

/// How an endpoint's answers page (`pagination:`): the runtime's `PaginationRule`, with the wire
/// names of the fields and parameters it reads and sets.
public struct PaginationDecl: Sendable {
    /// The kinds of paging.
    public enum Style: String, Sendable, CaseIterable {
        /// `Link: <...>; rel="next"` (GitHub).
        case link
        /// A response field holds the next page's cursor, sent back as a query parameter.
        case cursor
        /// A response field says whether more pages follow; the next starts after the last item's ID (Stripe, OpenAI).
        case hasMore
        /// A page number in a query parameter.
        case page
        /// An offset in a query parameter, moved on by each page's items.
        case offset
    }

    /// The kind of paging.
    public var style: Style
    /// The response field that holds the items; nil when the response is the array of items.
    public var items: String?
    /// `cursor`: the response field with the next page's cursor.
    public var next: String?
    /// `hasMore`: the response field that says whether more pages follow.
    public var hasMore: String?
    /// `hasMore`: the item field whose value the next page starts after (`id` when not written).
    public var id: String?
    /// `cursor`, `hasMore`, `page`, `offset`: the query parameter the next page's value goes into.
    public var parameter: String?
    /// `page`, `offset`: the query parameter with the page size; a page with fewer items is the last.
    public var size: String?
    /// `page`: the number of the first page, when the request sets none (1 unless written).
    public var first: Int?
    /// The keys written, in the order of ``keys`` (to warn of those the style does not read).
    public var written: [String] = []

    /// Every key a `pagination` may have.
    public static let keys = ["style", "items", "next", "hasMore", "id", "parameter", "size", "first"]

    /// The keys `style` reads, beside `style` and `items`.
    public static func keys(of style: Style) -> [String] {
        switch style {
        case .link: []
        case .cursor: ["next", "parameter"]
        case .hasMore: ["hasMore", "id", "parameter"]
        case .page: ["parameter", "size", "first"]
        case .offset: ["parameter", "size"]
        }
    }
    /// Where `pagination` is written.
    public var location: SourceLocation

    /// A paging of `style`; the rest is set by the keys written.
    public init(style: Style, location: SourceLocation) {
        self.style = style
        self.location = location
    }
}
