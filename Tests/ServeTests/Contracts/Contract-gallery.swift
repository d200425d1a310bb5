// swift-format-ignore-file
// Written from Fixtures/gallery/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureGallery

/// The generated client of Fixtures/gallery against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct GalleryRecordedContractTests {

    @Test(arguments: ContractTarget.all) func photoContract(target: ContractTarget) async throws {
        let contract = try await ContractServer.start(fixture: "gallery", target: target)
        defer { _Concurrency.Task { await contract.stop() } }
        let client = CrudeRuntime.APIClient(configuration: FixtureGallery.Gallery.configuration(baseURL: contract.baseURL))
        // No list: the spec lists none.
        let firstID = 1
        let first = try await FixtureGallery.Photo.read(album: 1, id: firstID, on: client)
        #expect(first.id == firstID)
        // No update: the spec lists none.
        // No partial update: the spec has none.
        // No create: the spec lists none.
        // No delete: the spec lists none.
    }
}
#endif
