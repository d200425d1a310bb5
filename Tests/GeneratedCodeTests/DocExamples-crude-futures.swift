// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureCRUDEFutures
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if CrudeServe
import CrudeServe
#endif

/// The docs' examples written against Fixtures/crude-futures/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `Household.configuration()` that server's base URL.
@Suite struct DocExamplesCRUDEFutures {
    #if CrudeServe
    /// Example 1 of docs/serve.md.
    @Test func docs_serve_md_example1() async throws {
        func example() async throws {
            let package = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let server = try SpecServer(
                specAt: package.appending(path: "Examples/Household/Sources/HouseholdModels/Household.crude.yaml").path,
                seed: Seed(contentsOf: package.appending(path: "Examples/Household/seed.json").path))
            let client = APIClient(configuration: Household.configuration(baseURL: try await server.start()))
            var grace = try await Person.read(id: 2, on: client)       // from the seed
            grace.tags.append("compilers")
            grace = try await grace.update(on: client)
            #expect(try await server.records(of: "Person").count == 2)   // the stored state, as the wire writes it
            try await server.reset()                                   // back to the seed, between tests
            #expect(try await Person.read(id: 2, on: client).tags == ["navy", "cobol"])
            await server.stop()
        }
        try await DocExampleEnvironment.run(fixture: "crude-futures", example: "docs/serve.md example 1", example)
    }
    #endif
}
