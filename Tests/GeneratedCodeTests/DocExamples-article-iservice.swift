// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureArticleIService
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The docs' examples written against Fixtures/article-iservice/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `Placeholder.configuration()` that server's base URL.
@Suite struct DocExamplesArticleIService {
    /// Example 1 of CrudeRuntime.docc/MigratingFromIService.md.
    @Test func cruderuntime_docc_migratingfromiservice_md_example1() async throws {
        func example() async throws {
            let client = APIClient(configuration: Placeholder.configuration(baseURL: DocExampleEnvironment.baseURL))
            let user = try await User.read(id: "1", on: client)
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = user
        }
        try await DocExampleEnvironment.run(fixture: "article-iservice", example: "CrudeRuntime.docc/MigratingFromIService.md example 1", example)
    }

    /// Example 2 of CrudeRuntime.docc/MigratingFromIService.md.
    @Test func cruderuntime_docc_migratingfromiservice_md_example2() async throws {
        func example() async throws {
            var configuration = Placeholder.configuration(baseURL: DocExampleEnvironment.baseURL)
            configuration.operationHeaders[User.Operations.read] = ["Accept-Language": "fr"]
            configuration.methods["update"] = .put
            configuration.cache = MemoryResponseCache()
            configuration.operationCachePolicies[User.Operations.read] = .returnCacheDataElseLoad
            let client = APIClient(configuration: configuration)
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = client
        }
        try await DocExampleEnvironment.run(fixture: "article-iservice", example: "CrudeRuntime.docc/MigratingFromIService.md example 2", example)
    }
}
