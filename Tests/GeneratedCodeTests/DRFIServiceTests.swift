import CrudeRuntime
import FixtureDRFIService
import Foundation
import TestTags
import Testing

/// Every flow of iService's README (seed 002) through code generated from
/// Fixtures/drf-iservice/spec.yaml, against the real Django REST Framework server
/// (Tests/DRFServer/seeds/iservice.py). The server counts the requests that reach it, so the cache tests
/// see which calls the client's cache answered.
///
/// | seed line | flow | test |
/// |---|---|---|
/// | 33, 96 | `Service(baseUrl:)` | every test (`configuration(baseURL:)`) |
/// | 36, 102 | `retrieve("1")` | ``resultPartsOfOneCall(_:)`` |
/// | 37–40 | `result.request`, `result.response`, `result.data`, `result.error` | ``resultPartsOfOneCall(_:)`` |
/// | 42–48 | services sharing a realm's configuration | ``realmHeadersAndAuthorization(_:)`` (one client for every call) |
/// | 50–60 | a per-request override (a header, a `{"userId": 1}` body) not inherited by the next call | ``perRequestOverrideIsNotInherited(_:)`` |
/// | 63–67, 98–99 | the realm's authorization and content type | ``realmHeadersAndAuthorization(_:)`` |
/// | 69–73 | the CRUD → HTTP map (create as PUT, update as PATCH) | ``crudMapAndItsOverride(_:)`` |
/// | 76–78 | `overrideCrudMethod(_:withHTTPMethod:)` | ``crudMapAndItsOverride(_:)`` |
/// | 80–87, 100 | headers for every request or one CRUD method (`Accept-Language` for RETRIEVE) | ``realmHeadersAndAuthorization(_:)`` |
/// | 89–92 | a global cache policy and one per CRUD method | ``readsFollowHTTPsRules(_:)``, ``listsReturnCachedDataElseLoad(_:)``, ``theGlobalPolicyAppliesWhereNoMethodHasOne(_:)`` |
@Suite(.tags(.integration), .skippedWhenQuick) struct DRFIServiceTests {
    /// A client of the group on the seed's endpoints (the realm), from the spec's configuration as `change` adjusts it.
    static func client(_ transport: TestTransport, _ group: DRFSeedGroup, _ change: (inout ClientConfiguration) -> Void = { _ in }) -> APIClient {
        var configuration = group.configure(ServiceRealm.configuration(), seed: "iservice")
        change(&configuration)
        return APIClient(configuration: configuration, transport: transport.make())
    }

    /// How many of the group's requests reached the server with `method` and `path`, with their statuses.
    static func statuses(_ group: DRFSeedGroup, _ method: String, _ path: String) async throws -> [Int?] {
        try await group.requests().filter { $0.method == method && $0.path == "/api/iservice/\(path)" }.map(\.status)
    }

    @Test(arguments: TestTransport.allCases) func resultPartsOfOneCall(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let leanne = try await User(userId: 1, name: "Leanne").create(on: client)
        let ervin = try await User(userId: 2, name: "Ervin").create(on: client)
        let ids = try [#require(leanne.id), #require(ervin.id)]
        // Two calls at once: each result holds its own request, response and body.
        async let first = User.readOperation(id: ids[0]).response(on: client)
        async let second = User.readOperation(id: ids[1]).response(on: client)
        for (result, user) in try await [(first, leanne), (second, ervin)] {
            #expect(result.value == user)
            #expect(result.request.method == .get && result.request.path == "/api/iservice/users/\(user.id ?? "")/")
            #expect(result.request.headerFields[.acceptLanguage] == "pl")
            #expect(result.response.status == .ok && result.response.headerFields[.cacheControl] == "max-age=60")
            #expect(result.response.headerFields[.eTag] != nil, "Django's ConditionalGetMiddleware tags every GET")
            #expect(try JSONDecoder().decode(User.self, from: result.body) == user)
        }
        // `result.error`: a failed call throws, with the server's answer.
        let error = await #expect(throws: APIError.self) { try await User.readOperation(id: "999999").response(on: client) }
        #expect(error?.status == .notFound)
    }

    @Test(arguments: TestTransport.allCases) func realmHeadersAndAuthorization(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let user = try await User(userId: 1, name: "Leanne").create(on: client)
        let id = try #require(user.id)
        #expect(try await User.read(id: id, on: client).name == "Leanne")
        _ = try await User.list(on: client)
        let requests = try await group.requests()
        #expect(requests.allSatisfy { $0.headers["authorization"] == "Token sagsrbiusd90322sdf4f3gd4" })
        #expect(requests[0].headers["content-type"] == "application/json")
        #expect(requests.map { $0.headers["accept-language"] == "pl" } == [false, true, false], "the RETRIEVE header goes with reads only")

        let stranger = Self.client(transport, group) { $0.headers["Authorization"] = nil }
        let error = await #expect(throws: APIError.self) { try await User.read(id: id, on: stranger.cachePolicy(.reloadIgnoringCache)) }
        guard case .unauthorized? = error else {
            Issue.record("expected .unauthorized, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: TestTransport.allCases) func crudMapAndItsOverride(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        var user = try await User(userId: 1, name: "Leanne").create(on: client)
        user.email = "leanne@example.com"
        _ = try await user.update(on: client)
        let overridden = Self.client(transport, group) { $0.methods["update"] = .put }
        user.name = "Ervin"
        _ = try await user.update(on: overridden)
        #expect(try await User.read(id: try #require(user.id), on: client) == user)
        #expect(try await group.requests().map(\.method) == ["PUT", "PATCH", "PUT", "GET"], "create as PUT, update as PATCH, then update as PUT")
    }

    @Test(arguments: TestTransport.allCases) func perRequestOverrideIsNotInherited(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let realm = Self.client(transport, group)
        var once = realm
        once.configuration.headers["Content-Type"] = "application/json; charset=utf-8"
        let created = try await User(userId: 1).create(on: once)
        #expect(created.userId == 1 && created.name == nil)
        _ = try await User(userId: 2).create(on: realm)
        let types = try await group.requests().map { $0.headers["content-type"] }
        #expect(types == ["application/json; charset=utf-8", "application/json"])
    }

    @Test(arguments: TestTransport.allCases) func readsFollowHTTPsRules(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let user = try await User(userId: 1, name: "Leanne").create(on: client)
        let id = try #require(user.id)
        _ = try await User.read(id: id, on: client)
        _ = try await User.read(id: id, on: client)
        #expect(try await Self.statuses(group, "GET", "users/\(id)/") == [200], "`max-age=60`: the second read is answered by the cache")

        _ = try await User.read(id: id, on: client.cachePolicy(.reloadIgnoringCache))
        #expect(try await Self.statuses(group, "GET", "users/\(id)/").count == 2, "a call's own policy wins")

        var renamed = user
        renamed.name = "Ervin"
        _ = try await renamed.update(on: client)
        #expect(try await User.read(id: id, on: client).name == "Ervin", "a successful write forgets the kept response")
        #expect(try await Self.statuses(group, "GET", "users/\(id)/").count == 3)
    }

    @Test(arguments: TestTransport.allCases) func listsReturnCachedDataElseLoad(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        _ = try await User(userId: 1, name: "Leanne").create(on: client)
        #expect(try await User.list(on: client).count == 1)
        // Another client adds a user: a write through this client would forget the list it keeps.
        _ = try await User(userId: 2, name: "Ervin").create(on: Self.client(transport, group))
        #expect(try await User.list(on: client).count == 1, "the list's `cache_else_load` keeps answering from the cache")
        #expect(try await Self.statuses(group, "GET", "users/") == [200])

        let protocolRules = client.cachePolicy(.useProtocolCachePolicy)
        #expect(try await User.list(on: protocolRules).count == 2, "`no-cache` revalidates; the list changed, so it is sent again")
        #expect(try await User.list(on: protocolRules).count == 2)
        #expect(try await Self.statuses(group, "GET", "users/") == [200, 200, 304], "an unchanged list is revalidated with a 304")
        #expect(try await User.list(on: client).count == 2, "the revalidated response is the one kept")
    }

    @Test(arguments: TestTransport.allCases) func theGlobalPolicyAppliesWhereNoMethodHasOne(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group) {
            $0.cachePolicy = .returnCacheDataDontLoad
            $0.operationCachePolicies[User.Operations.list] = nil
        }
        let error = await #expect(throws: APIError.self) { try await User.list(on: client) }
        #expect(error?.status == .gatewayTimeout, "only cached data, and none is kept")
        _ = try await User.list(on: client.cachePolicy(.reloadIgnoringCache))
        #expect(try await User.list(on: client).isEmpty, "now kept, it is returned without loading")
        #expect(try await Self.statuses(group, "GET", "users/").count == 1)
    }
}
