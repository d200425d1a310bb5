import CrudeRuntime
import CrudeStore
import FixtureStore
import Foundation
import TestHTTPServer
import Testing

/// Observations yield when the rows they read change, whoever wrote them: responses through the client
/// or the app's own upserts.
@Suite(.timeLimit(.minutes(2))) struct StoreObservationTests {
    @Test func aQueryIsObservedThroughInsertUpdateAndDelete() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await StoreSampleServer()
        defer { Task { await server.stop() } }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: server.server.origin)).storing(in: store)
        let members = ObservedValues(try store.observe(User.self, StoreQuery(where: [.equals(\.role, .member)], orderBy: [.ascending(\.name)])))
        defer { members.cancel() }
        #expect(await members.wait { $0.count == 1 && $0[0].isEmpty }, "the first value comes at once")

        _ = try await User.read(id: 2, on: client)
        #expect(await members.wait { $0.last?.map(\.id) == [2] }, "insert: \(members.all)")

        var user = try await User.read(id: 2, on: client)
        user.name = "renamed"
        _ = try await user.update(on: client)
        #expect(await members.wait { $0.last?.first?.name == "renamed" }, "update: \(members.all)")

        try await User.delete(id: 2, on: client)
        #expect(await members.wait { $0.count == 4 && $0[3].isEmpty }, "delete: \(members.all)")
        // Each value differs from the one before: an unrelated write (an admin) yields nothing, so the value
        // after it is the next related write's.
        _ = try await User.read(id: 1, on: client)
        _ = try await User.read(id: 3, on: client)
        #expect(await members.wait { $0.last?.map(\.id) == [3] })
        #expect(members.all.count == 5, "the admin's write yielded a value: \(members.all)")
    }

    @Test func oneValueIsObservedByID() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let user = ObservedValues(try store.observe(User.self, id: 5))
        defer { user.cancel() }
        #expect(await user.wait { $0 == [nil] })
        let ada = User(id: 5, name: "ada", role: .admin, joinedAt: Date(timeIntervalSince1970: 0), tags: [])
        try await store.upsert(ada)
        #expect(await user.wait { $0 == [nil, ada] })
        try await store.delete(User.self, id: 5)
        #expect(await user.wait { $0 == [nil, ada, nil] }, "\(user.all)")
    }
}
