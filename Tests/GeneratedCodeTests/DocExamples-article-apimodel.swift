// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureArticleApiModel
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The docs' examples written against Fixtures/article-apimodel/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `Blog.configuration()` that server's base URL.
@Suite struct DocExamplesArticleApiModel {
    /// Example 1 of CrudeRuntime.docc/MigratingFromApiModel.md.
    @Test func cruderuntime_docc_migratingfromapimodel_md_example1() async throws {
        func example() async throws {
            let client = APIClient(configuration: Blog.configuration(baseURL: DocExampleEnvironment.baseURL))
            for post in try await Post.list(on: client) {
                print("... \(post.title)")
            }

            var post = Post(title: "Hello", contents: "A first post")
            do {
                post = try await post.save(on: client)
            } catch .validation(_, let errors, _) {
                for (field, messages) in errors {
                    print("... \(field): \(messages)")
                }
            }
        }
        try await DocExampleEnvironment.run(fixture: "article-apimodel", example: "CrudeRuntime.docc/MigratingFromApiModel.md example 1", example)
    }
}
