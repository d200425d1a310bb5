#if CrudeServe
import CrudeRuntime
import CrudeServe
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the tests find the repository's specs, and the raw HTTP they send where a generated client would
/// refuse to send it.
enum ServeSupport {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The spec of the fixture in `Fixtures/<folder>`.
    static func fixture(_ folder: String) -> String {
        root.appendingPathComponent("Fixtures/\(folder)/spec.yaml").path
    }

    /// Every fixture's folder name.
    static var fixtureFolders: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Fixtures").path)) ?? []
        return folders.filter { FileManager.default.fileExists(atPath: fixture($0)) }.sorted()
    }

    /// A session of its own: cancelling requests on the shared session crashed test processes on Linux.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// Sends one request and returns the status, headers and body.
    ///
    /// The request may wait long for a connection and the server's answer when the machine is busy (CI runs
    /// hundreds of tests at once on two cores; 500 requests sent at once, through a handful of connections,
    /// once waited past URLSession's default 60 s idle timeout): the timeout is a safety net, not a signal.
    static func send(
        _ method: String, _ url: URL, body: Data? = nil, contentType: String? = "application/json", headers: [String: String] = [:]
    ) async throws -> (status: Int, headers: [AnyHashable: Any], body: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 600
        if body != nil, let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = if let body { try await session.upload(for: request, from: body) } else { try await session.data(for: request) }
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.allHeaderFields, data)
    }

    /// The JSON of a body.
    static func json(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }
}
#endif
