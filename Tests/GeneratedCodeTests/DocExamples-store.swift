// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import CrudeStore
import FixtureStore
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The docs' examples written against Fixtures/store/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `SampleAPI.configuration()` that server's base URL.
@Suite struct DocExamplesStore {
    /// Example 1 of docs/store.md.
    @Test func docs_store_md_example1() async throws {
        func example() async throws {
            // A throwaway store: its folder goes with the database's -wal and -shm files.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("app.sqlite").path
            let store = try Store(path: path, schema: SampleAPI.storeSchema)
            let client = APIClient(configuration: SampleAPI.configuration(baseURL: DocExampleEnvironment.baseURL)).storing(in: store)

            let user = try await User.read(id: 2, on: client)
            let team = try await Team.read(orgId: 1, id: 7, on: client)
            let announcements = try await Announcement.list(on: client)

            // Already in the store: the read, the team's lead and
            // members and the announcement's author, each in the User table; the team in its own. The login's
            // wrapper (`SampleAPI.login`) is kept the same way: its user lands in the User table.
            let kept = try await store.read(User.self, id: 2)
            #expect(kept == user)
            #expect(try await store.read(User.self, id: 12) == team.members[1])
            #expect(try await store.read(User.self, id: 11) == announcements[0].author)
            #expect(try await store.read(Team.self, id: 7) == team)
        }
        try await DocExampleEnvironment.run(fixture: "store", example: "docs/store.md example 1", example)
    }

    /// Example 2 of docs/store.md.
    @Test func docs_store_md_example2() async throws {
        func example() async throws {
            // A throwaway store: its folder goes with the database's -wal and -shm files.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("app.sqlite").path
            let store = try Store(path: path, schema: SampleAPI.storeSchema)
            let client = APIClient(configuration: SampleAPI.configuration(baseURL: DocExampleEnvironment.baseURL)).storing(in: store)
            for try await _ in User.pages(on: client) {}   // every page lands in the store

            let members = try await store.all(User.self, StoreQuery(where: [.equals(\.role, .member)], orderBy: [.descending(\.name)], limit: 2))
            #expect(members.map(\.name) == ["user 5", "user 4"])
            let named = try await store.all(User.self, StoreQuery(where: [.contains(\.name, "USER 1")]))
            #expect(named.map(\.id) == [1])
            #expect(try await store.count(User.self) == 5)
        }
        try await DocExampleEnvironment.run(fixture: "store", example: "docs/store.md example 2", example)
    }

    /// Example 3 of docs/store.md.
    @Test func docs_store_md_example3() async throws {
        func example() async throws {
            /// What a SwiftUI view shows: the admins, refreshed by the store, never by the view.
            @MainActor final class AdminsModel {
                private(set) var names: [String] = []

                /// Run from the view's `.task { try? await model.follow(store) }`; ends when the view goes away.
                func follow(_ store: Store) async throws {
                    for try await admins in try store.observe(User.self, StoreQuery(where: [.equals(\.role, .admin)], orderBy: [.ascending(\.name)])) {
                        names = admins.map(\.name)
                    }
                }
            }

            // A throwaway store: its folder goes with the database's -wal and -shm files.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("app.sqlite").path
            let store = try Store(path: path, schema: SampleAPI.storeSchema)
            let client = APIClient(configuration: SampleAPI.configuration(baseURL: DocExampleEnvironment.baseURL)).storing(in: store)
            let model = AdminsModel()
            let following = Task { try await model.follow(store) }
            _ = try await User.read(id: 1, on: client)   // the response lands in the store; the model follows
            var waited = 0
            while await model.names.isEmpty, waited < 500 {
                try await Task.sleep(for: .milliseconds(10))
                waited += 1
            }
            following.cancel()
            #expect(await model.names == ["user 1"])
        }
        try await DocExampleEnvironment.run(fixture: "store", example: "docs/store.md example 3", example)
    }

    /// Example 4 of docs/store.md.
    @Test func docs_store_md_example4() async throws {
        func example() async throws {
            // A throwaway store: its folder goes with the database's -wal and -shm files.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("app.sqlite").path
            let store = try Store(path: path, schema: SampleAPI.storeSchema)
            let online = APIClient(configuration: SampleAPI.configuration(baseURL: DocExampleEnvironment.baseURL)).storing(in: store)
            let fresh = try await User.read(id: 3, on: online)

            // The same API with the network gone (nothing listens on port 9).
            var unreachable = SampleAPI.configuration(baseURL: DocExampleEnvironment.baseURL)
            unreachable.baseURL = URL(string: "http://127.0.0.1:9")!
            let offline = APIClient(configuration: unreachable).storing(in: store, offline: .storeWhenOffline)
            let answer = try await User.readOperation(id: 3).response(on: offline)
            #expect(answer.value == fresh)
            #expect(answer.isFromStore)
            #expect(try await User.list(on: offline).items.map(\.id) == [3])
            await #expect(throws: APIError.self) { try await User.read(id: 3, on: offline.offline(.networkOnly)) }
        }
        try await DocExampleEnvironment.run(fixture: "store", example: "docs/store.md example 4", example)
    }
}
