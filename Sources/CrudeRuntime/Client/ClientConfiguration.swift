import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything an ``APIClient`` needs to know about one API. Several configurations, for several APIs or
/// environments, live side by side (as iService's realms do); nothing is global.
///
/// Generated code provides a starting point with the spec's values: `Household.configuration()`.
public struct ClientConfiguration: Sendable {
    /// The URL every route is relative to.
    public var baseURL: URL
    /// Headers sent with every request.
    public var headers: [String: String]
    /// Headers per resource (`"Person"`), sent after ``headers``.
    public var resourceHeaders: [String: [String: String]] = [:]
    /// Headers per operation, sent last; they win over the spec's. Keyed by the generated identifiers:
    /// `Person.Operations.read` for a resource's operation or action, `Household.Operations.login` for an
    /// action of the API `Household`, `.raw(.get)` for raw GETs.
    public var operationHeaders = OperationSettings<[String: String]>()
    /// HTTP methods per operation name (`"update": .put`), overriding the spec's verb map.
    public var methods: [String: HTTPRequest.Method] = [:]
    /// The keys wrapping every response body, outermost first (the spec's `envelope`).
    public var envelope: [String]
    /// Whether request bodies are wrapped in ``envelope`` too, not only unwrapped from responses.
    public var wrapsRequestsInEnvelope = true
    /// How long one attempt may take before it fails with ``APIError/timedOut(after:)``.
    public var timeout: Duration = .seconds(30)
    /// When GETs are answered from ``cache``, for operations without a policy of their own.
    public var cachePolicy: CachePolicy = .useProtocolCachePolicy
    /// Cache policies per operation (`Person.Operations.read`, keyed as ``operationHeaders``), winning over
    /// ``cachePolicy``; the spec's `cache` settings start here.
    public var operationCachePolicies = OperationSettings<CachePolicy>()
    /// Where GET responses are kept (``MemoryResponseCache``, or ``DiskResponseCache`` to keep them across
    /// launches); `nil` (the default unless the spec sets `cache`) caches nothing.
    public var cache: (any ResponseCache)?
    /// Retries for idempotent requests.
    public var retry: RetryPolicy = .none
    /// Supplies credentials and refreshes them once on 401.
    public var authenticator: (any Authenticator)?
    /// How raw requests (``APIClient/requestObject(_:_:_:query:headers:body:)``) decode `Date` values; generated
    /// models use their own per-field transforms instead.
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .iso8601
    /// How raw requests encode `Date` values.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .iso8601
    /// How raw requests map JSON keys; generated models carry their own keys.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    /// How raw requests write JSON keys.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys

    /// Creates a configuration.
    public init(baseURL: URL, headers: [String: String] = [:], envelope: [String] = []) {
        self.baseURL = baseURL
        self.headers = headers
        self.envelope = envelope
    }
}

/// When and how often failed idempotent requests (GET, PUT, DELETE, HEAD, OPTIONS) are retried.
///
/// An attempt is retried after a transport failure (``APIError/transport(description:underlying:)``: no whole
/// response arrived) or a status of ``retryableStatuses``; not after a timeout, which already took the whole
/// ``ClientConfiguration/timeout``. Other methods are sent once.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, including the first.
    public var maxAttempts: Int
    /// The delay before the first retry; each further retry doubles it.
    public var baseDelay: Duration
    /// The longest delay, also the most a `Retry-After` header is honoured for.
    public var maxDelay: Duration
    /// Statuses worth retrying.
    public var retryableStatuses: Set<Int>

    /// Never retry.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// Creates a policy; by default 408, 429, 500, 502, 503 and 504 are retried with exponential backoff.
    public init(
        maxAttempts: Int, baseDelay: Duration = .milliseconds(200), maxDelay: Duration = .seconds(10),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatuses = retryableStatuses
    }

    /// The delay before retry number `retry` (1-based), honouring a `Retry-After` of seconds.
    func delay(beforeRetry retry: Int, retryAfter: String?) -> Duration {
        if let retryAfter, let seconds = Double(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return min(.milliseconds(Int64(seconds * 1000)), maxDelay)
        }
        let factor = 1 << min(retry - 1, 20)
        return min(baseDelay * factor, maxDelay)
    }
}

/// Adds credentials to requests and refreshes them when the server answers 401.
///
/// After a 401 the client calls ``refresh()`` once and replays the request, authorized again; a second
/// 401 fails with ``APIError/unauthorized(body:)``.
public protocol Authenticator: Sendable {
    /// Adds credentials, such as an `Authorization` header, to a request.
    func authorize(_ request: inout HTTPRequest) async throws
    /// Obtains new credentials after a 401.
    func refresh() async throws
}
