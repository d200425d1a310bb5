#if CrudeServe
import CrudeRuntime
import CrudeServe
import Foundation
import Testing

/// Requests no generated client sends: each gets a 4xx that says what is wrong, and the server keeps serving.
@Suite struct HostileRequestTests {
    /// README's spec: `POST people` takes `{"data": {"person": {…}}}`.
    static func start() async throws -> (SpecServer, URL) {
        let server = try SpecServer(specAt: ServeSupport.fixture("readme"), options: .init(maximumBodySize: 1 << 20))
        return (server, try await server.start())
    }

    static let valid = Data(#"{"data": {"person": {"first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"}}}"#.utf8)

    /// After every hostile request the server still creates a value.
    static func stillServes(_ server: SpecServer, _ base: URL) async throws {
        let before = try await server.records(of: "Person").count
        let created = try await ServeSupport.send("POST", base.appendingPathComponent("people"), body: valid)
        #expect(created.status == 201)
        #expect(try await server.records(of: "Person").count == before + 1)
    }

    @Test(arguments: [
        (#"{"data": {"person": {"first_name": "#, "not valid JSON"),
        (#"[1, 2, 3]"#, "wrapped in `data`"),
        (#"{"data": {"person": [1]}}"#, "JSON object"),
        (#"{"data": {"person": {"first_name": ["x"], "birthday": 12}}}"#, "Not a valid string"),
        (#"{"data": {"person": {"first_name": "Ada", "birthday": "yesterday"}}}"#, "Date has wrong format"),
    ])
    func malformedAndMistypedBodiesAre400(body: String, message: String) async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        let answer = try await ServeSupport.send("POST", base.appendingPathComponent("people"), body: Data(body.utf8))
        #expect(answer.status == 400)
        #expect(String(decoding: answer.body, as: UTF8.self).contains(message))
        #expect(try await server.records(of: "Person").isEmpty)
        try await Self.stillServes(server, base)
    }

    @Test func deepNestingIs400() async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let answer = try await ServeSupport.send("POST", base.appendingPathComponent("people"), body: Data(deep.utf8))
        #expect(answer.status == 400)
        try await Self.stillServes(server, base)
    }

    @Test func tenMegabyteBodiesAre413() async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        let huge = Data(#"{"data": {"person": {"first_name": ""#.utf8) + Data(repeating: UInt8(ascii: "x"), count: 10 << 20) + Data(#""}}}"#.utf8)
        let answer = try await ServeSupport.send("POST", base.appendingPathComponent("people"), body: huge)
        #expect(answer.status == 413)
        try await Self.stillServes(server, base)
    }

    @Test func bodiesThatAreNotJSONAre415() async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        let answer = try await ServeSupport.send("POST", base.appendingPathComponent("people"), body: Self.valid, contentType: "text/plain")
        #expect(answer.status == 415)
        try await Self.stillServes(server, base)
    }

    @Test func unknownRoutesAre404AndWrongVerbs405() async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        for path in ["people/1", "people/..%2F..%2Fetc%2Fpasswd", "people/%2E%2E", "people/abc", "nothing", "people/1/extra"] {
            #expect(try await ServeSupport.send("GET", URL(string: base.absoluteString + path)!).status == 404, "\(path)")
        }
        let wrongVerb = try await ServeSupport.send("PUT", base.appendingPathComponent("people"), body: Self.valid)
        #expect(wrongVerb.status == 405)
        #expect((wrongVerb.headers["Allow"] as? String)?.contains("POST") == true)
        try await Self.stillServes(server, base)
    }

    @Test func duplicateIdsAre409() async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        let body = Data(#"{"data": {"person": {"id_Number": 7, "first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"}}}"#.utf8)
        #expect(try await ServeSupport.send("POST", base.appendingPathComponent("people"), body: body).status == 201)
        #expect(try await ServeSupport.send("POST", base.appendingPathComponent("people"), body: body).status == 409)
        try await Self.stillServes(server, base)
        // Ids keep counting after the highest given.
        #expect(try await server.records(of: "Person").last?["id_Number"] == .number(8))
    }

    @Test func manyConcurrentConnectionsAreAllAnswered() async throws {
        let (server, base) = try await Self.start()
        defer { Task { await server.stop() } }
        // 500 connections open at once, each sending a create before any answer is read.
        let statuses = try await ConcurrentConnections.send(500, "POST", base.appendingPathComponent("people"), body: Self.valid)
        #expect(statuses.count == 500 && statuses.allSatisfy { $0 == 201 })
        let ids = try await server.records(of: "Person").compactMap { $0["id_Number"] }
        #expect(Set(ids).count == 500)
        try await Self.stillServes(server, base)
    }

    /// `--fail-rate 1` fails every request with 503, `OPTIONS` preflights are answered for CORS.
    @Test func rehearsedFailuresAndCORS() async throws {
        let failing = try SpecServer(specAt: ServeSupport.fixture("readme"), options: .init(failureRate: 1))
        let base = try await failing.start()
        defer { Task { await failing.stop() } }
        #expect(try await ServeSupport.send("GET", base.appendingPathComponent("people")).status == 503)
        let preflight = try await ServeSupport.send(
            "OPTIONS", base.appendingPathComponent("people"), headers: ["Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST"])
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Origin"] as? String == "*")
    }
}
#endif
