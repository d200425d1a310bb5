import Foundation

/// Where a paginated list response keeps its items, its next page and its total, such as Django REST
/// Framework's `{"count": 42, "next": "…?page=2", "previous": null, "results": […]}`.
public struct PaginationKeys: Sendable, Hashable {
    /// The key of the items array.
    public var items: String
    /// The key of the next page's URL (absolute, or relative to the base URL); `null` on the last page.
    public var next: String
    /// The key of the total count, if the server sends one.
    public var count: String?

    public init(items: String = "results", next: String = "next", count: String? = "count") {
        self.items = items
        self.next = next
        self.count = count
    }
}

/// One page of a paginated list.
public struct Page<Item: Decodable & Sendable>: Sendable {
    /// The items on this page.
    public var items: [Item]
    /// The next page's URL, or `nil` on the last page.
    public var next: URL?
    /// The total number of items, when the server says.
    public var count: Int?

    /// Creates a page, as a test stands in for a server's.
    public init(items: [Item], next: URL? = nil, count: Int? = nil) {
        self.items = items
        self.next = next
        self.count = count
    }
}

/// Decodes a page, reading its keys from the decoder's `userInfo`.
struct PageBody<Item: Decodable & Sendable>: Decodable {
    static var keysKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "crudegen.PageBody.keys")! }

    let page: Page<Item>

    init(from decoder: any Decoder) throws {
        let keys = decoder.userInfo[Self.keysKey] as? PaginationKeys ?? PaginationKeys()
        let container = try decoder.container(keyedBy: JSONKey.self)
        let items = try container.decode([Item].self, forKey: JSONKey(stringValue: keys.items))
        let next = try container.decodeIfPresent(String.self, forKey: JSONKey(stringValue: keys.next))
        let count = try keys.count.flatMap { try container.decodeIfPresent(Int.self, forKey: JSONKey(stringValue: $0)) }
        page = Page(items: items, next: next.flatMap { $0.isEmpty ? nil : URL(string: $0) }, count: count)
    }
}

extension APIClient {
    /// Sends a list request and decodes one page.
    public func page<Item: Decodable & Sendable>(for request: OperationRequest, keys: PaginationKeys) async throws(APIError) -> Page<Item> {
        let response = try await send(request)
        var page = try decode(PageBody<Item>.self, from: response.body, keys: configuration.envelope, userInfo: [PageBody<Item>.keysKey: keys]).page
        // A relative `next` link is relative to the base URL, path included: `comments?page=2` under
        // `https://api.example.com/v3` is `…/v3/comments?page=2` (URL resolution alone would drop `v3`).
        if let next = page.next, next.scheme == nil {
            var base = configuration.baseURL.absoluteString
            if !base.hasSuffix("/") { base += "/" }
            page.next = URL(string: next.relativeString, relativeTo: URL(string: base))?.absoluteURL
        }
        return page
    }

    /// Every page of a paginated list, fetched one at a time as the sequence is iterated.
    public func pages<Item: Decodable & Sendable>(for request: OperationRequest, keys: PaginationKeys) -> PageSequence<Item> {
        PageSequence(client: self, first: request, keys: keys)
    }
}

/// The pages of a paginated list as an `AsyncSequence`; it stops after the page without a `next` link.
///
/// ```swift
/// for try await page in Person.pages(on: client) {
///     people += page.items
/// }
/// ```
public struct PageSequence<Item: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page<Item>

    let client: APIClient
    let first: OperationRequest
    let keys: PaginationKeys

    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: APIClient
        var request: OperationRequest?
        let keys: PaginationKeys

        public mutating func next() async throws -> Page<Item>? {
            guard let current = request else { return nil }
            let page: Page<Item> = try await client.page(for: current, keys: keys)
            request = page.next.map { url in
                var following = current
                following.absoluteURL = url
                following.query = []
                following.body = nil
                return following
            }
            return page
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, request: first, keys: keys)
    }
}
