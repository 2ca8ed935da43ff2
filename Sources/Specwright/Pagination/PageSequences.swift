import Foundation

extension APIClient {
    /// The pages of `paginated`, each fetched when the loop asks for it: the first request as it
    /// is, then the next page's as the paging says, until a page is the last. Leaving the loop or
    /// cancelling the task sends nothing more. A failed request ends the loop with its `APIError`.
    public func pages<Page, Item, Failure>(_ paginated: Paginated<Page, Item, Failure>) -> PageSequence<Page, Item, Failure> {
        PageSequence(client: self, paginated: paginated)
    }

    /// The items of every page of `paginated`, in order, each page fetched when its first item is
    /// asked for (see ``pages(_:)``).
    public func items<Page, Item, Failure>(_ paginated: Paginated<Page, Item, Failure>) -> ItemSequence<Page, Item, Failure> {
        ItemSequence(pages: PageSequence(client: self, paginated: paginated))
    }
}

/// The pages of a paginated endpoint, fetched lazily (``APIClient/pages(_:)``).
public struct PageSequence<Page: Sendable, Item: Sendable, Failure: Sendable>: AsyncSequence, Sendable {
    /// The error that ends the sequence early.
    public typealias Failure = APIError<Failure>
    let client: APIClient
    let paginated: Paginated<Page, Item, Failure>

    /// Fetches the pages one after the other.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let cursor: PageCursor<Page, Item, Failure>

        /// The next page, or nil after the last.
        public mutating func next() async throws(APIError<Failure>) -> Page? {
            try await cursor.nextPage()?.value
        }

        /// The next page, or nil after the last.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError<Failure>) -> Page? {
            try await cursor.nextPage()?.value
        }
    }

    /// An iterator from the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(cursor: PageCursor(client: client, paging: paginated.paging, first: paginated.endpoint))
    }
}

/// The items of every page of a paginated endpoint, fetched a page at a time (``APIClient/items(_:)``).
public struct ItemSequence<Page: Sendable, Item: Sendable, Failure: Sendable>: AsyncSequence, Sendable {
    /// The error that ends the sequence early.
    public typealias Failure = APIError<Failure>
    let pages: PageSequence<Page, Item, Failure>

    /// Hands out a page's items, then fetches the next page.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let cursor: PageCursor<Page, Item, Failure>

        /// The next item, or nil after the last page's last.
        public mutating func next() async throws(APIError<Failure>) -> Item? {
            try await cursor.nextItem()
        }

        /// The next item, or nil after the last page's last.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError<Failure>) -> Item? {
            try await cursor.nextItem()
        }
    }

    /// An iterator from the first item.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(cursor: PageCursor(client: pages.client, paging: pages.paginated.paging, first: pages.paginated.endpoint))
    }
}

/// Where a loop over pages is: the request of the next page (nil after the last), and the items
/// of the current one not handed out yet. One loop at a time.
final class PageCursor<Page: Sendable, Item: Sendable, Failure: Sendable>: @unchecked Sendable {
    private let client: APIClient
    private let paging: PaginationRule<Page, Item>
    private var next: Endpoint<Page, Failure>?
    private var items: [Item] = []
    private var position = 0

    init(client: APIClient, paging: PaginationRule<Page, Item>, first: Endpoint<Page, Failure>) {
        self.client = client
        self.paging = paging
        next = first
    }

    /// The next item, fetching pages as needed.
    func nextItem() async throws(APIError<Failure>) -> Item? {
        while position == items.count {
            guard let page = try await nextPage() else { return nil }
            items = page.items
            position = 0
        }
        defer { position += 1 }
        return items[position]
    }

    /// The next page with its items, or nil after the last.
    func nextPage() async throws(APIError<Failure>) -> (value: Page, items: [Item])? {
        guard let endpoint = next else { return nil }
        next = nil
        let response = try await client.response(endpoint)
        let items = paging.items(response.value)
        switch paging.next(response, items, endpoint.query) {
        case .end:
            break
        case .query(let changes):
            var following = endpoint
            for change in changes {
                following.query.removeAll { $0.name == change.name }
                following.query.append(change)
            }
            next = following
        case .link(let target):
            next = try client.following(endpoint, to: target, from: response.httpResponse.url)
        }
        return (response.value, items)
    }
}

/// A next page's link that does not lead under the client's base URL, where its credentials go;
/// it is not followed.
public struct ForeignPageLink: Error, CustomStringConvertible {
    /// The link.
    public var link: String
    /// The base URL it is not under.
    public var baseURL: String

    /// What happened.
    public var description: String {
        "The next page's link \(link) is not under the client's base URL \(baseURL), so it is not followed."
    }
}

extension APIClient {
    /// `endpoint` sent to `target` instead (a next page's link, resolved against the URL of the
    /// response it came with): its path and query from the link, which must lead under the
    /// endpoint's server (the client's base URL, or the API's or endpoint's own).
    func following<Page, Failure>(
        _ endpoint: Endpoint<Page, Failure>, to target: String, from responseURL: URL?
    ) throws(APIError<Failure>) -> Endpoint<Page, Failure> {
        let server = endpoint.api.server.flatMap { URL(string: $0, relativeTo: baseURL)?.absoluteURL } ?? baseURL
        var prefix = server.absoluteString.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        while prefix.hasSuffix("/") { prefix.removeLast() }
        guard let url = URL(string: target, relativeTo: responseURL ?? server)?.absoluteURL,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .transport(ForeignPageLink(link: target, baseURL: prefix))
        }
        components.fragment = nil
        let text = components.string ?? url.absoluteString
        let path = String(text.dropFirst(prefix.count).prefix { $0 != "?" })
        guard text.lowercased().hasPrefix(prefix.lowercased()), path.isEmpty || path.hasPrefix("/") else {
            throw .transport(ForeignPageLink(link: target, baseURL: prefix))
        }
        var following = endpoint
        following.path = path.isEmpty ? "/" : path
        // A link's query is form-encoded as a server writes it: `+` is a space (GitHub's `q=a+b`).
        following.query = (components.percentEncodedQuery ?? "").split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
            return (name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
        }
        return following
    }
}
