import Foundation
import HTTPTypes

/// How a paginated response is read and how its next page is asked for: one value describes every scheme
/// real APIs use, and every scheme gives the same `Page` and `PageSequence`.
///
/// Key paths are dot-separated keys into the (unwrapped) body: `results`, `data.items`; an empty path is
/// the body itself, for APIs that answer with a bare array and page through `Link` headers.
public struct Pagination: Sendable, Hashable {
    /// Where the next page comes from.
    public enum Style: Sendable, Hashable {
        /// A URL in the body, absolute or relative to the base URL (Django REST Framework's `next`).
        case nextURL(keyPath: String)
        /// A page number sent as the query parameter `parameter`, starting at 1: the body's number at
        /// `next` when given (Raccoon's `"next": 2`), else the current page plus one while pages are not
        /// empty and, when the total is known, items remain.
        case pageNumber(parameter: String, next: String?)
        /// An offset sent as the query parameter `parameter`, advanced by each page's item count (Django
        /// REST Framework's `LimitOffsetPagination`).
        case offset(parameter: String)
        /// An opaque cursor read from the body at `next` and sent back as the query parameter `parameter`.
        case cursor(parameter: String, next: String)
        /// The `rel="next"` URL of the response's `Link` header (RFC 8288), as GitHub sends it.
        case linkHeader
    }

    public var style: Style
    /// The key path of the items array.
    public var items: String
    /// The key path of the total item count, if the server sends one in the body.
    public var count: String?
    /// The response header holding the total item count, if the server sends one there (json-server's
    /// `X-Total-Count`); read instead of ``count`` when the response has it.
    public var countHeader: String?
    /// A page size sent with every page request.
    public var size: PageSize?

    /// Django REST Framework's `PageNumberPagination`: `{"count", "next", "previous", "results"}`.
    public static let djangoRESTFramework = Pagination(style: .nextURL(keyPath: "next"), items: "results", count: "count")

    public init(style: Style, items: String, count: String? = nil, countHeader: String? = nil, size: PageSize? = nil) {
        self.style = style
        self.items = items
        self.count = count
        self.countHeader = countHeader
        self.size = size
    }
}

/// A page size a client asks for: the query parameter and its value (`page_size=50`).
public struct PageSize: Sendable, Hashable {
    public var parameter: String
    public var value: Int

    public init(parameter: String, value: Int) {
        self.parameter = parameter
        self.value = value
    }
}

/// One page of a paginated list, with the request for the next one.
public struct Page<Item: Decodable & Sendable>: Sendable {
    /// The items on this page.
    public var items: [Item]
    /// The total number of items, when the server says.
    public var count: Int?
    /// The request for the next page, or `nil` on the last page.
    public var next: OperationRequest?
    /// How the next page is read; `nil` for a page built by hand.
    let pagination: Pagination?

    /// Creates a page, as a test stands in for a server's.
    public init(items: [Item], count: Int? = nil, next: OperationRequest? = nil) {
        self.init(items: items, count: count, next: next, pagination: nil)
    }

    init(items: [Item], count: Int?, next: OperationRequest?, pagination: Pagination?) {
        self.items = items
        self.count = count
        self.next = next
        self.pagination = pagination
    }

    /// Fetches the page after this one; `nil` on the last page.
    public func nextPage(on client: APIClient) async throws(APIError) -> Page<Item>? {
        guard let next else { return nil }
        return try await APIOperation(request: next, pagination: pagination ?? .djangoRESTFramework).send(on: client)
    }
}

extension APIClient {
    /// The request for a first page: the page size the spec asks for, unless the caller's query sets it.
    static func firstPageRequest(_ request: OperationRequest, pagination: Pagination) -> OperationRequest {
        var request = request
        if let size = pagination.size, !request.query.contains(where: { $0.name == size.parameter }), request.absoluteURL == nil {
            request.query.append(URLQueryItem(name: size.parameter, value: String(size.value)))
        }
        return request
    }

    /// Decodes the page a response to `request` carries, working out the request for the next one.
    func page<Item: Decodable & Sendable>(from response: ClientResponse, to request: OperationRequest, pagination: Pagination) throws(APIError) -> Page<Item> {
        let body = try configuration.decode(
            PageBody<Item>.self, from: response.body, unwrapping: configuration.envelope, userInfo: [PageBody<Item>.paginationKey: pagination])
        let count = pagination.countHeader.flatMap { HTTPField.Name($0) }.flatMap { response.head.headerFields[$0] }.flatMap { Int($0) } ?? body.count
        return Page(
            items: body.items, count: count,
            next: nextRequest(after: request, body: body, count: count, head: response.head, pagination: pagination), pagination: pagination)
    }

    private func nextRequest<Item>(
        after request: OperationRequest, body: PageBody<Item>, count: Int?, head: HTTPResponse, pagination: Pagination
    ) -> OperationRequest? {
        func following(url: URL) -> OperationRequest {
            var next = request
            next.absoluteURL = url
            next.query = []
            next.body = nil
            return next
        }
        func following(parameter: String, value: String) -> OperationRequest {
            var next = request
            next.query.removeAll { $0.name == parameter }
            next.query.append(URLQueryItem(name: parameter, value: value))
            return next
        }
        let current = request.query.last { $0.name == pagination.parameterName }?.value
        switch pagination.style {
        case .nextURL:
            return body.next.flatMap(resolve).map(following(url:))
        case .linkHeader:
            return head.headerFields[LinkHeader.name].flatMap(LinkHeader.next).flatMap(resolve).map(following(url:))
        case let .cursor(parameter, _):
            return body.next.map { following(parameter: parameter, value: $0) }
        case let .pageNumber(parameter, nextKey):
            let page = current.flatMap(Int.init) ?? 1
            if nextKey != nil {
                return body.next.map { following(parameter: parameter, value: $0) }
            }
            guard !body.items.isEmpty else { return nil }
            // With a total, stop once it is reached, assuming full pages before this one.
            let seen = (page - 1) * (pagination.size?.value ?? body.items.count) + body.items.count
            if let count, seen >= count { return nil }
            return following(parameter: parameter, value: String(page + 1))
        case let .offset(parameter):
            let offset = (current.flatMap(Int.init) ?? 0) + body.items.count
            guard !body.items.isEmpty, count.map({ offset < $0 }) ?? true else { return nil }
            return following(parameter: parameter, value: String(offset))
        }
    }

    /// A `next` link as an absolute URL: a relative one is relative to the base URL, path included, so
    /// `comments?page=2` under `https://api.example.com/v3` is `…/v3/comments?page=2` (URL resolution
    /// alone would drop `v3`).
    private func resolve(_ link: String) -> URL? {
        guard !link.isEmpty, let url = URL(string: link) else { return nil }
        if url.scheme != nil { return url }
        var base = configuration.baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        return URL(string: link, relativeTo: URL(string: base))?.absoluteURL
    }
}

extension Pagination {
    /// The query parameter a page-number, offset or cursor style sends.
    var parameterName: String? {
        switch style {
        case let .pageNumber(parameter, _), let .offset(parameter), let .cursor(parameter, _): parameter
        case .nextURL, .linkHeader: nil
        }
    }

    /// The key path of the next link, page number or cursor in the body.
    var nextKeyPath: String? {
        switch style {
        case let .nextURL(keyPath): keyPath
        case let .pageNumber(_, next): next
        case let .cursor(_, next): next
        case .offset, .linkHeader: nil
        }
    }
}

/// Decodes a page's items, total and next link, page number or cursor at their key paths, reading the
/// pagination from the decoder's `userInfo`.
struct PageBody<Item: Decodable & Sendable>: Decodable {
    static var paginationKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "crudegen.PageBody.pagination")! }

    let items: [Item]
    let count: Int?
    /// The next link, page number or cursor as text; `nil` when absent, `null` or empty.
    let next: String?

    init(from decoder: any Decoder) throws {
        let pagination = decoder.userInfo[Self.paginationKey] as? Pagination ?? .djangoRESTFramework
        items = try Self.decode([Item].self, at: pagination.items, in: decoder)
        count = try pagination.count.flatMap { try Self.decodeIfPresent(Int.self, at: $0, in: decoder) }
        // A next link is a string, a page number a number: either is read as text.
        next = try pagination.nextKeyPath.flatMap { try Self.decodeIfPresent(JSONValue.self, at: $0, in: decoder) }.flatMap { value in
            switch value {
            case let .string(text): text.isEmpty ? nil : text
            case let .number(number): number.jsonText
            default: nil
            }
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, at keyPath: String, in decoder: any Decoder) throws -> T {
        let keys = keyPath.split(separator: ".").map(String.init)
        guard let last = keys.last else { return try T(from: decoder) }
        return try container(for: keys.dropLast(), in: decoder).decode(T.self, forKey: JSONKey(stringValue: last))
    }

    private static func decodeIfPresent<T: Decodable>(_ type: T.Type, at keyPath: String, in decoder: any Decoder) throws -> T? {
        let keys = keyPath.split(separator: ".").map(String.init)
        guard let last = keys.last else { return try T(from: decoder) }
        var container = try decoder.container(keyedBy: JSONKey.self)
        for key in keys.dropLast() {
            guard container.contains(JSONKey(stringValue: key)), try !container.decodeNil(forKey: JSONKey(stringValue: key)) else { return nil }
            container = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(stringValue: key))
        }
        return try container.decodeIfPresent(T.self, forKey: JSONKey(stringValue: last))
    }

    private static func container(for keys: ArraySlice<String>, in decoder: any Decoder) throws -> KeyedDecodingContainer<JSONKey> {
        var container = try decoder.container(keyedBy: JSONKey.self)
        for key in keys {
            container = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(stringValue: key))
        }
        return container
    }
}

/// Reads RFC 8288 `Link` headers.
enum LinkHeader {
    static let name = HTTPField.Name("Link")!

    /// The target of the link whose `rel` includes `next`: `<https://…?page=2>; rel="next", <…>; rel="last"`.
    static func next(in header: String) -> String? {
        for link in header.split(separator: ",") {
            let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = parts.dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { return false }
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ").contains("next")
            }
            if isNext { return String(target.dropFirst().dropLast()) }
        }
        return nil
    }
}

/// The pages of a paginated list as an `AsyncSequence`: it stops after the last page, never requests a
/// page twice (a server that repeats a `next` link ends the walk instead of looping), and throws
/// `APIError.cancelled` when its task is cancelled. Only the current page is held.
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
    let pagination: Pagination

    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: APIClient
        var request: OperationRequest?
        let pagination: Pagination
        /// A 64-bit digest of each request sent so far (its URL or query), so that a long walk keeps eight
        /// bytes per page rather than every URL.
        var requested: Set<UInt64> = []

        public mutating func next() async throws -> Page<Item>? {
            guard let current = request else { return nil }
            if Task.isCancelled { throw APIError.cancelled }
            guard requested.insert(Self.identity(of: current)).inserted else { return nil }
            let page = try await APIOperation<Page<Item>>(request: current, pagination: pagination).send(on: client)
            request = page.next
            return page
        }

        /// A digest of the request's URL or query.
        private static func identity(of request: OperationRequest) -> UInt64 {
            StableDigest.of(request.absoluteURL?.absoluteString ?? request.query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, request: first, pagination: pagination)
    }

    /// The items of every page, one at a time.
    public var items: PageItemSequence<Item> { PageItemSequence(pages: self) }
}

/// The items of a paginated list, page after page, as an `AsyncSequence`.
public struct PageItemSequence<Item: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Item

    let pages: PageSequence<Item>

    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: PageSequence<Item>.AsyncIterator
        var buffered: ArraySlice<Item> = []

        public mutating func next() async throws -> Item? {
            while buffered.isEmpty {
                guard let page = try await pages.next() else { return nil }
                buffered = page.items[...]
            }
            return buffered.popFirst()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }
}
