// swift-format-ignore-file
// Written from Fixtures/article-raccoon/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureArticleRaccoon

/// The generated client of Fixtures/article-raccoon against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct ArticleRaccoonRecordedContractTests {

    @Test(arguments: ContractTarget.all) func userContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "article-raccoon", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureArticleRaccoon.SampleAPI.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureArticleRaccoon.User.list(on: client)
        let expected = contract.count("User")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureArticleRaccoon.User.read(id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }
}
#endif
