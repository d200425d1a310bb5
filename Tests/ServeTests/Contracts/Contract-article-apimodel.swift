// swift-format-ignore-file
// Written from Fixtures/article-apimodel/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureArticleApiModel

/// The generated client of Fixtures/article-apimodel against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct ArticleApimodelRecordedContractTests {

    @Test(arguments: ContractTarget.all) func postContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "article-apimodel", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureArticleApiModel.Blog.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureArticleApiModel.Post.list(on: client)
        var expected = contract.count("Post")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureArticleApiModel.Post.read(id: firstID, on: client) == first)
        var changed = first
        changed.title = "changed"
        #expect(try await changed.update(on: client).title == "changed")
        #expect(await contract.stores("Post", "title", "changed"))
        #expect(await contract.records("Post").count == expected)
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.title == fresh.title)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Post").count == expected)
        try await FixtureArticleApiModel.Post.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Post").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureArticleApiModel.Post.read(id: firstID, on: client) }
    }
}
#endif
