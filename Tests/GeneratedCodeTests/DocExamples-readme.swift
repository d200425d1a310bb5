// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureReadme
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if CrudeAsyncHTTPClient
import AsyncHTTPClient
import CrudeAsyncHTTPClient
#endif

/// The docs' examples written against Fixtures/readme/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `Household.configuration()` that server's base URL.
@Suite struct DocExamplesReadme {
    /// Example 1 of README.md.
    @Test func readme_md_example1() async throws {
        func example() async throws {
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL))
            let birthday = try Date("1815-12-10T00:00:00Z", strategy: .iso8601)
            var ada = try await Person(firstName: "Ada", birthday: birthday).create(on: client)   // POST people
            ada = try await Person.read(id: ada.id!, on: client)                                  // GET people/7
            ada.favoriteColor = .green
            ada = try await ada.update(on: client)                                                // PATCH people/7
            let everyone = try await Person.list(on: client)                                      // GET people
            print(everyone.map(\.firstName))
            try await ada.delete(on: client)                                                      // DELETE people/7
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "README.md example 1", example)
    }

    /// Example 2 of README.md.
    @Test func readme_md_example2() async throws {
        func example() async throws {
            let transport = InMemoryTransport(json: #"{"data": {"person": {"id_Number": 7, "first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"}}}"#)
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL), transport: transport)
            let read = Person.readOperation(id: 7)
            #expect(try read.url(on: client).path == "/api/people/7")
            let result = try await read.response(on: client)
            #expect(result.value.firstName == "Ada" && result.response.status == .ok && result.request.method == .get)
            try await Person.deleteOperation(id: 7).succeed(on: client)
            #expect(transport.requests.count == 2)
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "README.md example 2", example)
    }

    /// Example 3 of README.md.
    @Test func readme_md_example3() async throws {
        func example() async throws {
            let transport = InMemoryTransport(json: #"{"data": {"person": {"id_Number": 7, "first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"}}}"#)
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL), transport: transport)
            let person = try await Person.read(id: 7, on: client)
            #expect(person.firstName == "Ada")
            #expect(transport.requests.last?.head.path == "/api/people/7")
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "README.md example 3", example)
    }

    /// Example 1 of CrudeRuntime.docc/ChoosingATransport.md.
    @Test func cruderuntime_docc_choosingatransport_md_example1() async throws {
        func example() async throws {
            // What the example uses without making it.
            let challengeHandler: (any URLSessionDelegate)? = nil
            let configuration = URLSessionConfiguration.default
            configuration.httpAdditionalHeaders = ["User-Agent": "Household/2.1"]
            let session = URLSession(configuration: configuration, delegate: challengeHandler, delegateQueue: nil)
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL), transport: URLSessionTransport(session: session))
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = client
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/ChoosingATransport.md example 1", example)
    }

    #if CrudeAsyncHTTPClient
    /// Example 2 of CrudeRuntime.docc/ChoosingATransport.md.
    @Test func cruderuntime_docc_choosingatransport_md_example2() async throws {
        func example() async throws {
            let shared = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL), transport: AsyncHTTPClientTransport(client: .shared))

            let transport = AsyncHTTPClientTransport()
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL), transport: transport)
            do {
                let people = try await Person.list(on: client)
                print(people.count)
                try await transport.shutdown()
            } catch {
                try await transport.shutdown()
                throw error
            }
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = shared
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/ChoosingATransport.md example 2", example)
    }
    #endif

    /// Example 1 of CrudeRuntime.docc/CrudeRuntime.md.
    @Test func cruderuntime_docc_cruderuntime_md_example1() async throws {
        func example() async throws {
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL))
            var ada = try await Person.read(id: 7, on: client)    // GET people/7
            ada.favoriteColor = .green
            ada = try await ada.update(on: client)                 // PATCH people/7
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/CrudeRuntime.md example 1", example)
    }

    /// Example 1 of CrudeRuntime.docc/GettingStarted.md.
    @Test func cruderuntime_docc_gettingstarted_md_example1() async throws {
        func example() async throws {
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL))
            let birthday = try Date("1815-12-10T00:00:00Z", strategy: .iso8601)
            var ada = try await Person(firstName: "Ada", birthday: birthday).create(on: client)   // POST people
            ada = try await Person.read(id: ada.id!, on: client)                                  // GET people/7
            ada.favoriteColor = .green
            ada = try await ada.update(on: client)                                                // PATCH people/7
            let everyone = try await Person.list(on: client)                                      // GET people
            print(everyone.map(\.firstName))
            try await ada.delete(on: client)                                                      // DELETE people/7
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/GettingStarted.md example 1", example)
    }

    /// Example 1 of CrudeRuntime.docc/HandlingErrors.md.
    @Test func cruderuntime_docc_handlingerrors_md_example1() async throws {
        func example() async throws {
            // What the example uses without making it.
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL))
            let draft = Person(firstName: "", birthday: Date())
            do {
                _ = try await draft.create(on: client)
            } catch {
                switch error {
                case let .validation(_, errors, _):
                    print(errors)                         // ["first_name": ["must not be blank"]]
                case .unauthorized:
                    print("sign in again")
                case .cancelled:
                    break
                default:
                    print(error)                          // a readable description of every case
                }
            }
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/HandlingErrors.md example 1", example)
    }

    /// Example 2 of CrudeRuntime.docc/HandlingErrors.md.
    @Test func cruderuntime_docc_handlingerrors_md_example2() async throws {
        func example() async throws {
            // What the example uses without making it.
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL))
            do {
                _ = try await Person.read(id: 404, on: client)
            } catch {
                print(error.serverMessage ?? "no message")    // Person not found
                print(error)                                  // HTTP 404 Not Found: Person not found
            }
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/HandlingErrors.md example 2", example)
    }

    /// Example 3 of CrudeRuntime.docc/HandlingErrors.md.
    @Test func cruderuntime_docc_handlingerrors_md_example3() async throws {
        func example() async throws {
            var configuration = Household.configuration(baseURL: DocExampleEnvironment.baseURL)
            configuration.retry = RetryPolicy(maxAttempts: 3)
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = configuration
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/HandlingErrors.md example 3", example)
    }

    /// Example 1 of CrudeRuntime.docc/MiddlewareAndAuthentication.md.
    @Test func cruderuntime_docc_middlewareandauthentication_md_example1() async throws {
        func example() async throws {
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL), middlewares: [
                BeforeRequest { request in
                    request.head.headerFields[.init("X-Prepared")!] = "yes"
                },
                AfterResponse { request, response in
                    print("\(request.operation) \(response.head.status.code)")
                },
                ResponseBodyTransform { _, body in
                    let text = String(decoding: body, as: UTF8.self)
                    return Data(text.replacingOccurrences(of: "<json>", with: "").replacingOccurrences(of: "</json>", with: "").utf8)
                },
            ])
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = client
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/MiddlewareAndAuthentication.md example 1", example)
    }

    /// Example 2 of CrudeRuntime.docc/MiddlewareAndAuthentication.md.
    @Test func cruderuntime_docc_middlewareandauthentication_md_example2() async throws {
        func example() async throws {
            actor TokenStore: Authenticator {
                var token = "stale"
                func authorize(_ request: inout HTTPRequest) async throws {
                    request.headerFields[.authorization] = "Bearer \(token)"
                }
                func refresh() async throws {
                    token = "fresh"                       // ask your sign-in service for a new token here
                }
            }

            var configuration = Household.configuration(baseURL: DocExampleEnvironment.baseURL)
            configuration.authenticator = TokenStore()
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = configuration
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/MiddlewareAndAuthentication.md example 2", example)
    }

    /// Example 1 of CrudeRuntime.docc/TestingWithInMemoryTransport.md.
    @Test func cruderuntime_docc_testingwithinmemorytransport_md_example1() async throws {
        func example() async throws {
            let transport = InMemoryTransport(json: #"{"data": {"person": {"id_Number": 7, "first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"}}}"#)
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL), transport: transport)
            let person = try await Person.read(id: 7, on: client)
            #expect(transport.requests.last?.head.path == "/api/people/7")
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = person
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/TestingWithInMemoryTransport.md example 1", example)
    }

    /// Example 2 of CrudeRuntime.docc/TestingWithInMemoryTransport.md.
    @Test func cruderuntime_docc_testingwithinmemorytransport_md_example2() async throws {
        func example() async throws {
            let transport = InMemoryTransport { request, body in
                switch (request.method, request.path) {
                case (.get, "/api/people/7"):
                    (HTTPResponse(status: .ok), Data(#"{"data": {"person": {"id_Number": 7, "first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"}}}"#.utf8))
                default:
                    (HTTPResponse(status: .notFound), Data())
                }
            }
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = transport
        }
        try await DocExampleEnvironment.run(fixture: "readme", example: "CrudeRuntime.docc/TestingWithInMemoryTransport.md example 2", example)
    }
}
