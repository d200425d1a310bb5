import Dispatch
import Foundation
import HTTPTypes
import HTTPTypesFoundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with a `URLSession`, on Apple platforms and on Linux.
///
/// ``init()`` makes a session of its own, ephemeral and without a URL cache: on Linux, cancelling requests of
/// the shared session was seen to crash the process, and FoundationNetworking ignores cache policies; the
/// client caches itself (``ClientConfiguration/cache``), the same on every platform. ``init(session:)`` sends
/// with the app's own session instead.
///
/// On Linux, FoundationNetworking adds `Accept-Language: en` to every request that sets none, passes no
/// reason phrase on, and turns a POST redirected by 307 or 308 into one without its body; a server app is
/// better served by `AsyncHTTPClientTransport` (the `CrudeAsyncHTTPClient` library).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    /// Whether the session is this transport's own, to invalidate when the transport goes.
    private let ownsSession: Bool

    /// Creates a transport with its own session.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
        ownsSession = true
    }

    /// Creates a transport sending with the app's own `session`: its delegate (authentication challenges,
    /// metrics), its configuration's proxy, headers and `protocolClasses` (`URLProtocol` stubs in tests)
    /// apply to every request.
    ///
    /// The app keeps the session and invalidates it when it is done; the transport never does. The timeout
    /// stays the client's own (``ClientConfiguration/timeout``), whatever the session's configuration says.
    /// On Linux, prefer a session of its own to `URLSession.shared`, whose cancelled requests were seen to
    /// crash the process.
    public init(session: URLSession) {
        self.session = session
        ownsSession = false
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    public func send(_ request: HTTPRequest, body: Data?, timeout: Duration) async throws -> (HTTPResponse, Data) {
        let (response, data) = try await exchange(request, timeout: timeout) { (urlRequest, completion: @escaping Completion<Data>) in
            if let body {
                session.uploadTask(with: urlRequest, from: body, completionHandler: completion)
            } else {
                session.dataTask(with: urlRequest, completionHandler: completion)
            }
        }
        return (response, data ?? Data())
    }

    /// Streams the file with an upload task, so that its bytes are never all in memory.
    public func upload(_ request: HTTPRequest, fromFile file: URL, timeout: Duration) async throws -> (HTTPResponse, Data) {
        let (response, data) = try await exchange(request, timeout: timeout) { (urlRequest, completion: @escaping Completion<Data>) in
            session.uploadTask(with: urlRequest, fromFile: file, completionHandler: completion)
        }
        return (response, data ?? Data())
    }

    /// Receives the body with a download task, which writes it to disk as it arrives, and moves the session's
    /// temporary file to `file`.
    public func download(_ request: HTTPRequest, body: Data?, toFile file: URL, timeout: Duration) async throws -> HTTPResponse {
        do {
            return try await exchange(request, body: body, timeout: timeout) { (urlRequest, completion: @escaping Completion<URL>) in
                session.downloadTask(with: urlRequest) { location, response, error in
                    // The session deletes its temporary file once this handler returns.
                    var moveError: (any Error)?
                    if let location, error == nil {
                        do {
                            try? FileManager.default.removeItem(at: file)
                            try FileManager.default.moveItem(at: location, to: file)
                        } catch {
                            moveError = error
                        }
                    }
                    completion(file, response, error ?? moveError)
                }
            }.0
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// What a session task reports when it ends: what it received, the response, the error.
    private typealias Completion<Received> = @Sendable (Received?, URLResponse?, (any Error)?) -> Void

    /// Runs the task `makeTask` makes for `request` (with `body`, if any, as the request's own) under the
    /// deadline and the calling task's cancellation.
    private func exchange<Received: Sendable>(
        _ request: HTTPRequest, body: Data? = nil, timeout: Duration, makeTask: (URLRequest, @escaping Completion<Received>) -> URLSessionTask
    ) async throws -> (HTTPResponse, Received?) {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw APIError.transport(description: "cannot form a URL from \(request)", underlying: URLError(.badURL))
        }
        urlRequest.httpBody = body
        // URLSession on Linux truncates this to whole seconds and treats it as an idle timeout; the exact
        // overall deadline is the timer below.
        urlRequest.timeoutInterval = max(1, (Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18).rounded(.up))
        if Task.isCancelled { throw APIError.cancelled }
        let exchange = Exchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(HTTPResponse, Received?), any Error>) in
                let completion: Completion<Received> = { received, response, error in
                    let timedOut = exchange.finish()
                    continuation.resume(with: Self.result(received, response, error, timedOut: timedOut, timeout: timeout))
                }
                exchange.start(makeTask(urlRequest, completion), timeout: timeout)
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    private static func result<Received>(_ received: Received?, _ response: URLResponse?, _ error: (any Error)?, timedOut: Bool, timeout: Duration)
        -> Result<(HTTPResponse, Received?), any Error>
    {
        if let error = error as? URLError {
            switch error.code {
            case .cancelled: return .failure(timedOut ? APIError.timedOut(after: timeout) : APIError.cancelled)
            case .timedOut: return .failure(APIError.timedOut(after: timeout))
            default: return .failure(APIError.transport(description: error.localizedDescription, underlying: error))
            }
        }
        if let error {
            return .failure(APIError.transport(description: "\(error)", underlying: error))
        }
        guard let httpResponse = (response as? HTTPURLResponse)?.httpResponse else {
            return .failure(APIError.transport(description: "the response is not HTTP", underlying: URLError(.badServerResponse)))
        }
        return .success((httpResponse, received))
    }
}

/// One request's URLSession task, its deadline and its cancellation, which can arrive in any order.
///
/// The deadline is a Dispatch timer that cancels the task: no Swift task races the request, which measured
/// as most of the client's own cost per request.
private final class Exchange: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var timer: DispatchWorkItem?
    private var isCancelled = false
    private var timedOut = false

    /// Stops the timer and drops the task; returns whether the deadline had passed.
    func finish() -> Bool {
        let (timer, timedOut) = lock.withLock {
            defer {
                self.timer = nil
                task = nil
            }
            return (self.timer, self.timedOut)
        }
        timer?.cancel()
        return timedOut
    }

    func start(_ task: URLSessionTask, timeout: Duration) {
        let timer = DispatchWorkItem { [weak self, weak task] in
            self?.lock.withLock { self?.timedOut = true }
            task?.cancel()
        }
        let cancelledEarly = lock.withLock {
            self.task = task
            self.timer = timer
            return isCancelled
        }
        let (seconds, attoseconds) = timeout.components
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)), execute: timer)
        task.resume()
        if cancelledEarly { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock {
            isCancelled = true
            return self.task
        }
        task?.cancel()
    }
}
