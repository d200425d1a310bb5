// swift-format-ignore-file
// Generated from the examples in README.md and docs/ by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureReadme
import Foundation
import Testing

/// The docs' examples written against Fixtures/readme/spec.yaml, each run against a loopback server
/// serving that API; inside an example, `Household.configuration()` points at that server.
@Suite struct DocExamplesReadme {
    /// Example 1 of README.md.
    @Test func readme_md_example1() async throws {
        try await DocExampleEnvironment.run(fixture: "readme") {
            enum Household {
                static func configuration() -> ClientConfiguration {
                    FixtureReadme.Household.configuration(baseURL: DocExampleEnvironment.baseURL)
                }
            }
            let client = APIClient(configuration: Household.configuration())
            let birthday = try Date("1815-12-10T00:00:00Z", strategy: .iso8601)
            var ada = try await Person(firstName: "Ada", birthday: birthday).create(on: client)   // POST people
            ada = try await Person.read(id: ada.id!, on: client)                                  // GET people/7
            ada.favoriteColor = .green
            ada = try await ada.update(on: client)                                                // PATCH people/7
            let everyone = try await Person.list(on: client)                                      // GET people
            print(everyone.map(\.firstName))
            try await ada.delete(on: client)                                                      // DELETE people/7
        }
    }

    /// Example 2 of README.md.
    @Test func readme_md_example2() async throws {
        try await DocExampleEnvironment.run(fixture: "readme") {
            enum Household {
                static func configuration() -> ClientConfiguration {
                    FixtureReadme.Household.configuration(baseURL: DocExampleEnvironment.baseURL)
                }
            }
            let transport = InMemoryTransport(json: #"{"data": {"person": {"id_Number": 7, "first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"}}}"#)
            let client = APIClient(configuration: Household.configuration(), transport: transport)
            let read = Person.readOperation(id: 7)
            #expect(try read.url(on: client).path == "/api/people/7")
            let result = try await read.response(on: client)
            #expect(result.value.firstName == "Ada" && result.response.status == .ok && result.request.method == .get)
            try await Person.deleteOperation(id: 7).succeed(on: client)
            #expect(transport.requests.count == 2)
        }
    }

    /// Example 3 of README.md.
    @Test func readme_md_example3() async throws {
        try await DocExampleEnvironment.run(fixture: "readme") {
            enum Household {
                static func configuration() -> ClientConfiguration {
                    FixtureReadme.Household.configuration(baseURL: DocExampleEnvironment.baseURL)
                }
            }
            let transport = InMemoryTransport(json: #"{"data": {"person": {"id_Number": 7, "first_name": "Ada", "birthday": "1815-12-10T00:00:00Z"}}}"#)
            let client = APIClient(configuration: Household.configuration(), transport: transport)
            let person = try await Person.read(id: 7, on: client)
            #expect(person.firstName == "Ada")
            #expect(transport.requests.last?.head.path == "/api/people/7")
        }
    }
}
