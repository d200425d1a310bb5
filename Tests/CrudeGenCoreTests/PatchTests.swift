import Foundation
import TestTags
import Testing

@testable import CrudeGenCore

/// A patch offers `.clear` only for optional fields: clearing a required one does not compile. Only a
/// resource that sends partial updates by PATCH has a patch.
@Suite struct PatchTests {
    static let spec = """
        api: { name: Shop }
        resources:
          Item:
            path: items
            operations: [read, update, patch]
            fields: { title: String, note: String? }
        """

    func compile(_ use: String, spec: String = Self.spec) async throws -> TestSupport.CommandRun {
        let output = try Generator().generate(spec: Data(spec.utf8), file: "shop.crude.yaml")
        return try await SwiftCompiler.compile(
            output.files.map { ($0.name, $0.contents) } + [("Use.swift", "func use() {\n    var patch = Item.Patch()\n    \(use)\n    _ = patch\n}\n")])
    }

    @Test(.tags(.integration), .skippedWhenQuick) func optionalFieldsCanBeCleared() async throws {
        let result = try await compile("patch.note = .clear; patch.title = .set(\"Lamp\")")
        #expect(result.succeeded, "\(result.output)")
    }

    @Test(.tags(.integration), .skippedWhenQuick) func requiredFieldsCannotBeCleared() async throws {
        let result = try await compile("patch.title = .clear")
        #expect(!result.succeeded)
        #expect(result.output.contains("clear"), "\(result.output)")
    }

    /// Every argument of the initializer defaults to `.keep`, so a patch is written in the call that sends it.
    @Test(.tags(.integration), .skippedWhenQuick) func theInitializerTakesAnyFieldsInOrder() async throws {
        let result = try await compile(
            """
            _ = Item.updateOperation(id: 1, .init(note: .clear))
            _ = Item.updateOperation(id: 1, .init(title: .set("Lamp"), note: .set("new")))
            patch = Item.Patch(title: .set("Lamp"))
            """)
        #expect(result.succeeded, "\(result.output)")
    }

    @Test(.tags(.integration), .skippedWhenQuick) func updateByPATCHTakesPatches() async throws {
        let spec = Self.spec.replacingOccurrences(of: "[read, update, patch]", with: "[read, update]\n    methods: { update: PATCH }")
        let result = try await compile("patch.note = .clear; _ = Item.updateOperation(id: 1, patch)", spec: spec)
        #expect(result.succeeded, "\(result.output)")
    }

    @Test(.tags(.integration), .skippedWhenQuick) func updateByPUTHasNoPatch() async throws {
        let spec = Self.spec.replacingOccurrences(of: "[read, update, patch]", with: "[read, update]")
        let result = try await compile("patch.title = .set(\"Lamp\")", spec: spec)
        #expect(!result.succeeded)
        #expect(result.output.contains("Patch"), "\(result.output)")
    }
}
