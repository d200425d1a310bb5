import Foundation
import HTTPTypes

/// Sends one HTTP request and returns the whole response. The seam between ``APIClient`` and the network.
///
/// ``URLSessionTransport`` is the default. To use a transport built for swift-openapi-runtime (such as
/// AsyncHTTPClient's), wrap its `ClientTransport.send` in a type conforming to this protocol: both speak
/// swift-http-types' `HTTPRequest` and `HTTPResponse`.
public protocol HTTPTransport: Sendable {
    /// Sends `request` (whose scheme, authority and path are set) and returns the response and its body.
    ///
    /// `timeout` is an overall deadline the transport enforces, throwing ``APIError/timedOut(after:)``; it is
    /// the transport's job because the transport can cancel its own request without racing it against
    /// another task. Throw ``APIError/cancelled`` when the calling task is cancelled and
    /// ``APIError/transport(description:underlying:)`` when no response arrived; the client maps other
    /// errors to the latter.
    func send(_ request: HTTPRequest, body: Data?, timeout: Duration) async throws -> (HTTPResponse, Data)
}
