#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixtureReadme
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Testing

/// README's spec as server code (`crudegen --server`, recorded in `GeneratedServers/FixtureReadmeService.swift`):
/// a service that implements some methods answers those itself and the others by default, each method
/// receiving the client's own types.
@Suite struct GeneratedServerTests {
    /// Names are kept in capitals; deleting is forbidden; lists show people born before 2000 only; every
    /// partial update it receives is kept for the test to look at.
    struct Registry: FixtureReadmeService {
        let patches = PatchLog()

        func createPerson(_ value: Person, context: OperationContext) async throws -> Person {
            var value = value
            value.firstName = value.firstName.uppercased()
            return try await context.defaultCreate(value)
        }

        func updatePerson(id: Int, _ patch: Person.Patch, context: OperationContext) async throws -> Person {
            await patches.append(patch)
            return try await context.defaultPatch(patch)
        }

        func deletePerson(id: Int, context: OperationContext) async throws {
            throw ServiceError(status: 403, message: "People are never deleted here.")
        }

        func listPerson(_ window: Range<Int>, context: OperationContext) async throws -> Listed<Person> {
            let all: Listed<Person> = try await context.defaultList(0..<Int.max)
            let earlier = all.values.filter { $0.birthday < Date(timeIntervalSince1970: 946_684_800) }
            return Listed(Array(earlier[window.clamped(to: earlier.indices)]), total: earlier.count)
        }
    }

    @Test func implementedMethodsAnswerAndTheOthersDefault() async throws {
        let registry = Registry()
        let server = try registry.server()
        let client = APIClient(configuration: Household.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }
        let early = Date(timeIntervalSince1970: 0)

        // createPerson: the service's; the stored value and the answer carry its change.
        let ada = try await Person(firstName: "Ada", favoriteColor: .blue, birthday: early).create(on: client)
        #expect(ada.id == 1 && ada.firstName == "ADA" && ada.favoriteColor == .blue && ada.birthday == early)
        #expect(try await server.records(of: "Person").first?["first_name"] == .string("ADA"))
        let grace = try await Person(firstName: "Grace", birthday: Date(timeIntervalSince1970: 1_000_000_000)).create(on: client)

        // readPerson: the default.
        #expect(try await Person.read(id: 1, on: client) == ada)

        // updatePerson: the Patch the client sent arrives as the client built it, a field it did not set kept.
        let patched = try await Person.update(id: 1, Person.Patch(favoriteColor: .clear), on: client)
        #expect(patched.favoriteColor == nil && patched.firstName == "ADA")
        let received = try #require(await registry.patches.received.first)
        #expect(received.favoriteColor == .clear && received.firstName == .keep && received.birthday == .keep)

        // deletePerson: refused with the service's status and message; the value stays.
        await #expect {
            try await Person.delete(id: 2, on: client)
        } throws: { error in
            guard let error = error as? APIError, case let .status(status, body) = error else { return false }
            return status.code == 403 && String(decoding: body, as: UTF8.self).contains("People are never deleted here.")
        }
        #expect(try await Person.read(id: 2, on: client) == grace)

        // listPerson: the service's list, in the spec's envelope and namespace.
        #expect(try await Person.list(on: client).map(\.firstName) == ["ADA"])
    }

    @Test func aServiceWithNoMethodAnswersAsCrudegenServe() async throws {
        let server = try FixtureReadmeDefaults().server(
            seed: Seed(["Person": [.object(["first_name": .string("Ada"), "birthday": .string("1815-12-10T00:00:00Z")])]]))
        let client = APIClient(configuration: Household.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }
        let created = try await Person(firstName: "Grace", birthday: Date(timeIntervalSince1970: 0)).create(on: client)
        #expect(created.id == 2 && created.firstName == "Grace")
        #expect(try await Person.list(on: client).map(\.firstName) == ["Ada", "Grace"])
        try await Person.delete(id: 1, on: client)
        #expect(try await server.records(of: "Person").map { $0["first_name"] } == [JSONValue.string("Grace")])
    }

    /// On an application's own router, the spec's routes answer through the service, the application's own
    /// routes beside them, and a path neither has goes on to the router's 404.
    @Test func theServerJoinsAnApplicationsOwnRouter() async throws {
        let server = try Registry().server(
            seed: Seed(["Person": [.object(["first_name": .string("Ada"), "birthday": .string("1815-12-10T00:00:00Z")])]]))
        let router = Router()
        router.get("health") { _, _ in "ok" }
        router.get("api/people/2") { _, _ in "before" }
        server.register(on: router)
        router.get("api/statistics") { _, _ in "mine" }
        let (ports, bound) = AsyncStream<Int?>.makeStream()
        let app = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)), services: server.services,
            onServerRunning: { bound.yield($0.localAddress?.port) })
        let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        defer {
            Task {
                await group.triggerGracefulShutdown()
                _ = try? await running.value
            }
        }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next() ?? nil)
        let root = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let client = APIClient(configuration: Household.configuration(baseURL: root.appendingPathComponent("api")))

        // The spec's routes, through the service: the seed is there, a create is the service's.
        #expect(try await Person.read(id: 1, on: client).firstName == "Ada")
        #expect(try await Person(firstName: "Grace", birthday: Date(timeIntervalSince1970: 0)).create(on: client).firstName == "GRACE")
        let refused = try await ServeSupport.send("DELETE", root.appendingPathComponent("api/people/1"))
        #expect(refused.status == 403 && refused.headers["Access-Control-Allow-Origin"] as? String == "*")
        // The application's routes: one added before the server's, one after it under its base path.
        let health = try await ServeSupport.send("GET", root.appendingPathComponent("health"))
        #expect(health.status == 200 && String(decoding: health.body, as: UTF8.self) == "ok")
        let mine = try await ServeSupport.send("GET", root.appendingPathComponent("api/statistics"))
        #expect(mine.status == 200 && String(decoding: mine.body, as: UTF8.self) == "mine")
        // A route added before the server's, on one of its paths and verbs, answers in its place.
        let before = try await ServeSupport.send("GET", root.appendingPathComponent("api/people/2"))
        #expect(before.status == 200 && String(decoding: before.body, as: UTF8.self) == "before")
        // Neither's: the router's own 404, not the spec's JSON detail.
        let neither = try await ServeSupport.send("GET", root.appendingPathComponent("api/nothing"))
        #expect(neither.status == 404 && neither.body.isEmpty)
    }
}

/// The partial updates a service received, in order.
actor PatchLog {
    private(set) var received: [Person.Patch] = []

    func append(_ patch: Person.Patch) {
        received.append(patch)
    }
}
#endif
