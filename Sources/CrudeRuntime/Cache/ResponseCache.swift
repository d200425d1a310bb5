import Foundation
import HTTPTypes

/// When a GET may be answered from the client's ``ResponseCache`` instead of the network: iService's
/// cache policies, which work the same on every platform because the runtime implements them (Linux's
/// FoundationNetworking ignores `URLRequest.cachePolicy`).
public enum CachePolicy: String, Sendable, Hashable, CaseIterable {
    /// HTTP's rules: a fresh response (`Cache-Control: max-age`, `Expires`) is reused; a stale one with an
    /// `ETag` or `Last-Modified` is revalidated (a `304` reuses it); `no-cache` always revalidates and
    /// `no-store` is never kept.
    case useProtocolCachePolicy = "use_protocol"
    /// Always load, and keep what HTTP allows to be kept.
    case reloadIgnoringCache = "reload"
    /// A kept response of any age, else load.
    case returnCacheDataElseLoad = "cache_else_load"
    /// A kept response of any age, else fail with status 504 (``APIError/status(_:body:)``, HTTP's `only-if-cached`); never load.
    case returnCacheDataDontLoad = "cache_only"
}

/// A response kept by a ``ResponseCache``, with what deciding its freshness and matching it needs.
public struct CachedResponse: Sendable {
    public var head: HTTPResponse
    public var body: Data
    /// When it was received.
    public var storedAt: Date
    /// The values the request had for the headers the response's `Vary` names (lowercased names).
    public var varyingHeaders: [String: String]

    public init(head: HTTPResponse, body: Data, storedAt: Date, varyingHeaders: [String: String]) {
        self.head = head
        self.body = body
        self.storedAt = storedAt
        self.varyingHeaders = varyingHeaders
    }
}

/// Where a client keeps responses; ``MemoryResponseCache`` is the one the runtime provides.
public protocol ResponseCache: Sendable {
    /// The response kept for `url`, if any.
    func response(for url: URL) -> CachedResponse?
    /// Keeps `response` for `url`, replacing what was kept.
    func store(_ response: CachedResponse, for url: URL)
    /// Forgets the response for `url`.
    func removeResponse(for url: URL)
}

/// Responses kept in memory, up to a total body size; the least recently used go first.
public final class MemoryResponseCache: ResponseCache {
    private struct Contents {
        var entries: [URL: (response: CachedResponse, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
        var size = 0
    }

    private let contents = Locked(Contents())
    /// The most body bytes kept.
    public let capacity: Int

    /// A cache keeping up to `capacity` bytes of bodies (10 MB by default).
    public init(capacity: Int = 10 << 20) {
        self.capacity = capacity
    }

    public func response(for url: URL) -> CachedResponse? {
        contents.withLock { contents in
            guard let entry = contents.entries[url] else { return nil }
            contents.clock += 1
            contents.entries[url] = (entry.response, contents.clock)
            return entry.response
        }
    }

    public func store(_ response: CachedResponse, for url: URL) {
        guard response.body.count <= capacity else { return }
        contents.withLock { contents in
            if let old = contents.entries[url] { contents.size -= old.response.body.count }
            contents.clock += 1
            contents.entries[url] = (response, contents.clock)
            contents.size += response.body.count
            while contents.size > capacity, let oldest = contents.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                contents.size -= oldest.value.response.body.count
                contents.entries[oldest.key] = nil
            }
        }
    }

    public func removeResponse(for url: URL) {
        contents.withLock { contents in
            if let old = contents.entries.removeValue(forKey: url) { contents.size -= old.response.body.count }
        }
    }
}

/// HTTP caching rules (RFC 9111) for a private cache, as far as a JSON client needs them.
enum CacheRules {
    /// A response's `Cache-Control` directives, lowercased, with their values.
    static func directives(_ head: HTTPResponse) -> [String: String?] {
        var directives: [String: String?] = [:]
        for field in head.headerFields[values: .cacheControl] {
            for part in field.split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard let name = pair.first?.lowercased(), !name.isEmpty else { continue }
                directives[name] = pair.count == 2 ? pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : String?.none
            }
        }
        return directives
    }

    /// Whether a response to a GET may be kept: a 200 without `no-store`, and a `Vary` that is not `*`.
    static func isStorable(_ head: HTTPResponse) -> Bool {
        head.status == .ok && directives(head)["no-store"] == nil && !varyNames(head).contains("*")
    }

    /// How long a response stays fresh: `max-age`, else `Expires` against `Date`; zero when `no-cache`.
    static func freshness(_ head: HTTPResponse) -> TimeInterval {
        let directives = directives(head)
        if directives["no-cache"] != nil { return 0 }
        if let maxAge = directives["max-age"].flatMap({ $0 }).flatMap(TimeInterval.init) { return maxAge }
        if let expires = head.headerFields[.expires].flatMap(httpDate), let date = head.headerFields[.date].flatMap(httpDate) {
            return expires.timeIntervalSince(date)
        }
        return 0
    }

    static func isFresh(_ cached: CachedResponse, now: Date) -> Bool {
        now.timeIntervalSince(cached.storedAt) < freshness(cached.head)
    }

    /// The lowercased header names the response's `Vary` lists.
    static func varyNames(_ head: HTTPResponse) -> [String] {
        head.headerFields[values: .vary].flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } }
    }

    /// The request's values for the headers `head` varies on.
    static func varyingHeaders(of request: HTTPRequest, for head: HTTPResponse) -> [String: String] {
        var values: [String: String] = [:]
        for name in varyNames(head) {
            guard let field = HTTPField.Name(name) else { continue }
            values[name] = request.headerFields[values: field].joined(separator: ", ")
        }
        return values
    }

    /// Whether a kept response answers `request`: the request has the same values for its `Vary` headers.
    static func matches(_ cached: CachedResponse, _ request: HTTPRequest) -> Bool {
        varyingHeaders(of: request, for: cached.head) == cached.varyingHeaders
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, parsed with the runtime's shared formatters.
    static func httpDate(_ text: String) -> Date? {
        try? DateFormatterCache.shared.withFormatter("EEE, dd MMM yyyy HH:mm:ss zzz", "UTC") { $0.date(from: text) }
    }
}
