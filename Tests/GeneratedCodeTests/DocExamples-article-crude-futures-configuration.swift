// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureArticleCRUDEFuturesConfiguration
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The docs' examples written against Fixtures/article-crude-futures-configuration/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `Household.configuration()` that server's base URL.
@Suite struct DocExamplesArticleCRUDEFuturesConfiguration {
    /// Example 1 of CrudeRuntime.docc/MigratingFromCRUDEFutures.md.
    @Test func cruderuntime_docc_migratingfromcrudefutures_md_example1() async throws {
        func example() async throws {
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL))
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = client
        }
        try await DocExampleEnvironment.run(fixture: "article-crude-futures-configuration", example: "CrudeRuntime.docc/MigratingFromCRUDEFutures.md example 1", example)
    }
}
