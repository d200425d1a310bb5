// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureArticleCRUDEFuturesModel
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The docs' examples written against Fixtures/article-crude-futures-model/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `Household.configuration()` that server's base URL.
@Suite struct DocExamplesArticleCRUDEFuturesModel {
    /// Example 2 of CrudeRuntime.docc/MigratingFromCRUDEFutures.md.
    @Test func cruderuntime_docc_migratingfromcrudefutures_md_example2() async throws {
        func example() async throws {
            // What the example uses without making it.
            let client = APIClient(configuration: Household.configuration(baseURL: DocExampleEnvironment.baseURL))
            var person = try await Person.read(id: 12345, on: client)

            do {
                person = try await person.read(on: client)
            } catch {
                print(error)
            }
        }
        try await DocExampleEnvironment.run(fixture: "article-crude-futures-model", example: "CrudeRuntime.docc/MigratingFromCRUDEFutures.md example 2", example)
    }
}
