import CrudeRuntime
import FixtureCRUDEFutures
import Foundation
import TestHTTPServer
import Testing

/// CRUDE-Futures' pause, resume and cancel of a running request, against a real HTTP server.
@Suite struct RequestControlTests {
    static let reply = TestServer.Reply.json(#"{"data": {"person": \#(CRUDEFuturesTests.personJSON)}}"#)

    static func client(_ transport: TestTransport, _ server: TestServer, timeout: Duration = .seconds(30)) -> APIClient {
        var configuration = Household.configuration(baseURL: server.origin.appendingPathComponent("api"))
        configuration.timeout = timeout
        return APIClient(configuration: configuration, transport: transport.make())
    }

    /// Waits until `condition` holds, checking every 20 ms for up to 10 s.
    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(20)) }
    }

    @Test(arguments: TestTransport.allCases) func aPausedRequestIsNotSentUntilResumed(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in Self.reply }
        defer { Task { await server.stop() } }
        let control = RequestControl()
        control.pause()
        let read = Task { try await Person.read(id: 7, on: Self.client(transport, server).controlled(by: control)) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.received.isEmpty, "nothing is sent while paused")
        control.resume()
        #expect(try await read.value.id == 7)
        #expect(server.received.count == 1)
    }

    @Test(arguments: TestTransport.allCases) func aResultArrivingWhilePausedIsHeldAndPausedTimeIsNoTimeout(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in
            var reply = Self.reply
            reply.delay = .milliseconds(300)
            return reply
        }
        defer { Task { await server.stop() } }
        let control = RequestControl()
        let finished = Mutex(false)
        let read = Task {
            let person = try await Person.read(id: 7, on: Self.client(transport, server, timeout: .seconds(10)).controlled(by: control))
            finished.withLock { $0 = true }
            return person
        }
        try await Self.eventually { !server.received.isEmpty }
        control.pause()
        // Paused longer than the timeout, which leaves a loaded machine 10 s for the exchange: with the suites
        // running over two transports beside a build, 5 s were too few for both transports at once.
        try await Task.sleep(for: .milliseconds(10_500))
        #expect(!finished.withLock { $0 }, "a paused request does not complete, though its response has arrived")
        control.resume()
        #expect(try await read.value.id == 7, "the 10.5 s spent paused are not counted against the 10 s timeout")
    }

    /// The server answers after an hour, so only the cancel can end the running request within the test's
    /// time limit.
    @Test(.timeLimit(.minutes(2)), arguments: TestTransport.allCases)
    func cancellingEndsRunningAndLaterRequests(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in
            var reply = Self.reply
            reply.delay = .seconds(3600)
            return reply
        }
        defer { Task { await server.stop() } }
        let control = RequestControl()
        let client = Self.client(transport, server).controlled(by: control)
        let read = Task { try await Person.read(id: 7, on: client) }
        try await Self.eventually { !server.received.isEmpty }
        control.cancel()
        await #expect(throws: APIError.self) { try await read.value }
        let later = await #expect(throws: APIError.self) { try await Person.read(id: 7, on: client) }
        guard case .cancelled? = later else {
            Issue.record("expected .cancelled, got \(String(describing: later))")
            return
        }
        #expect(server.received.count == 1, "a request after cancel is never sent")
    }
}
