import Foundation

/// How an endpoint's answers page: where a page's items are, and what request fetches the next
/// page, or that there is none. Cursor, `has_more`, page number, offset and `Link` header paging.
public struct PaginationRule<Page: Sendable, Item: Sendable>: Sendable {
    /// What follows a page.
    enum Next: Sendable {
        /// The same request with these query parameters set (the others kept).
        case query([(name: String, value: String)])
        /// The request at this URL (a `Link: <...>; rel="next"`).
        case link(String)
        /// The last page.
        case end
    }

    /// The items of a page, in order.
    let items: @Sendable (Page) -> [Item]
    /// What follows `page`, given its items, the query that fetched it, and the most items an
    /// earlier page held (0 for the first page).
    let next: @Sendable (_ page: Response<Page>, _ items: [Item], _ query: [(name: String, value: String)], _ largest: Int) -> Next

    /// A cursor paging: `next` reads the next page's cursor from a page (nil or empty at the
    /// end), sent back as the query parameter `parameter` (`next_cursor` into `cursor`).
    public static func cursor(
        items: @escaping @Sendable (Page) -> [Item], next: @escaping @Sendable (Page) -> String?, parameter: String
    ) -> PaginationRule {
        PaginationRule(items: items) { page, _, _, _ in
            guard let cursor = next(page.value), !cursor.isEmpty else { return .end }
            return .query([(name: parameter, value: cursor)])
        }
    }

    /// Stripe's and OpenAI's paging: a page says whether there are more (`has_more`), and the next
    /// page starts after the last item's ID, sent as `parameter` (`starting_after`, `after`).
    public static func hasMore(
        items: @escaping @Sendable (Page) -> [Item], hasMore: @escaping @Sendable (Page) -> Bool?,
        parameter: String, id: @escaping @Sendable (Item) -> String
    ) -> PaginationRule {
        PaginationRule(items: items) { page, items, _, _ in
            guard hasMore(page.value) == true, let last = items.last else { return .end }
            return .query([(name: parameter, value: id(last))])
        }
    }

    /// Page numbers in the query parameter `parameter`, from `first` (when the request sets none)
    /// up; the last page is one without items, or one with fewer items than both
    /// `sizeParameter`'s value and an earlier page (a server may cap the page size below what
    /// was asked, so a short first page is followed by one more request).
    public static func pageNumber(
        items: @escaping @Sendable (Page) -> [Item], parameter: String, first: Int = 1, sizeParameter: String? = nil
    ) -> PaginationRule {
        PaginationRule(items: items) { _, items, query, largest in
            guard !items.isEmpty, !isShort(items.count, largest: largest, sizeParameter: sizeParameter, in: query) else { return .end }
            let current = query.last { $0.name == parameter }.flatMap { Int($0.value) } ?? first
            return .query([(name: parameter, value: String(current + 1))])
        }
    }

    /// An offset in the query parameter `parameter` (0 when the request sets none), moved on by
    /// each page's items; the last page is one without items, or one with fewer items than both
    /// `limitParameter`'s value and an earlier page (as for ``pageNumber(items:parameter:first:sizeParameter:)``).
    public static func offset(
        items: @escaping @Sendable (Page) -> [Item], parameter: String, limitParameter: String? = nil
    ) -> PaginationRule {
        PaginationRule(items: items) { _, items, query, largest in
            guard !items.isEmpty, !isShort(items.count, largest: largest, sizeParameter: limitParameter, in: query) else { return .end }
            let current = query.last { $0.name == parameter }.flatMap { Int($0.value) } ?? 0
            return .query([(name: parameter, value: String(current + items.count))])
        }
    }

    /// GitHub's paging: the next page is the URL of the response's `Link: <...>; rel="next"`;
    /// without one, the page is the last.
    public static func link(items: @escaping @Sendable (Page) -> [Item]) -> PaginationRule {
        PaginationRule(items: items) { page, _, _, _ in
            guard let header = page.header("Link"), let next = LinkHeader.target(of: header, relation: "next") else { return .end }
            return .link(next)
        }
    }

    /// Whether a page of `count` items is shorter than the page size the query asks for and than
    /// the `largest` earlier page: shorter than asked alone may be the server's own cap.
    private static func isShort(_ count: Int, largest: Int, sizeParameter: String?, in query: [(name: String, value: String)]) -> Bool {
        guard let sizeParameter, let size = query.last(where: { $0.name == sizeParameter }).flatMap({ Int($0.value) }) else { return false }
        return count < size && count < largest
    }
}

extension PaginationRule where Page == [Item] {
    /// `Link` header paging of a response that is the array of items itself (GitHub's lists).
    public static var link: PaginationRule { link(items: { $0 }) }
}

/// An endpoint with its paging: what ``APIClient/pages(_:)`` and ``APIClient/items(_:)`` fetch,
/// lazily, page after page.
public struct Paginated<Page: Sendable, Item: Sendable, Failure: Sendable>: Sendable {
    /// The request of the first page.
    public var endpoint: Endpoint<Page, Failure>
    /// How its pages follow one another.
    public var paging: PaginationRule<Page, Item>
    /// The most pages fetched; nil for all of them.
    public var maxPages: Int?

    /// The first page's request and the paging of the rest, up to `maxPages` pages.
    public init(_ endpoint: Endpoint<Page, Failure>, paging: PaginationRule<Page, Item>, maxPages: Int? = nil) {
        self.endpoint = endpoint
        self.paging = paging
        self.maxPages = maxPages
    }

    /// The same pages, up to `count` of them: `client.items(API.listIssuesPages().limited(to: 3))`.
    public func limited(to count: Int) -> Paginated {
        var limited = self
        limited.maxPages = max(0, count)
        return limited
    }
}

/// The targets of a `Link` header (RFC 8288): `<https://api.example.com/x?page=2>; rel="next"`.
enum LinkHeader {
    /// The target of the first link whose `rel` includes `relation`.
    static func target(of header: String, relation: String) -> String? {
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = rest[rest.index(after: open)..<close]
            let afterTarget = rest[rest.index(after: close)...]
            // The parameters run to the next link (a comma outside quotes).
            var parameters = Substring("")
            var inQuotes = false
            var end = afterTarget.endIndex
            for index in afterTarget.indices {
                let character = afterTarget[index]
                if character == "\"" { inQuotes.toggle() }
                if character == ",", !inQuotes { end = index; break }
            }
            parameters = afterTarget[..<end]
            rest = end < afterTarget.endIndex ? afterTarget[afterTarget.index(after: end)...] : ""
            for parameter in parameters.split(separator: ";") {
                let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, parts[0].lowercased() == "rel" else { continue }
                let relations = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased().split(separator: " ")
                if relations.contains(Substring(relation)) { return String(target) }
            }
        }
        return nil
    }
}
