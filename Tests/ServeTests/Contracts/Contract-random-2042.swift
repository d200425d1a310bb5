// swift-format-ignore-file
// Written from Fixtures/random-2042/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

@testable import FixtureRandom2042

/// The generated client of Fixtures/random-2042 against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct Random2042RecordedContractTests {

    @Test(arguments: ContractTarget.all) func pageContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "random-2042", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandom2042.SampleAPI.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandom2042.ResourcePage.list(query: "YQ==", on: client)
        var expected = contract.count("Page")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureRandom2042.ResourcePage.read(queryx: FixtureRandom2042.Element.type, id: firstID, on: client) == first)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        try await fresh.create(query: "YQ==", on: client)
        expected += 1
        #expect(await contract.records("Page").count == expected)
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func dateContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "random-2042", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandom2042.SampleAPI.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandom2042.Date.list(on: client)
        var expected = contract.count("Date")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = Foundation.UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
        #expect(try await FixtureRandom2042.Date.read(prefix: Foundation.UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, id: firstID, on: client) == first)
        let changed = first
        #expect(try await changed.update(on: client) == changed)
        #expect(await contract.records("Date").count == expected)
        // No partial update: the spec has none.
        // No create: it is deprecated, and calling it would warn.
        try await FixtureRandom2042.Date.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Date").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureRandom2042.Date.read(prefix: Foundation.UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, id: firstID, on: client) }
    }
}
#endif
