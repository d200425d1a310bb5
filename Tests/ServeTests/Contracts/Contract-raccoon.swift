// swift-format-ignore-file
// Written from Fixtures/raccoon/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureRaccoon

/// The generated client of Fixtures/raccoon against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct RaccoonRecordedContractTests {

    @Test(arguments: ContractTarget.all) func userContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "raccoon", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRaccoon.SampleAPI.configuration(baseURL: contract.baseURL))
        var listed: [FixtureRaccoon.User] = []
        for try await item in FixtureRaccoon.User.pages(on: client).items { listed.append(item) }
        let expected = contract.count("User")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureRaccoon.User.read(id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }
}
#endif
