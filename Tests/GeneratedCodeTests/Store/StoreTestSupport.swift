import CrudeRuntime
import CrudeStore
import FixtureStore
import Foundation
import TestHTTPServer

/// Raccoon's sample API of Fixtures/store/spec.yaml kept in memory behind a real loopback server: users
/// paged two at a time (Django REST Framework's pages), read, updated and deleted by id; a team holding
/// users; announcements with an author; a login returning a token and a user that no list shows.
final class StoreSampleServer: Sendable {
    /// Each user's JSON object, by id.
    let users = Mutex<[Int: String]>([:])
    let server: TestServer

    init() async throws {
        for id in 1...5 {
            users.withLock { $0[id] = Self.user(id, role: id == 1 ? "admin" : "member") }
        }
        let users = self.users
        server = try await TestServer { request in Self.reply(to: request, users: users) }
    }

    /// A user as the server writes it.
    static func user(_ id: Int, name: String? = nil, role: String = "member", nickname: String? = nil) -> String {
        let nickname = nickname.map { "\"\($0)\"" } ?? "null"
        return
            #"{"id": \#(id), "name": "\#(name ?? "user \(id)")", "role": "\#(role)", "joined_at": "2024-01-0\#(id % 9 + 1)T10:00:00Z", "nickname": \#(nickname), "tags": ["t\#(id)"]}"#
    }

    private static func reply(to request: TestServer.Received, users: Mutex<[Int: String]>) -> TestServer.Reply {
        let parts = request.path.split(separator: "/").map(String.init)
        let id = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        switch (request.method, parts.first ?? "", parts.count) {
        case ("GET", "users", 1):
            let page = Int(request.query.replacingOccurrences(of: "page=", with: "")) ?? 1
            let all = users.withLock { users in users.keys.sorted().map { users[$0]! } }
            let items = all.dropFirst((page - 1) * 2).prefix(2)
            let next = page * 2 < all.count ? "\"/users?page=\(page + 1)\"" : "null"
            return .json(#"{"count": \#(all.count), "next": \#(next), "previous": null, "results": [\#(items.joined(separator: ", "))]}"#)
        case ("GET", "users", 2):
            return users.withLock { $0[id] }.map { .json($0) } ?? .json(#"{"detail": "Not found."}"#, status: 404)
        case ("PUT", "users", 2):
            let body = String(decoding: request.body, as: UTF8.self)
            users.withLock { $0[id] = body }
            return .json(body)
        case ("DELETE", "users", 2):
            return users.withLock { $0.removeValue(forKey: id) } == nil ? .json(#"{"detail": "Not found."}"#, status: 404) : .empty()
        case ("GET", "orgs", 3) where request.path == "/orgs/1/teams/":
            return .json("[\(team)]")
        case ("GET", "orgs", 4) where request.path == "/orgs/1/teams/7/":
            return .json(team)
        case ("GET", "announcements", 1):
            return .json(#"[{"id": 1, "text": "hello", "author": \#(user(11, name: "author"))}]"#)
        case ("POST", "login", 1):
            // An owner: a role this version of the spec does not list, which the store must keep as sent.
            return .json(#"{"token": "authtoken", "user": \#(user(9, name: "manue", role: "owner"))}"#)
        default:
            return .json(#"{"detail": "Not found."}"#, status: 404)
        }
    }

    /// A team whose lead and members are users no user list shows.
    static let team =
        #"{"id": 7, "org_id": 1, "title": "core", "lead": \#(user(10, name: "lead")), "members": [\#(user(10, name: "lead")), \#(user(12, name: "member"))]}"#

    func stop() async {
        await server.stop()
    }
}

/// A fresh folder for a test's database files, removed by `remove()`.
struct TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("crudestore-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A database path inside the folder.
    func path(_ name: String = "store.sqlite") -> String {
        url.appendingPathComponent(name).path
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Errors a store reported, for tests that check a failing store never fails a call.
final class ReportedErrors: Sendable {
    private let errors = Mutex<[StoreError]>([])

    var all: [StoreError] { errors.withLock { $0 } }

    func record(_ error: StoreError) {
        errors.withLock { $0.append(error) }
    }
}

/// Every value an observation yields, collected in the background, so a test can await a value by a
/// condition, resumed by the values themselves rather than by polling against a deadline.
final class ObservedValues<Value: Sendable>: Sendable {
    /// A test waiting for the values to satisfy a condition.
    private struct Waiter {
        var condition: @Sendable ([Value]) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
    }

    /// The values so far, the waiters, and whether the observation has ended (then no value will come).
    private struct State {
        var values: [Value] = []
        var waiters: [UUID: Waiter] = [:]
        var ended = false
    }

    private let state = Mutex(State())
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(_ observation: StoreObservation<Value>) {
        let state = self.state
        task.withLock {
            $0 = Task {
                do {
                    for try await value in observation { Self.settle(state) { $0.values.append(value) } }
                } catch {}
                Self.settle(state) { $0.ended = true }
            }
        }
    }

    var all: [Value] { state.withLock { $0.values } }

    /// Changes the state, then resumes every waiter whose condition now holds (with `true`), or every
    /// waiter once the observation has ended (with whether its condition holds).
    private static func settle(_ state: Mutex<State>, _ change: (inout State) -> Void) {
        let resumed = state.withLock { state in
            change(&state)
            let done = state.waiters.filter { state.ended || $0.value.condition(state.values) }
            for id in done.keys { state.waiters[id] = nil }
            return done.values.map { ($0.continuation, $0.condition(state.values)) }
        }
        for (continuation, holds) in resumed { continuation.resume(returning: holds) }
    }

    /// Waits until the values yielded so far satisfy `condition`: `false` if the observation ends first or
    /// the waiting task is cancelled (as a test's time limit does).
    func wait(until condition: @escaping @Sendable ([Value]) -> Bool) async -> Bool {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let holds = state.withLock { state -> Bool? in
                    if condition(state.values) { return true }
                    if state.ended || Task.isCancelled { return false }
                    state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                    return nil
                }
                if let holds { continuation.resume(returning: holds) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
        }
    }

    func cancel() {
        task.withLock { $0?.cancel() }
    }
}
