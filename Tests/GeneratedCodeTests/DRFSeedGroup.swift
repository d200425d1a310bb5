import CrudeRuntime
import Foundation

/// One test's share of the DRF server's seed endpoints (Tests/DRFServer/seeds): the `X-Group` header its
/// clients send keeps its objects apart from other tests', and ``requests()`` reads what reached the
/// server for it, to count requests a cache answered and to see the headers that arrived.
struct DRFSeedGroup {
    /// The group's name, a fresh UUID.
    let name = UUID().uuidString
    /// `http://127.0.0.1:PORT/api`.
    let api: URL

    /// A group on the running server, starting it on first use.
    static func make() async throws -> DRFSeedGroup {
        DRFSeedGroup(api: try await PythonTestServer.drf.origin().appendingPathComponent("api"))
    }

    /// `configuration` pointed at the seed's folder (`crude`, `iservice`, …) of this server, sending the group.
    func configure(_ configuration: ClientConfiguration, seed: String) -> ClientConfiguration {
        var configuration = configuration
        configuration.baseURL = api.appendingPathComponent(seed)
        configuration.headers["X-Group"] = name
        return configuration
    }

    /// The group's requests that reached the server so far, oldest first.
    func requests() async throws -> [LoggedRequest] {
        let log = APIClient(configuration: ClientConfiguration(baseURL: api, headers: ["X-Group": name]))
        return try await log.requestObjectsArray(LoggedRequest.self, .get, "requests/")
    }
}

/// A request as the DRF server logged it.
struct LoggedRequest: Decodable, Sendable {
    var method: String
    /// Path and query as received.
    var path: String
    /// The status answered, `nil` while the server is still answering.
    var status: Int?
    /// Header names in lower case.
    var headers: [String: String]
}
