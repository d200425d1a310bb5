// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureArticleCRUDEFuturesRoutes
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The docs' examples written against Fixtures/article-crude-futures-routes/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `Household.configuration()` that server's base URL.
@Suite struct DocExamplesArticleCRUDEFuturesRoutes {
    /// Example 3 of CrudeRuntime.docc/MigratingFromCRUDEFutures.md.
    @Test func cruderuntime_docc_migratingfromcrudefutures_md_example3() async throws {
        func example() async throws {
            // What the example uses without making it.
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL))
            let people = try await Person.list(householdID: 3, on: client)
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = people
        }
        try await DocExampleEnvironment.run(fixture: "article-crude-futures-routes", example: "CrudeRuntime.docc/MigratingFromCRUDEFutures.md example 3", example)
    }
}
