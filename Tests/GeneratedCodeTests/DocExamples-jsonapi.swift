// swift-format-ignore-file
// Generated from the examples in README.md, docs/ and the DocC articles by `CRUDEGEN_RECORD=1 swift test --filter DocExampleTests`. Do not edit.
import CrudeRuntime
import FixtureJSONAPI
import Foundation
import HTTPTypes
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The docs' examples written against Fixtures/jsonapi/spec.yaml, each run against a loopback server
/// serving that API; the recording gives `Library.configuration()` that server's base URL.
@Suite struct DocExamplesJSONAPI {
    /// Example 1 of docs/spec.md.
    @Test func docs_spec_md_example1() async throws {
        func example() async throws {
            // What the example uses without making it.
            let client = APIClient(configuration: Library.configuration(baseURL: DocExampleEnvironment.baseURL))
            var operation = Article.readOperation(id: "1")
            operation.request.query = [URLQueryItem(name: "include", value: "author")]
            let response = try await operation.response(on: client)
            let authors = try response.included(Person.self)      // [Person], in the document's order
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = authors
        }
        try await DocExampleEnvironment.run(fixture: "jsonapi", example: "docs/spec.md example 1", example)
    }

    /// Example 1 of CrudeRuntime.docc/SpecLanguage.md.
    @Test func cruderuntime_docc_speclanguage_md_example1() async throws {
        func example() async throws {
            // What the example uses without making it.
            let client = APIClient(configuration: Library.configuration(baseURL: DocExampleEnvironment.baseURL))
            var operation = Article.readOperation(id: "1")
            operation.request.query = [URLQueryItem(name: "include", value: "author")]
            let response = try await operation.response(on: client)
            let authors = try response.included(Person.self)      // [Person], in the document's order
            // Values the example makes and does not use, read so that the compiler does not warn.
            _ = authors
        }
        try await DocExampleEnvironment.run(fixture: "jsonapi", example: "CrudeRuntime.docc/SpecLanguage.md example 1", example)
    }
}
