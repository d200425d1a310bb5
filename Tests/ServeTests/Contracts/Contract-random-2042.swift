// Written from Fixtures/random-2042/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

@testable import FixtureRandom2042

/// The generated client of Fixtures/random-2042 against `crudegen serve` of the same spec, one test per resource.
@Suite struct Random2042RecordedContractTests {

    @Test func pageContract() async throws {
        let contract = try await ContractServer.start(fixture: "random-2042")
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandom2042.SampleAPI.configuration(baseURL: contract.baseURL))
        let listed = try await FixtureRandom2042.ResourcePage.list(on: client)
        var expected = contract.count("Page")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = "id1"
        #expect(try await FixtureRandom2042.ResourcePage.read(id: firstID, on: client) == first)
        // No update: it is deprecated, and calling it would warn.
        // No partial update: the spec has none.
        var fresh = first
        fresh.id = nil
        _ = try await fresh.create(on: client)
        expected += 1
        #expect(await contract.records("Page").count == expected)
        // No delete: the spec lists none.
    }

    @Test func dateContract() async throws {
        let contract = try await ContractServer.start(fixture: "random-2042")
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureRandom2042.SampleAPI.configuration(baseURL: contract.baseURL))
        // No list: it is deprecated, and calling it would warn.
        let firstID = Foundation.UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
        let first = try await FixtureRandom2042.Date.read(macrox: true, id: firstID, on: client)
        let changed = first
        #expect(try await changed.update(macrox: true, on: client) == changed)
        var expected = contract.count("Date")
        #expect(await contract.records("Date").count == expected)
        // No partial update: the spec has none.
        // No create: the spec lists none.
        try await FixtureRandom2042.Date.delete(macrox: true, id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Date").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureRandom2042.Date.read(macrox: true, id: firstID, on: client) }
    }
}
#endif
