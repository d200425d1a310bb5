import Foundation
import HTTPTypes
import HTTPTypesFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with a `URLSession` of its own, on Apple platforms and on Linux.
///
/// The session is ephemeral and has no URL cache: on Linux, cancelling requests of the shared session
/// was seen to crash the process, and caching is a decision for ``ClientConfiguration/cachePolicy``.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let cachePolicy: URLRequest.CachePolicy

    /// Creates a transport with its own session.
    public init(cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = cachePolicy
        session = URLSession(configuration: configuration)
        self.cachePolicy = cachePolicy
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequest, body: Data?, timeout: Duration) async throws -> (HTTPResponse, Data) {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw APIError.transport(description: "cannot form a URL from \(request)", underlying: URLError(.badURL))
        }
        urlRequest.cachePolicy = cachePolicy
        // URLSession on Linux truncates the interval to whole seconds and treats it as an idle timeout;
        // the client enforces the exact overall deadline itself.
        urlRequest.timeoutInterval = max(1, (Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18).rounded(.up))
        try Task.checkCancellation()
        do {
            let (data, response) = if let body {
                try await session.upload(for: urlRequest, from: body)
            } else {
                try await session.data(for: urlRequest)
            }
            guard let httpResponse = (response as? HTTPURLResponse)?.httpResponse else {
                throw APIError.transport(description: "the response is not HTTP", underlying: URLError(.badServerResponse))
            }
            return (httpResponse, data)
        } catch let error as URLError where error.code == .cancelled {
            throw APIError.cancelled
        } catch let error as URLError where error.code == .timedOut {
            throw APIError.timedOut(after: timeout)
        } catch let error as URLError {
            throw APIError.transport(description: error.localizedDescription, underlying: error)
        }
    }
}
