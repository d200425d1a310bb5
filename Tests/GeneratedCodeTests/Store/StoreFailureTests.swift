import CrudeRuntime
import CrudeStore
import FixtureStore
import Foundation
import GRDB
import TestHTTPServer
import Testing

/// A store that cannot be used gives a clear error, and never takes the network path down with it.
@Suite struct StoreFailureTests {
    @Test func aCorruptFileCannotBeOpenedAndSaysWhy() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data(String(repeating: "not a database ", count: 300).utf8).write(to: URL(fileURLWithPath: folder.path()))
        let error = #expect(throws: StoreError.self) { try Store(path: folder.path(), schema: SampleAPI.storeSchema) }
        guard case let .cannotOpen(path, reason)? = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(path == folder.path())
        #expect(reason.contains("not a database"), "\(reason)")
        #expect(error?.description.contains("delete the file") == true)

        // The app goes on without a store: the network path is untouched.
        let server = try await StoreSampleServer()
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: server.server.origin))
        #expect(try await User.read(id: 1, on: client).name == "user 1")
    }

    @Test func aLockedDatabaseFailsTheStoreNotTheCall() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await StoreSampleServer()
        defer { Task { await server.stop() } }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema, busyTimeout: 0.2)
        let errors = ReportedErrors()
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: server.server.origin)).storing(in: store, onError: errors.record)
        _ = try await User.read(id: 1, on: client)

        // Another process (here, another connection) holds the write lock.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: folder.path(), configuration: configuration)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE TRANSACTION") }
        let user = try await User.read(id: 2, on: client)
        #expect(user.name == "user 2", "the server's answer arrives although the store could not keep it")
        #expect(errors.all.count == 1)
        #expect(errors.all.first?.description.contains("locked") == true, "\(errors.all)")
        #expect(try await store.read(User.self, id: 1) != nil, "readers are not blocked in WAL mode")
        let opening = #expect(throws: StoreError.self) { try Store(path: folder.path(), schema: SampleAPI.storeSchema, busyTimeout: 0.2) }
        #expect(opening?.description.contains("locked") == true, "\(String(describing: opening))")

        try await other.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        _ = try await User.read(id: 2, on: client)
        #expect(try await store.read(User.self, id: 2) == user)
    }

    @Test func aResponseThatDoesNotDecodeIsReportedAndTheCallFailsAsBefore() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let server = try await TestServer { _ in .json(#"{"id": 1}"#) }
        defer { Task { await server.stop() } }
        let store = try Store(path: folder.path(), schema: SampleAPI.storeSchema)
        let errors = ReportedErrors()
        let client = APIClient(configuration: SampleAPI.configuration(baseURL: server.origin)).storing(in: store, onError: errors.record)
        await #expect(throws: APIError.self) { try await User.read(id: 1, on: client) }
        #expect(errors.all.count == 1)
        #expect(try await store.count(User.self) == 0)
    }
}
