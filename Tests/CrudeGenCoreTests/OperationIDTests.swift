import Foundation
import TestTags
import Testing

@testable import CrudeGenCore

/// Per-operation settings are keyed by generated identifiers, so a misspelt or renamed operation is a
/// compile error instead of a setting that applies to nothing.
@Suite struct OperationIDTests {
    static let spec = """
        api: { name: Shop }
        actions:
          login: { method: POST, path: login }
        resources:
          Item:
            path: items
            operations: [read, list, patch]
            fields: { title: String }
            actions:
              archive: { method: POST, path: "items/{id}/archive" }
          Note:
            path: notes
            operations: [read, patch]
            fields: { stamp: { type: Date, read_only: true } }
        """

    /// Compiles the generated code of `spec` with `use` as a function body.
    func compile(_ use: String, spec: String = Self.spec) async throws -> TestSupport.CommandRun {
        let output = try Generator().generate(spec: Data(spec.utf8), file: "shop.crude.yaml")
        return try await SwiftCompiler.compile(
            output.files.map { ($0.name, $0.contents) } + [
                ("Use.swift", "import CrudeRuntime\n\nfunc use(_ configuration: inout ClientConfiguration) {\n    \(use)\n}\n")
            ])
    }

    @Test(.tags(.integration), .skippedWhenQuick) func everyOperationAndActionHasAnIdentifier() async throws {
        let result = try await compile(
            """
            configuration.operationHeaders[Item.Operations.read] = ["A": "1"]
            configuration.operationHeaders[Item.Operations.list] = ["A": "1"]
            configuration.operationHeaders[Item.Operations.patch] = ["A": "1"]
            configuration.operationHeaders[Item.Operations.archive] = ["A": "1"]
            configuration.operationCachePolicies[Shop.Operations.login] = .reloadIgnoringCache
            configuration.operationHeaders[.raw(.get)] = ["A": "1"]
            """)
        #expect(result.succeeded, "\(result.output)")
    }

    /// A misspelt operation does not compile; nor does `patch` of a resource whose patch has nothing to set,
    /// as it never sends one.
    @Test(.tags(.integration), .skippedWhenQuick) func unknownOperationsDoNotCompile() async throws {
        let misspelt = try await compile("configuration.operationHeaders[Item.Operations.raed] = [:]")
        #expect(!misspelt.succeeded)
        #expect(misspelt.output.contains("raed"), "\(misspelt.output)")
        let unsent = try await compile("configuration.operationHeaders[Note.Operations.patch] = [:]")
        #expect(!unsent.succeeded)
    }

    /// The spec's cache policies are keyed by the same identifiers.
    @Test func cachePoliciesUseTheIdentifiers() throws {
        let spec = Self.spec.replacingOccurrences(of: "operations: [read, list, patch]", with: "operations: [read, list, patch]\n    cache: { read: reload }")
        let output = try Generator().generate(spec: Data(spec.utf8), file: "shop.crude.yaml")
        let api = try #require(output.files.first { $0.name == "Shop.swift" })
        #expect(api.contents.contains("configuration.operationCachePolicies[Item.Operations.read] = .reloadIgnoringCache"), "\(api.contents)")
    }
}
