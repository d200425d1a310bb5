import CrudeRuntime
import Testing

#if CrudeAsyncHTTPClient
import AsyncHTTPClient
import CrudeAsyncHTTPClient
#endif

/// The transports the suites that talk to a real server run over: each such test is written once, takes a
/// `TestTransport` argument and runs once per transport (AsyncHTTPClient's only with the
/// `CrudeAsyncHTTPClient` trait on, as README's test command sets it).
enum TestTransport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `URLSessionTransport`: FoundationNetworking on Linux.
    case urlSession
    #if CrudeAsyncHTTPClient
    /// `AsyncHTTPClientTransport`, of the `CrudeAsyncHTTPClient` library.
    case asyncHTTPClient
    #endif

    /// The case's name, which test reports show beside each argument.
    var testDescription: String { rawValue }

    /// A transport of this kind: a `URLSessionTransport` of its own, as `APIClient` makes by default, or one
    /// over AsyncHTTPClient's shared client, as a server app's own client would be passed in.
    func make() -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport()
        #if CrudeAsyncHTTPClient
        case .asyncHTTPClient: Self.sharedAsyncHTTPClient
        #endif
        }
    }

    /// Whether this is `URLSessionTransport` on Linux, FoundationNetworking's, which departs from HTTP in places
    /// (redirects, headers) that tests state.
    var isFoundationNetworking: Bool {
        #if canImport(FoundationNetworking)
        self == .urlSession
        #else
        false
        #endif
    }

    #if CrudeAsyncHTTPClient
    /// One for the whole test run: `HTTPClient.shared` is never shut down, so no test has to.
    private static let sharedAsyncHTTPClient = AsyncHTTPClientTransport(client: .shared)
    #endif
}
