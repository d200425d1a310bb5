import Foundation
import HTTPTypes

/// Sends one HTTP request and returns the whole response. The seam between ``APIClient`` and the network.
///
/// ``URLSessionTransport`` is the default; `AsyncHTTPClientTransport`, in the `CrudeAsyncHTTPClient` library,
/// sends with AsyncHTTPClient (see <doc:ChoosingATransport>). To use a transport built for
/// swift-openapi-runtime, wrap its `ClientTransport.send` in a type conforming to this protocol: both speak
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

    /// Sends `request` with the bytes of `file` as its body, as ``send(_:body:timeout:)`` does: a multipart
    /// body with a file on disk, which can be larger than memory.
    ///
    /// The default reads the file (memory-mapped where the platform allows) and calls
    /// ``send(_:body:timeout:)``; ``URLSessionTransport`` and `AsyncHTTPClientTransport` stream it instead.
    func upload(_ request: HTTPRequest, fromFile file: URL, timeout: Duration) async throws -> (HTTPResponse, Data)
}

extension HTTPTransport {
    /// Reads the file and sends its bytes.
    public func upload(_ request: HTTPRequest, fromFile file: URL, timeout: Duration) async throws -> (HTTPResponse, Data) {
        try await send(request, body: Data(contentsOf: file, options: .mappedIfSafe), timeout: timeout)
    }
}
