// swift-format-ignore-file
// Written from Fixtures/main-actor/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureMainActor

/// The generated client of Fixtures/main-actor against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct MainActorRecordedContractTests {

    @Test(arguments: ContractTarget.all) func artistContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "main-actor", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureMainActor.Studio.configuration(baseURL: contract.baseURL))
        var listed: [FixtureMainActor.Artist] = []
        for try await item in FixtureMainActor.Artist.pages(on: client).items { listed.append(item) }
        var expected = contract.count("Artist")
        #expect(listed.count == expected)
        let first = try #require(listed.first)
        let firstID = 1
        #expect(try await FixtureMainActor.Artist.read(id: firstID, on: client) == first)
        var changed = first
        changed.name = "changed"
        #expect(try await changed.update(on: client).name == "changed")
        #expect(await contract.stores("Artist", "name", "changed"))
        #expect(await contract.records("Artist").count == expected)
        #expect(try await FixtureMainActor.Artist.update(id: firstID, FixtureMainActor.Artist.Patch(name: .set("patched")), on: client).name == "patched")
        #expect(await contract.stores("Artist", "name", "patched"))
        var fresh = first
        fresh.id = nil
        let created = try await fresh.create(on: client)
        #expect(created.name == fresh.name)
        #expect(created.id != nil)
        expected += 1
        #expect(await contract.records("Artist").count == expected)
        try await FixtureMainActor.Artist.delete(id: firstID, on: client)
        expected -= 1
        #expect(await contract.records("Artist").count == expected)
        await #expect(throws: CrudeRuntime.APIError.self) { try await FixtureMainActor.Artist.read(id: firstID, on: client) }
    }
}
#endif
