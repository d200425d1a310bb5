import CrudeLogging
import CrudeRuntime
import FixtureDRFCRUDEFutures
import Foundation
import Logging
import TestHTTPServer
import TestTags
import Testing

/// Every flow of CRUDE-Futures' README (seed 001) through code generated from
/// Fixtures/drf-crude-futures/spec.yaml, against the real Django REST Framework server
/// (Tests/DRFServer/seeds/crude_futures.py).
///
/// | seed line | flow | test |
/// |---|---|---|
/// | 16 | `createOnServer` → the server's copy | ``createReadUpdateDeleteEnumerate(_:)`` |
/// | 17 | `createOnServerOkay` → `Okay` | ``okayVariantsIgnoreTheBody(_:)`` |
/// | 18, 147 | `readFromServer()` on a value | ``createReadUpdateDeleteEnumerate(_:)`` |
/// | 19, 143 | `readFromServerWithId(12345)` | ``createReadUpdateDeleteEnumerate(_:)`` |
/// | 20 | `updateOnServer` (PUT, every field) → the server's copy | ``createReadUpdateDeleteEnumerate(_:)`` |
/// | 21 | `updateOnServerOkay` → `Okay` | ``okayVariantsIgnoreTheBody(_:)`` |
/// | 22, 175 | `deleteFromServer` → `Okay` (DRF: 204, no body) | ``createReadUpdateDeleteEnumerate(_:)`` |
/// | 23 | `enumerateFromServer` → `[Self]` | ``createReadUpdateDeleteEnumerate(_:)`` |
/// | 45 | `CRUDE.configure(baseURL:headers:)` | every test (`configuration(baseURL:)`, `Accept` header) |
/// | 49–65 | a response logging block | ``loggingBlocksSeeEveryExchange(_:)`` |
/// | 69–74 | a request logging block (method, path, headers) | ``loggingBlocksSeeEveryExchange(_:)`` |
/// | 76 | the default logger | ``loggingBlocksSeeEveryExchange(_:)`` (`RequestLogger`) |
/// | 85 | `path` and `objectKey` wrapping responses only | ``objectKeyWrapsResponsesOnly(_:)`` |
/// | 89–103 | Person's mapping: `id_Number`, snake_case keys, optional `favorite_color` | ``createReadUpdateDeleteEnumerate(_:)`` |
/// | 105–109 | a Household holding its people, sorted by first name | ``householdHoldsItsPeople(_:)`` |
/// | 114 | read, update and delete need the id; `people/12345` | ``createReadUpdateDeleteEnumerate(_:)``, ``anIdIsNeededToReadUpdateOrDelete(_:)`` |
/// | 121–136 | `nullifiedAttributes` vs `valuedAttributes` (`updateOnServer(valuedAttributesOnly: true)`) | ``nilsGoOutAsNullOrAreLeftOut(_:)`` |
/// | 151–157 | `onSuccess` / `onFailure` / `onComplete` | ``aFailedReadThrowsTheServersAnswer(_:)`` |
/// | 163 | `CRUDE.request(.GET, …)` → JSON | ``rawRequests(_:)`` |
/// | 165–171 | `requestObject`, `requestObjectsArray(…, parameters:)` | ``rawRequests(_:)`` |
/// | 177 | `requestForSuccess` → `Okay` | ``rawRequests(_:)`` |
/// | 183 | `readPath` and `updatePath` overrides | ``createReadUpdateDeleteEnumerate(_:)`` |
/// | 187–193 | a static or dynamic `enumeratePath` (`households/(id)/people`) | ``createReadUpdateDeleteEnumerate(_:)`` |
/// | 200–206 | `CRUDERequest(urlString:parameters:headers:)` | ``rawRequests(_:)`` |
/// | 208 | `pauseRequest()`, `resumeRequest()`, `cancelRequest()` | ``pausedRequestsWaitUntilResumed(_:)``, ``aResultArrivingWhilePausedIsHeld(_:)``, ``cancelEndsARunningRequest(_:)`` |
/// | issue 11 | partial updates by PATCH while PUT needs every field | ``patchSendsOnlyWhatChangesByPATCH(_:)`` |
/// | issue 11 | read-only fields the caller never supplies | ``householdHoldsItsPeople(_:)`` |
/// | issue 11 | the URL of a route | ``okayVariantsIgnoreTheBody(_:)`` |
@Suite(.tags(.integration), .skippedWhenQuick) struct DRFCRUDEFuturesTests {
    /// A client of the group on the seed's endpoints, from the spec's configuration as `change` adjusts it.
    static func client(
        _ transport: TestTransport, _ group: DRFSeedGroup, _ change: (inout ClientConfiguration) -> Void = { _ in }, middlewares: [any ClientMiddleware] = []
    )
        -> APIClient
    {
        var configuration = group.configure(CRUDEServer.configuration(), seed: "crude")
        change(&configuration)
        return APIClient(configuration: configuration, transport: transport.make(), middlewares: middlewares)
    }

    /// Waits until `condition` holds, checking every 40 ms for up to 10 s.
    static func eventually(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<250 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(40))
        }
    }

    @Test(arguments: TestTransport.allCases) func createReadUpdateDeleteEnumerate(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let home = try await Household(name: "Home").create(on: client)
        let homeID = try #require(home.id)

        let ada = try await Person(firstName: "Ada", lastName: "Lovelace", favoriteColor: "red", household: homeID).create(on: client)
        let adaID = try #require(ada.id, "the server's id arrives as `id_Number`")
        #expect(ada.firstName == "Ada" && ada.favoriteColor == "red" && ada.household == homeID)

        #expect(try await Person.read(id: adaID, on: client) == ada)
        #expect(try await ada.read(on: client) == ada)

        var renamed = ada
        renamed.lastName = "King"
        let updated = try await renamed.update(on: client)
        #expect(updated.lastName == "King" && updated.id == adaID)

        _ = try await Person(firstName: "Byron", lastName: "Lord", household: homeID).create(on: client)
        _ = try await Person(firstName: "Nobody", lastName: "Else").create(on: client)
        let members = try await Person.list(householdID: homeID, on: client)
        #expect(members.map(\.firstName) == ["Ada", "Byron"], "the dynamic enumerate path lists one household's people")

        try await updated.delete(on: client)
        await #expect(throws: APIError.self) { try await Person.read(id: adaID, on: client) }

        let sent = try await group.requests().map { "\($0.method) \($0.path) \($0.status ?? 0)" }
        #expect(
            sent == [
                "POST /api/crude/households/ 201",
                "POST /api/crude/people/ 201",
                "GET /api/crude/person/\(adaID)/ 200",
                "GET /api/crude/person/\(adaID)/ 200",
                "PUT /api/crude/household/people/\(adaID)/ 200",
                "POST /api/crude/people/ 201",
                "POST /api/crude/people/ 201",
                "GET /api/crude/households/\(homeID)/people/ 200",
                "DELETE /api/crude/people/\(adaID)/ 204",
                "GET /api/crude/person/\(adaID)/ 404",
            ], "readPath, updatePath and enumeratePath as the spec overrides them, each with its trailing slash")
        #expect(try await group.requests().allSatisfy { $0.headers["accept"] == "application/json" }, "the configured headers go with every request")
    }

    @Test(arguments: TestTransport.allCases) func okayVariantsIgnoreTheBody(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let home = try await Household(name: "Home").create(on: client)
        let homeID = try #require(home.id)
        // A client expecting an envelope this server never sends: decoding fails, success alone does not.
        let enveloped = Self.client(transport, group) {
            $0.envelope = ["data"]
            $0.wrapsRequestsInEnvelope = false
        }
        let draft = Person(firstName: "Ada", lastName: "Lovelace", household: homeID)
        await #expect(throws: APIError.self) { try await draft.createOperation().send(on: enveloped) }
        try await draft.createOperation().succeed(on: enveloped)

        var ada = try #require(try await Person.list(householdID: homeID, on: client).first)
        let id = try #require(ada.id)
        ada.lastName = "King"
        try await ada.updateOperation().succeed(on: enveloped)
        #expect(try await Person.read(id: id, on: client).lastName == "King")

        let url = try Person.readOperation(id: id).url(on: client)
        #expect(url.absoluteString == "\(group.api.absoluteString)/crude/person/\(id)/", "the URL of a route, nothing sent")
        #expect(try await group.requests().map(\.method) == ["POST", "POST", "POST", "GET", "PUT", "GET"])
    }

    @Test(arguments: TestTransport.allCases) func anIdIsNeededToReadUpdateOrDelete(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let draft = Person(firstName: "Ada", lastName: "Lovelace")
        let error = await #expect(throws: APIError.self) { try await draft.delete(on: client) }
        guard case .missingValue("id")? = error else {
            Issue.record("expected .missingValue(\"id\"), got \(String(describing: error))")
            return
        }
        await #expect(throws: APIError.self) { try await draft.read(on: client) }
        await #expect(throws: APIError.self) { try await draft.update(on: client) }
        #expect(try await group.requests().isEmpty, "nothing is sent without an id")
    }

    @Test(arguments: TestTransport.allCases) func objectKeyWrapsResponsesOnly(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        // DRF reads the plain object: a body wrapped in {"person": …} would be answered 400 "This field is required."
        let ada = try await Person(firstName: "Ada", lastName: "Lovelace").create(on: client)
        let raw = try await client.request(.get, "person/\(try #require(ada.id))/")
        #expect(raw["person"]?["first_name"] == .string("Ada"), "responses carry the object key")
        let all = try await client.request(.get, "people/")
        #expect(all["people"] == .array([try #require(raw["person"])]), "lists carry the plural key")
    }

    @Test(arguments: TestTransport.allCases) func householdHoldsItsPeople(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        // `people` and `createdAt` are read-only: the server fills them, the caller never supplies them.
        let home = try await Household(name: "Home").create(on: client)
        let homeID = try #require(home.id)
        #expect(home.people == [] && home.createdAt != nil)
        for name in ["Grace", "Ada", "Charles"] {
            _ = try await Person(firstName: name, lastName: "X", household: homeID).create(on: client)
        }
        let read = try await Household.read(id: homeID, on: client)
        #expect(read.people?.map(\.firstName) == ["Ada", "Charles", "Grace"])
        #expect(read.createdAt == home.createdAt)
        var renamed = read
        renamed.name = "Cottage"
        #expect(try await renamed.update(on: client).name == "Cottage", "read-only fields are never sent, so DRF accepts the PUT")
    }

    @Test(arguments: TestTransport.allCases) func nilsGoOutAsNullOrAreLeftOut(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let ada = try await Person(firstName: "Ada", lastName: "Lovelace", favoriteColor: "red").create(on: client)
        var forgetful = ada
        forgetful.favoriteColor = nil
        let kept = try await forgetful.update(nils: .omit, on: client)
        #expect(kept.favoriteColor == "red", "valuedAttributes: a field left out keeps its value on the server")
        let cleared = try await forgetful.update(on: client)
        #expect(cleared.favoriteColor == nil, "nullifiedAttributes (the default): null clears it")
    }

    @Test(arguments: TestTransport.allCases) func patchSendsOnlyWhatChangesByPATCH(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let ada = try await Person(firstName: "Ada", lastName: "Lovelace", favoriteColor: "red").create(on: client)
        let id = try #require(ada.id)
        var patch = Person.Patch()
        patch.lastName = .set("King")
        patch.favoriteColor = .clear
        let patched = try await Person.update(id: id, patch, on: client)
        #expect(patched.firstName == "Ada" && patched.lastName == "King" && patched.favoriteColor == nil)
        #expect(try await group.requests().last?.method == "PATCH")

        // The same partial body as a whole update: DRF's PUT needs every required field.
        let error = await #expect(throws: APIError.self) {
            try await client.requestForSuccess(.put, "household/people/\(id)/", body: ["last_name": "Byron"])
        }
        guard case let .validation(status, errors, _)? = error else {
            Issue.record("expected .validation, got \(String(describing: error))")
            return
        }
        #expect(status == .badRequest && errors == ["first_name": ["This field is required."]])
    }

    @Test(arguments: TestTransport.allCases) func aFailedReadThrowsTheServersAnswer(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let error = await #expect(throws: APIError.self) { try await Person.read(id: 12345, on: Self.client(transport, group)) }
        guard case let .status(status, body)? = error else {
            Issue.record("expected .status, got \(String(describing: error))")
            return
        }
        #expect(status == .notFound)
        #expect(String(decoding: body, as: UTF8.self).contains("No CrudePerson matches the given query."))
    }

    @Test(arguments: TestTransport.allCases) func rawRequests(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let home = try await Household(name: "Home").create(on: client)
        let homeID = try #require(home.id)
        _ = try await Household(name: "Away").create(on: client)

        let json = try await client.request(.get, "households/\(homeID)/")
        #expect(json["name"] == .string("Home"))
        let one = try await client.requestObject(Household.self, .get, "households/\(homeID)/")
        #expect(one.id == homeID)
        let homes = try await client.requestObjectsArray(
            Household.self, .get, "households/", query: [URLQueryItem(name: "name", value: "Home")], headers: ["X-Caller": "crude"])
        #expect(homes.map(\.id) == [homeID])
        try await client.requestForSuccess(.delete, "households/\(homeID)/")

        let requests = try await group.requests()
        let search = try #require(requests.first { $0.path == "/api/crude/households/?name=Home" })
        #expect(search.headers["x-caller"] == "crude", "a raw request's headers arrive")
        #expect(requests.last?.method == "DELETE" && requests.last?.status == 204)
    }

    @Test(arguments: TestTransport.allCases) func loggingBlocksSeeEveryExchange(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let lines = Mutex<[String]>([])
        let logged = Mutex<[String]>([])
        let client = Self.client(
            transport,
            group,
            middlewares: [
                RequestLogger(logger: Logger(label: "crude") { _ in CapturingLogHandler(lines: logged) }),
                BeforeRequest { request in
                    lines.withLock { $0.append("CRUDE request \(request.head.method) \(request.head.path ?? "")") }
                },
                AfterResponse { request, response in
                    lines.withLock { $0.append("\(response.head.status.code) from \(request.head.method) \(request.head.path ?? "")") }
                },
            ])
        let ada = try await Person(firstName: "Ada", lastName: "Lovelace").create(on: client)
        let id = try #require(ada.id)
        _ = try? await Person.read(id: id + 1000, on: client)
        #expect(
            lines.withLock { $0 } == [
                "CRUDE request POST /api/crude/people/",
                "201 from POST /api/crude/people/",
                "CRUDE request GET /api/crude/person/\(id + 1000)/",
                "404 from GET /api/crude/person/\(id + 1000)/",
            ])
        #expect(logged.withLock { $0.joined(separator: "\n") }.contains("← 404"))
    }

    @Test(arguments: TestTransport.allCases) func pausedRequestsWaitUntilResumed(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let client = Self.client(transport, group)
        let ada = try await Person(firstName: "Ada", lastName: "Lovelace").create(on: client)
        let control = RequestControl()
        control.pause()
        let read = Task { try await ada.read(on: client.controlled(by: control)) }
        try await Task.sleep(for: .milliseconds(400))
        #expect(try await group.requests().count == 1, "a paused request is not sent")
        control.resume()
        #expect(try await read.value == ada)
        #expect(try await group.requests().count == 2)
    }

    /// Paused as the request goes to the server (by a middleware, so no step races another), held once the
    /// response has arrived, and paused for longer than the timeout from then on: only the exchange itself
    /// runs against the clock. The timeout is 20 s, which a busy machine's Django does not reach for one
    /// read (at 5 s a loaded CI machine timed the exchange out, and the response signal never came). The time
    /// limit counts the first test's wait for the Python environment to install, so it is wide.
    @Test(.timeLimit(.minutes(15)), arguments: TestTransport.allCases)
    func aResultArrivingWhilePausedIsHeld(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let ada = try await Person(firstName: "Ada", lastName: "Lovelace").create(on: Self.client(transport, group))
        let control = RequestControl()
        let responded = Signal()
        let pausing = Self.client(
            transport, group, { $0.timeout = .seconds(20) },
            middlewares: [BeforeRequest { _ in control.pause() }, AfterResponse { _, _ in responded.fire() }]
        )
        let finished = Mutex(false)
        let ended = Mutex(false)
        let read = Task {
            // A read that ends without a response (its exchange timed out on a busy machine) wakes the test
            // too, which then fails at once rather than waiting to its time limit.
            defer {
                ended.withLock { $0 = true }
                responded.fire()
            }
            let person = try await ada.read(on: pausing.controlled(by: control))
            finished.withLock { $0 = true }
            return person
        }
        await responded.wait()
        if ended.withLock({ $0 }) {
            Issue.record("the read ended before its response arrived: \(await read.result)")
            return
        }
        #expect(control.isPaused)
        // Nothing signals the absence of a timeout: only outlasting it shows the pause is not counted.
        try await Task.sleep(for: .seconds(21))
        #expect(!finished.withLock { $0 }, "the response has arrived, but the paused request does not complete")
        control.resume()
        #expect(try await read.value == ada, "the 21 s spent paused do not count against the 20 s timeout")
        #expect(try await group.requests().count == 2, "sent once")
    }

    /// The server answers after an hour, so only the cancel can end the request within the test's time limit,
    /// however busy the machine. The limit counts the first test's wait for the Python environment to install,
    /// so it is wide: it is there to end a hang, not to time the cancel.
    @Test(.timeLimit(.minutes(15)), arguments: TestTransport.allCases)
    func cancelEndsARunningRequest(_ transport: TestTransport) async throws {
        let group = try await DRFSeedGroup.make()
        let slow = Self.client(transport, group) { $0.headers["X-Delay"] = "3600" }
        let control = RequestControl()
        let read = Task { try await Person.read(id: 1, on: slow.controlled(by: control)) }
        try await Self.eventually { try await !group.requests().isEmpty }
        control.cancel()
        let error = await #expect(throws: APIError.self) { try await read.value }
        guard case .cancelled? = error else {
            Issue.record("expected .cancelled, got \(String(describing: error))")
            return
        }
    }
}
