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

    /// The server answers only once the test has paused, so the response arrives while paused; the pause then
    /// lasts longer than the timeout. Every step waits for the one before it, so only the exchange itself (a
    /// loopback request, well inside its 3 s) runs against the clock.
    @Test(.timeLimit(.minutes(2)), arguments: TestTransport.allCases)
    func aResultArrivingWhilePausedIsHeldAndPausedTimeIsNoTimeout(_ transport: TestTransport) async throws {
        let requested = Signal()
        let paused = Signal()
        let responded = Signal()
        let server = try await TestServer { _ in
            requested.fire()
            paused.block()
            return Self.reply
        }
        defer { Task { await server.stop() } }
        var configuration = Household.configuration(baseURL: server.origin.appendingPathComponent("api"))
        configuration.timeout = .seconds(3)
        let client = APIClient(configuration: configuration, transport: transport.make(), middlewares: [AfterResponse { _, _ in responded.fire() }])
        let control = RequestControl()
        let finished = Mutex(false)
        let read = Task {
            let person = try await Person.read(id: 7, on: client.controlled(by: control))
            finished.withLock { $0 = true }
            return person
        }
        await requested.wait()
        control.pause()
        paused.fire()
        await responded.wait()
        // Nothing signals the absence of a timeout: only outlasting it shows the pause is not counted.
        try await Task.sleep(for: .seconds(4))
        #expect(!finished.withLock { $0 }, "a paused request does not complete, though its response has arrived")
        control.resume()
        #expect(try await read.value.id == 7, "the 4 s spent paused are not counted against the 3 s timeout")
    }

    /// The server never answers, so only the cancel can end the running request within the test's
    /// time limit.
    @Test(.timeLimit(.minutes(2)), arguments: TestTransport.allCases)
    func cancellingEndsRunningAndLaterRequests(_ transport: TestTransport) async throws {
        let requested = Signal()
        let server = try await TestServer { _ in
            requested.fire()
            return .hang
        }
        defer { Task { await server.stop() } }
        let control = RequestControl()
        let client = Self.client(transport, server).controlled(by: control)
        let read = Task { try await Person.read(id: 7, on: client) }
        await requested.wait()
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
