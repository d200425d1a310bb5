import CrudeRuntime
import CrudeStore
import FixtureStore
import Foundation
import TestHTTPServer
import Testing

/// One store shared by many concurrent requests: a `DatabasePool` in WAL mode, one writer at a time,
/// readers beside it. Run under the thread sanitizer by hand: `swift test --sanitize=thread --filter StoreConcurrencyTests`.
@Suite struct StoreConcurrencyTests {
    @Test func fiveHundredConcurrentUpsertsLoseNothing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let joined = Date(timeIntervalSince1970: 1_700_000_000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 1...500 {
                group.addTask {
                    try await store.upsert(User(id: id, name: "user \(id)", role: .member, joinedAt: joined, tags: ["\(id)"]))
                    // Readers run beside the writers; each sees at least its own row.
                    #expect(try await store.read(User.self, id: id)?.name == "user \(id)")
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.count(User.self) == 500)
        let all = try await store.all(User.self)
        #expect(all.map(\.id) == Array(1...500))
        #expect(all.allSatisfy { $0.tags == ["\($0.id)"] })
    }

    @Test func concurrentRequestsThroughOneClientKeepEveryResponse() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await StoreSampleServer()
        defer { Task { await server.stop() } }
        server.users.withLock { users in
            for id in 1...100 { users[id] = StoreSampleServer.user(id) }
        }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: server.server.origin)).storing(in: store)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 1...100 {
                group.addTask { _ = try await User.read(id: id, on: client) }
            }
            try await group.waitForAll()
        }
        #expect(try await store.count(User.self) == 100)
    }
}
