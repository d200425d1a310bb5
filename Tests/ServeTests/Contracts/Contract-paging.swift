// swift-format-ignore-file
// Written from Fixtures/paging/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixturePaging

/// The generated client of Fixtures/paging against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct PagingRecordedContractTests {

    @Test(arguments: ContractTarget.all) func userContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "paging", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixturePaging.Paging.configuration(baseURL: contract.baseURL))
        var listed: [FixturePaging.User] = []
        for try await item in FixturePaging.User.pages(on: client).items { listed.append(item) }
        let expected = contract.count("User")
        #expect(listed.count == expected)
        // No read: the spec lists none.
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func entryContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "paging", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixturePaging.Paging.configuration(baseURL: contract.baseURL))
        var listed: [FixturePaging.Entry] = []
        for try await item in FixturePaging.Entry.pages(on: client).items { listed.append(item) }
        let expected = contract.count("Entry")
        #expect(listed.count == expected)
        // No read: the spec lists none.
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func eventContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "paging", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixturePaging.Paging.configuration(baseURL: contract.baseURL))
        var listed: [FixturePaging.Event] = []
        for try await item in FixturePaging.Event.pages(on: client).items { listed.append(item) }
        let expected = contract.count("Event")
        #expect(listed.count == expected)
        // No read: the spec lists none.
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func issueContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "paging", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixturePaging.Paging.configuration(baseURL: contract.baseURL))
        var listed: [FixturePaging.Issue] = []
        for try await item in FixturePaging.Issue.pages(owner: "YQ==", on: client).items { listed.append(item) }
        let expected = contract.count("Issue")
        #expect(listed.count == expected)
        // No read: the spec lists none.
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }

    @Test(arguments: ContractTarget.all) func postContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "paging", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixturePaging.Paging.configuration(baseURL: contract.baseURL))
        var listed: [FixturePaging.Post] = []
        for try await item in FixturePaging.Post.pages(on: client).items { listed.append(item) }
        let expected = contract.count("Post")
        #expect(listed.count == expected)
        // No read: the spec lists none.
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }
}
#endif
