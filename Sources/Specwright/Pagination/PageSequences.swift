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
        let client: APIClient
        let paging: PaginationRule<Page, Item>
        var next: Endpoint<Page, Failure>?

        /// The next page, or nil after the last.
        nonisolated(nonsending) public mutating func next() async throws(APIError<Failure>) -> Page? {
            try await nextPage()?.value
        }

        /// The next page, or nil after the last.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError<Failure>) -> Page? {
            try await nextPage()?.value
        }

        /// The next page with its items, or nil after the last.
        nonisolated(nonsending) mutating func nextPage() async throws(APIError<Failure>) -> (value: Page, items: [Item])? {
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
                next = try client.following(endpoint, to: target)
            }
            return (response.value, items)
        }
    }

    /// An iterator from the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, paging: paginated.paging, next: paginated.endpoint)
    }
}

/// The items of every page of a paginated endpoint, fetched a page at a time (``APIClient/items(_:)``).
public struct ItemSequence<Page: Sendable, Item: Sendable, Failure: Sendable>: AsyncSequence, Sendable {
    /// The error that ends the sequence early.
    public typealias Failure = APIError<Failure>
    let pages: PageSequence<Page, Item, Failure>

    /// Hands out a page's items, then fetches the next page.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: PageSequence<Page, Item, Failure>.AsyncIterator
        var items: [Item] = []
        var position = 0

        /// The next item, or nil after the last page's last.
        nonisolated(nonsending) public mutating func next() async throws(APIError<Failure>) -> Item? {
            while position == items.count {
                guard let page = try await pages.nextPage() else { return nil }
                items = page.items
                position = 0
            }
            defer { position += 1 }
            return items[position]
        }

        /// The next item, or nil after the last page's last.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError<Failure>) -> Item? {
            try await next()
        }
    }

    /// An iterator from the first item.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
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
    /// `endpoint` sent to `target` instead (a next page's link): its path and query from the
    /// link, which must lead under the base URL.
    func following<Page, Failure>(_ endpoint: Endpoint<Page, Failure>, to target: String) throws(APIError<Failure>) -> Endpoint<Page, Failure> {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        guard let url = URL(string: target, relativeTo: baseURL)?.absoluteURL,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              url.absoluteString.hasPrefix(base + "/") || url.absoluteString == base else {
            throw .transport(ForeignPageLink(link: target, baseURL: baseURL.absoluteString))
        }
        var following = endpoint
        let path = String(url.absoluteString.dropFirst(base.count)).split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        following.path = path.isEmpty ? "/" : path
        following.query = (components.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }
        return following
    }
}
