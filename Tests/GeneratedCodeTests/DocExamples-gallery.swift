// swift-format-ignore-file
// Generated from the examples in README.md and docs/ by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureGallery
import Foundation
import Testing

/// The docs' examples written against Fixtures/gallery/spec.yaml, each run against a loopback server
/// serving that API; inside an example, `Gallery.configuration()` points at that server.
@Suite struct DocExamplesGallery {
    /// Example 1 of README.md.
    @Test func readme_md_example1() async throws {
        try await DocExampleEnvironment.run(fixture: "gallery") {
            enum Gallery {
                static func configuration() -> ClientConfiguration {
                    FixtureGallery.Gallery.configuration(baseURL: DocExampleEnvironment.baseURL)
                }
            }
            let client = APIClient(configuration: Gallery.configuration())
            let photo = FileUpload(data: Data("GIF89a".utf8), fileName: "ada.gif")       // image/gif, from the name
            let stored = try await Photo.upload(album: 3, photo: photo, caption: "Ada", on: client)
            print(stored.id, stored.size)                                                // POST albums/3/photos
        }
    }
}
