import Foundation
import HTTPTypes

/// Sends the requests of generated operations and raw requests: builds URLs and headers from a
/// ``ClientConfiguration``, runs middlewares, authenticates, retries, enforces the timeout, and turns
/// every failure into an ``APIError``.
///
/// Clients are values: make as many as there are APIs or configurations.
public struct APIClient: Sendable {
    /// The API's base URL, headers, envelope and policies.
    public var configuration: ClientConfiguration
    /// What sends requests; ``URLSessionTransport`` unless another is given.
    public var transport: any HTTPTransport
    /// Code run around every request, outermost first.
    public var middlewares: [any ClientMiddleware]
    /// The policy ``cachePolicy(_:)`` set for this client's calls.
    private var callCachePolicy: CachePolicy?
    /// What pauses, resumes and cancels this client's requests, set by ``controlled(by:)``.
    private var control: RequestControl?

    /// Creates a client.
    public init(configuration: ClientConfiguration, transport: (any HTTPTransport)? = nil, middlewares: [any ClientMiddleware] = []) {
        self.configuration = configuration
        self.transport = transport ?? URLSessionTransport()
        self.middlewares = middlewares
    }

    /// A cache policy for the calls made through the returned client, winning over the configuration's
    /// (iService's per-call policy): `Person.read(id: 7, on: client.cachePolicy(.reloadIgnoringCache))`.
    public func cachePolicy(_ policy: CachePolicy) -> APIClient {
        var client = self
        client.callCachePolicy = policy
        return client
    }

    /// A client whose requests `control` can pause, resume and cancel (CRUDE-Futures' request control).
    public func controlled(by control: RequestControl) -> APIClient {
        var client = self
        client.control = control
        return client
    }

    /// Sends a request and returns its successful (2xx) response; any other outcome throws ``APIError``.
    public func send(_ request: OperationRequest) async throws(APIError) -> ClientResponse {
        let prepared: ClientRequest
        do {
            prepared = try prepare(request)
        } catch {
            throw APIError(error)
        }
        return try await send(prepared, for: request)
    }

    /// Sends a request and streams its successful (2xx) response body to `destination`, replacing a file
    /// already there; returns the response's status and headers. Any other outcome throws ``APIError`` (an
    /// error status's, with the body the server sent) and leaves `destination` as it was.
    ///
    /// The body is written to a temporary file beside `destination` and moved into place only once the
    /// response is a success, so a failed, cancelled or timed-out download leaves nothing half-written.
    /// Middlewares, authentication and retries apply as to ``send(_:)``; the response cache does not.
    public func download(_ request: OperationRequest, to destination: URL) async throws(APIError) -> HTTPResponse {
        var prepared: ClientRequest
        do {
            prepared = try prepare(request)
        } catch {
            throw APIError(error)
        }
        let temporary = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
        prepared.downloadFile = temporary
        defer { try? FileManager.default.removeItem(at: temporary) }
        let response = try await send(prepared, for: request)
        if response.bodyFile == nil {
            // A middleware answered without the transport: its body is the download.
            do {
                try response.body.write(to: temporary)
            } catch {
                throw APIError.transport(description: "cannot write the download to \(temporary.path): \(error)", underlying: error)
            }
        }
        // rename(2) replaces the destination in one step: a reader sees the old file or the new one.
        guard rename((response.bodyFile ?? temporary).path, destination.path) == 0 else {
            let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            throw APIError.transport(description: "cannot move the download to \(destination.path): \(error)", underlying: error)
        }
        return response.head
    }

    /// Sends a request already prepared from `request`, which decides its cache policy.
    func send(_ prepared: ClientRequest, for request: OperationRequest) async throws(APIError) -> ClientResponse {
        // The temporary file of a streamed multipart body lives as long as the request, retries included.
        defer { if let file = prepared.bodyFile { try? FileManager.default.removeItem(at: file) } }
        let response: ClientResponse
        do {
            if let control {
                response = try await control.run { try await exchange(prepared, for: request) }
            } else {
                response = try await exchange(prepared, for: request)
            }
        } catch {
            throw APIError(error)
        }
        guard response.head.status.kind == .successful else {
            throw failure(for: response)
        }
        return response
    }

    // MARK: building requests

    func prepare(_ request: OperationRequest) throws -> ClientRequest {
        var fields = HTTPFields()
        func add(_ headers: [String: String]?) throws {
            // Most requests carry no headers of a kind; skipping the sort keeps preparing a request cheap.
            guard let headers, !headers.isEmpty else { return }
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                guard let fieldName = HTTPField.Name(name) else {
                    throw APIError.encoding(description: "`\(name)` is not a valid header name")
                }
                fields[fieldName] = value
            }
        }
        try add(configuration.headers)
        try add(configuration.resourceHeaders[request.resource])
        try add(request.headers)
        if !configuration.operationHeaders.isEmpty {
            try add(configuration.operationHeaders[request.id])
        }
        if fields[.accept] == nil { fields[.accept] = "application/json" }
        let url = try url(for: request)
        let method = configuration.methods[request.operation] ?? request.method
        // Last, so that nothing throws once a multipart body has written its temporary file.
        let body = try request.body?.encoded(for: self)
        if let body, fields[.contentType] == nil { fields[.contentType] = body.contentType }
        let head = HTTPRequest(method: method, url: url, headerFields: fields)
        switch body?.content {
        case .data(let data)?:
            return ClientRequest(head: head, body: data, resource: request.resource, operation: request.operation)
        case .temporaryFile(let file)?:
            return ClientRequest(head: head, body: nil, bodyFile: file, resource: request.resource, operation: request.operation)
        case nil:
            return ClientRequest(head: head, body: nil, resource: request.resource, operation: request.operation)
        }
    }

    /// The URL a request goes to: its absolute URL (a next page's link), else the base URL, path and query.
    func url(for request: OperationRequest) throws -> URL {
        try request.absoluteURL ?? url(for: request.path, query: request.query)
    }

    /// The base URL joined with a route path and a strictly percent-encoded query.
    func url(for path: RoutePath, query: [URLQueryItem]) throws -> URL {
        var text = configuration.baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/" + path.encoded
        if !query.isEmpty { text += "?" + Self.formEncoded(query) }
        guard let url = URL(string: text) else {
            throw APIError.encoding(description: "`\(text)` is not a valid URL")
        }
        return url
    }

    /// `name=value&…`, names and values strictly percent-encoded: a URL's query, or a form body.
    static func formEncoded(_ items: [URLQueryItem]) -> String {
        items.map { item in RoutePath.encodeSegment(item.name) + (item.value.map { "=" + RoutePath.encodeSegment($0) } ?? "") }.joined(separator: "&")
    }

    // MARK: sending

    /// The response to a prepared request: from the cache as its policy allows, else through the middlewares.
    private func exchange(_ prepared: ClientRequest, for request: OperationRequest) async throws -> ClientResponse {
        // A download to a file has no body in memory to keep.
        guard let cache = configuration.cache, prepared.downloadFile == nil else { return try await runMiddlewares(from: 0, prepared) }
        let policy = callCachePolicy ?? configuration.operationCachePolicies[request.id] ?? configuration.cachePolicy
        return try await sendThrough(cache, policy: policy, prepared)
    }

    /// Answers a GET from `cache` as `policy` allows, revalidating stale responses that have validators;
    /// keeps what HTTP allows; a successful unsafe request forgets the response kept for its URL.
    private func sendThrough(_ cache: any ResponseCache, policy: CachePolicy, _ request: ClientRequest) async throws -> ClientResponse {
        guard let url = request.head.url else { return try await runMiddlewares(from: 0, request) }
        guard request.head.method == .get else {
            let response = try await runMiddlewares(from: 0, request)
            if response.head.status.kind == .successful { cache.removeResponse(for: url) }
            return response
        }
        let cached = cache.response(for: url).flatMap { CacheRules.matches($0, request.head) ? $0 : nil }
        var sent = request
        switch policy {
        case .returnCacheDataDontLoad:
            // RFC 9111's answer to `only-if-cached` without a stored response.
            guard let cached else { return ClientResponse(head: HTTPResponse(status: .gatewayTimeout), body: Data()) }
            return ClientResponse(head: cached.head, body: cached.body)
        case .returnCacheDataElseLoad:
            if let cached { return ClientResponse(head: cached.head, body: cached.body) }
        case .useProtocolCachePolicy:
            if let cached {
                if CacheRules.isFresh(cached, now: .now) { return ClientResponse(head: cached.head, body: cached.body) }
                if let etag = cached.head.headerFields[.eTag] { sent.head.headerFields[.ifNoneMatch] = etag }
                if let modified = cached.head.headerFields[.lastModified] { sent.head.headerFields[.ifModifiedSince] = modified }
            }
        case .reloadIgnoringCache:
            break
        }
        let response = try await runMiddlewares(from: 0, sent)
        if response.head.status == .notModified, let cached {
            // The 304's headers (a new max-age, ETag or Date) update the kept response.
            var head = cached.head
            for field in response.head.headerFields where field.name != .contentLength { head.headerFields[field.name] = field.value }
            cache.store(CachedResponse(head: head, body: cached.body, storedAt: .now, varyingHeaders: cached.varyingHeaders), for: url)
            return ClientResponse(head: head, body: cached.body)
        }
        if CacheRules.isStorable(response.head) {
            cache.store(
                CachedResponse(
                    head: response.head, body: response.body, storedAt: .now, varyingHeaders: CacheRules.varyingHeaders(of: request.head, for: response.head)),
                for: url)
        }
        return response
    }

    private func runMiddlewares(from index: Int, _ request: ClientRequest) async throws -> ClientResponse {
        guard index < middlewares.count else {
            return try await sendAuthenticatedWithRetries(request)
        }
        // What comes back through `next` is already an APIError, so anything else the middleware throws
        // is its own failure, not a transport's.
        do {
            return try await middlewares[index].intercept(request) { next in
                do {
                    return try await runMiddlewares(from: index + 1, next)
                } catch {
                    throw APIError(error)
                }
            }
        } catch let error as APIError {
            throw error
        } catch is CancellationError {
            throw APIError.cancelled
        } catch {
            throw APIError.middleware(error)
        }
    }

    private func sendAuthenticatedWithRetries(_ request: ClientRequest) async throws -> ClientResponse {
        let retry = configuration.retry
        let idempotent =
            switch request.head.method {
            case .get, .put, .delete, .head, .options: true
            default: false
            }
        var attempt = 1
        var refreshedCredentials = false
        while true {
            if Task.isCancelled { throw APIError.cancelled }
            var head = request.head
            if let authenticator = configuration.authenticator {
                try await authenticator.authorize(&head)
            }
            let response: ClientResponse
            do {
                response = try await sendAttempt(head, body: request.body, file: request.bodyFile, downloadFile: request.downloadFile)
            } catch let error as APIError {
                guard case .transport = error, idempotent, attempt < retry.maxAttempts else { throw error }
                try await Task.sleep(for: retry.delay(beforeRetry: attempt, retryAfter: nil))
                attempt += 1
                continue
            }
            if response.head.status == .unauthorized, let authenticator = configuration.authenticator, !refreshedCredentials {
                refreshedCredentials = true
                try await authenticator.refresh()
                continue
            }
            if idempotent, attempt < retry.maxAttempts, retry.retryableStatuses.contains(response.head.status.code) {
                try await Task.sleep(for: retry.delay(beforeRetry: attempt, retryAfter: response.head.headerFields[.retryAfter]))
                attempt += 1
                continue
            }
            return response
        }
    }

    /// Sends one attempt, from `file` when the body is one, into `downloadFile` for a download to a file;
    /// the transport enforces the timeout.
    private func sendAttempt(_ head: HTTPRequest, body: Data?, file: URL?, downloadFile: URL?) async throws -> ClientResponse {
        do {
            if let downloadFile {
                // A multipart body with a file on disk that also downloads to a file is sent from memory.
                let body = try file.map { try Data(contentsOf: $0, options: .mappedIfSafe) } ?? body
                let response = try await transport.download(head, body: body, toFile: downloadFile, timeout: configuration.timeout)
                guard response.status.kind == .successful else {
                    // An error's body is read like any other call's, and no file of it stays.
                    defer { try? FileManager.default.removeItem(at: downloadFile) }
                    return ClientResponse(head: response, body: (try? Data(contentsOf: downloadFile)) ?? Data())
                }
                return ClientResponse(head: response, body: Data(), bodyFile: downloadFile)
            }
            let (response, data) =
                if let file {
                    try await transport.upload(head, fromFile: file, timeout: configuration.timeout)
                } else {
                    try await transport.send(head, body: body, timeout: configuration.timeout)
                }
            return ClientResponse(head: response, body: data)
        } catch {
            throw APIError(error)
        }
    }

    // MARK: failures

    /// The error for a response outside 2xx: 401, validation errors for 400/422 bodies that carry them, or the status.
    func failure(for response: ClientResponse) -> APIError {
        let status = response.head.status
        if status == .unauthorized {
            return .unauthorized(body: response.body)
        }
        if status.code == 400 || status.code == 422, let errors = ValidationErrors.parse(response.body, envelope: configuration.envelope) {
            return .validation(status, errors: errors, body: response.body)
        }
        return .status(status, body: response.body)
    }
}

extension APIError {
    /// Maps any error thrown while sending to the API error that describes it.
    init(_ error: any Error) {
        switch error {
        case let error as APIError: self = error
        case is CancellationError: self = .cancelled
        default: self = .transport(description: "\(error)", underlying: error)
        }
    }
}
