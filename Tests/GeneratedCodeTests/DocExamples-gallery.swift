// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureGallery
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The docs' examples written against Fixtures/gallery/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `Gallery.configuration()` that server's base URL.
@Suite struct DocExamplesGallery {
    /// Example 4 of README.md.
    @Test func readme_md_example4() async throws {
        func example() async throws {
            let client = APIClient(configuration: Gallery.configuration(baseURL: DocExampleEnvironment.baseURL))
            let photo = FileUpload(data: Data("GIF89a".utf8), fileName: "ada.gif")       // image/gif, from the name
            let stored = try await Photo.upload(album: 3, photo: photo, caption: "Ada", on: client)
            print(stored.id, stored.size)                                                // POST albums/3/photos
        }
        try await DocExampleEnvironment.run(fixture: "gallery", example: "README.md example 4", example)
    }
}
