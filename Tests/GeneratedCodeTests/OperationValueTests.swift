import CrudeRuntime
import FixtureCRUDEFutures
import Foundation
import TestHTTPServer
import Testing

/// Operations as values: a request built without being sent gives its URL (ApiModel's `apiUrlForRoute`),
/// its value with the exchange (iService's result parts) or success only (CRUDE-Futures' `Okay`).
@Suite struct OperationValueTests {
    static let personBody = #"{"data": {"person": \#(CRUDEFuturesTests.personJSON)}}"#

    @Test func anOperationIsAValueUntilSent() async throws {
        let server = try await TestServer { _ in .json(Self.personBody, headers: ["X-Request-Id": "r1"]) }
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: Household.configuration(baseURL: server.origin.appendingPathComponent("api")))
        let read = Operation<Person>(
            request: OperationRequest(
                resource: "Person", operation: "read", method: .get, path: "people/\(7)", query: [URLQueryItem(name: "expand", value: "a b")]),
            namespace: "person")
        #expect(try read.url(on: client).absoluteString == "\(server.origin.absoluteString)/api/people/7?expand=a%20b")
        #expect(server.received.isEmpty, "building and asking for the URL sends nothing")

        #expect(try await read.send(on: client).id == 7)
        let result = try await read.response(on: client)
        #expect(result.value.firstName == "Ada")
        #expect(result.request.method == .get && result.request.path == "/api/people/7?expand=a%20b")
        #expect(result.response.status == .ok && result.response.headerFields[.init("X-Request-Id")!] == "r1")
        #expect(String(decoding: result.body, as: UTF8.self) == Self.personBody)

        server.respond { _ in .json("not json at all", status: 201) }
        try await read.succeed(on: client)
        #expect(server.received.count == 3, "succeed ignores the body, as CRUDE-Futures' Okay variants")
    }
}
