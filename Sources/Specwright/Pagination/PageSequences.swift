import Foundation

extension APIClient {
    /// The pages of `paginated`, each fetched when the loop asks for it: the first request as it
    /// is, then the next page's as the paging says, until a page is the last (or
    /// ``Paginated/maxPages`` have come). Leaving the loop or cancelling the task sends nothing
    /// more. A failed request ends the loop with its `APIError`; so does a next page whose request
    /// repeats an earlier one (a cursor or link the server gives again), with ``PagingLoop``.
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

    /// Fetches the pages one after the other; `Sendable`, so a view model can keep one and ask
    /// for a page at a time ("load more").
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
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
        AsyncIterator(cursor: PageCursor(client: client, paginated: paginated))
    }
}

/// The items of every page of a paginated endpoint, fetched a page at a time (``APIClient/items(_:)``).
public struct ItemSequence<Page: Sendable, Item: Sendable, Failure: Sendable>: AsyncSequence, Sendable {
    /// The error that ends the sequence early.
    public typealias Failure = APIError<Failure>
    let pages: PageSequence<Page, Item, Failure>

    /// Hands out a page's items, then fetches the next page; `Sendable`, as the pages' iterator.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
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
        AsyncIterator(cursor: PageCursor(client: pages.client, paginated: pages.paginated))
    }
}

/// Where a loop over pages is: the request of the next page (nil after the last), and the items
/// of the current one not handed out yet. One reader at a time: a second call while one is
/// fetching gets ``ConcurrentStreamRead`` (copies of an iterator share their cursor).
final class PageCursor<Page: Sendable, Item: Sendable, Failure: Sendable>: @unchecked Sendable {
    private let client: APIClient
    private let paging: PaginationRule<Page, Item>
    private let maxPages: Int?
    private var next: Endpoint<Page, Failure>?
    private var items: [Item] = []
    private var position = 0
    /// The requests sent so far (path and query), to tell a loop from progress.
    private var sent: Set<String> = []
    /// Pages fetched, and the most items one held.
    private var fetched = 0
    private var largest = 0
    /// The last page's body, to tell a server that answers every later request with it.
    private var previousBody: Data?
    /// Whether a call is in `nextItem()` or `nextPage()`.
    private var reading = false
    private let readingLock = NSLock()

    init(client: APIClient, paginated: Paginated<Page, Item, Failure>) {
        self.client = client
        paging = paginated.paging
        maxPages = paginated.maxPages
        next = paginated.endpoint
    }

    /// The next item, fetching pages as needed.
    func nextItem() async throws(APIError<Failure>) -> Item? {
        try enter()
        defer { leave() }
        while position == items.count {
            guard let page = try await fetchPage() else { return nil }
            items = page.items
            position = 0
        }
        defer { position += 1 }
        return items[position]
    }

    /// The next page with its items, or nil after the last.
    func nextPage() async throws(APIError<Failure>) -> (value: Page, items: [Item])? {
        try enter()
        defer { leave() }
        return try await fetchPage()
    }

    private func enter() throws(APIError<Failure>) {
        let alone = readingLock.withLock {
            defer { reading = true }
            return !reading
        }
        guard alone else { throw .transport(ConcurrentStreamRead()) }
    }

    private func leave() {
        readingLock.withLock { reading = false }
    }

    /// The next page (call inside `enter()` and `leave()`). A request that fails can be tried
    /// again: the next call sends it again.
    private func fetchPage() async throws(APIError<Failure>) -> (value: Page, items: [Item])? {
        guard let endpoint = next, fetched < maxPages ?? .max else { return nil }
        let request = Self.key(of: endpoint)
        guard !sent.contains(request) else { throw .transport(PagingLoop(request: request, pages: fetched)) }
        let body = BodyRecord()
        var observed = endpoint
        observed.response = endpoint.response.observingBody(body.keep)
        let response = try await client.response(observed)
        sent.insert(request)
        next = nil
        let items = paging.items(response.value)
        // A server that answers a page past its last with the last again (some clamp the page
        // number) would be paged forever: the same answer twice in a row ends it.
        if let data = body.data, !items.isEmpty, data == previousBody {
            throw .transport(PagingLoop(request: request, pages: fetched))
        }
        previousBody = body.data
        fetched += 1
        defer { largest = max(largest, items.count) }
        switch paging.next(response, items, endpoint.query, largest) {
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

    /// `GET /items?cursor=c2`: what makes two page requests the same.
    private static func key(of endpoint: Endpoint<Page, Failure>) -> String {
        let query = endpoint.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return "\(endpoint.method.rawValue) \(endpoint.path)" + (query.isEmpty ? "" : "?" + query)
    }
}

/// A next page whose request is one already sent (a cursor, a last ID or a `Link` the server
/// gives again), or whose answer is the page before's again: following it would fetch the same
/// pages forever, so paging stops with this error.
public struct PagingLoop: Error, Sendable, LocalizedError, CustomStringConvertible {
    /// The request that repeats an earlier one, or whose answer does, such as `GET /items?cursor=c2`.
    public var request: String
    /// The pages fetched before.
    public var pages: Int

    /// What happened.
    public var description: String {
        "The next page (\(request)) repeats an earlier one after \(pages) page\(pages == 1 ? "" : "s"); paging stopped, as the server would send the same pages forever."
    }

    /// The same sentence, so `localizedDescription` shows it.
    public var errorDescription: String? { description }
}

/// The body of a page's answer, kept by its decoding.
private final class BodyRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var body: Data?

    var data: Data? { lock.withLock { body } }

    func keep(_ data: Data) {
        lock.withLock { body = data }
    }
}

/// A next page's link that does not lead under the client's base URL, where its credentials go;
/// it is not followed.
public struct ForeignPageLink: Error, Sendable, LocalizedError, CustomStringConvertible {
    /// The link.
    public var link: String
    /// The base URL it is not under.
    public var baseURL: String

    /// What happened.
    public var description: String {
        "The next page's link \(link) is not under the client's base URL \(baseURL), so it is not followed."
    }

    /// The same sentence, so `localizedDescription` shows it.
    public var errorDescription: String? { description }
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
        // What the request adds to every query again (the server URL's own query, an API key in
        // the query) is not taken from the link twice.
        var added = Self.queryPairs(URLComponents(url: server, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
        let keyNames = endpoint.auth.schemes.compactMap { scheme -> String? in
            if case .query(let name) = scheme { name } else { nil }
        }
        following.query = Self.queryPairs(components.percentEncodedQuery).filter { pair in
            if keyNames.contains(pair.name) { return false }
            guard let index = added.firstIndex(where: { $0 == pair }) else { return true }
            added.remove(at: index)
            return false
        }
        return following
    }

    /// A query as a server writes it, form-encoded: `+` is a space (GitHub's `q=a+b`).
    private static func queryPairs(_ query: String?) -> [(name: String, value: String)] {
        (query ?? "").split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
            return (name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}
