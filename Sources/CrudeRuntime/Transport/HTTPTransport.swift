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

    /// Sends `request` as ``send(_:body:timeout:)`` does and writes the response body, whatever the status, to
    /// `file`, replacing any file there: a download (the spec's `returns: File`) that can be larger than memory.
    ///
    /// `file` is a temporary file the client chose beside the caller's destination; the client reads an error
    /// status's body back from it and moves a success's into place, so a transport never leaves a
    /// half-written destination behind. When it throws, the transport removes what it wrote to `file`.
    ///
    /// The default calls ``send(_:body:timeout:)`` and writes the bytes; ``URLSessionTransport`` and
    /// `AsyncHTTPClientTransport` stream them to disk instead.
    func download(_ request: HTTPRequest, body: Data?, toFile file: URL, timeout: Duration) async throws -> HTTPResponse
}

extension HTTPTransport {
    /// Reads the file and sends its bytes.
    public func upload(_ request: HTTPRequest, fromFile file: URL, timeout: Duration) async throws -> (HTTPResponse, Data) {
        try await send(request, body: Data(contentsOf: file, options: .mappedIfSafe), timeout: timeout)
    }

    /// Receives the whole body in memory, then writes it to `file`.
    public func download(_ request: HTTPRequest, body: Data?, toFile file: URL, timeout: Duration) async throws -> HTTPResponse {
        let (response, data) = try await send(request, body: body, timeout: timeout)
        do {
            try data.write(to: file)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw APIError.transport(description: "cannot write the downloaded body to \(file.path): \(error)", underlying: error)
        }
        return response
    }
}
