// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureArticleRaccoon
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The docs' examples written against Fixtures/article-raccoon/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `SampleAPI.configuration()` that server's base URL.
@Suite struct DocExamplesArticleRaccoon {
    /// Example 1 of CrudeRuntime.docc/MigratingFromRaccoon.md.
    @Test func cruderuntime_docc_migratingfromraccoon_md_example1() async throws {
        func example() async throws {
            let client = APIClient(configuration: SampleAPI.configuration(baseURL: DocExampleEnvironment.baseURL))
            do {
                let user = try await User.read(id: 1, on: client)
                print(user)
            } catch {
                print(error)
            }
        }
        try await DocExampleEnvironment.run(fixture: "article-raccoon", example: "CrudeRuntime.docc/MigratingFromRaccoon.md example 1", example)
    }

    /// Example 2 of CrudeRuntime.docc/MigratingFromRaccoon.md.
    @Test func cruderuntime_docc_migratingfromraccoon_md_example2() async throws {
        func example() async throws {
            // What the example uses without making it.
            let client = APIClient(configuration: SampleAPI.configuration(baseURL: DocExampleEnvironment.baseURL))
            let response = try await SampleAPI.login(username: "username", password: "password", on: client)
            print(response.token, response.user)
        }
        try await DocExampleEnvironment.run(fixture: "article-raccoon", example: "CrudeRuntime.docc/MigratingFromRaccoon.md example 2", example)
    }
}
