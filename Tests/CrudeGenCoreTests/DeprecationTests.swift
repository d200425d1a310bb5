import Foundation
import TestTags
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// `deprecated` on operations and actions: every function the operation makes warns its callers with the
/// spec's message, and the generated code, whose functions call each other, compiles without a warning.
@Suite struct DeprecationTests {
    /// A message long enough to be wrapped, with the characters a string literal must escape.
    static let longMessage =
        #"Use "search" instead: \ this call reads every item of the shop and is removed in version 3 of the API, after the end of 2027, for good."#

    static let spec = """
        api: { name: Shop }
        resources:
          Item:
            path: items
            operations: [create, read, update, delete, list]
            deprecated: { list: '\(longMessage.replacingOccurrences(of: "'", with: "''"))', create: true }
            fields: { title: String }
            actions:
              search: { path: items/search, query: { q: String }, returns: "[Item]", pagination: true, deprecated: Search by tag }
              count: { path: items/count, returns: Int, deprecated: false }
        actions:
          ping: { path: ping, returns: none, deprecated: true }
        """

    func generated() throws -> [(name: String, contents: String)] {
        try Generator().generate(spec: Data(Self.spec.utf8), file: "shop.crude.yaml").files.map { ($0.name, $0.contents) }
    }

    @Test(.tags(.integration), .skippedWhenQuick) func theGeneratedCodeCompilesWithoutWarnings() async throws {
        let result = try await SwiftCompiler.compile(try generated())
        #expect(result.succeeded, "\(result.output)")
    }

    @Test(.tags(.integration), .skippedWhenQuick) func callersOfEveryFunctionOfADeprecatedOperationAreWarnedWithItsMessage() async throws {
        let use = """
            import CrudeRuntime

            func use(client: APIClient) async throws {
                let items = try await Item.list(on: client)
                _ = Item.listOperation()
                _ = try await Item(title: "Lamp").create(on: client)
                _ = try await Item(title: "Lamp").save(on: client)
                _ = try await Item.read(id: 1, on: client)
                _ = try await Item.search(q: "lamp", on: client)
                for try await _ in Item.searchPages(q: "lamp", on: client) {}
                _ = try await Item.count(on: client)
                try await Shop.ping(on: client)
                _ = items
            }

            """
        let result = try await SwiftCompiler.compile(try generated() + [("Use.swift", use)], warningsAsErrors: false)
        #expect(result.succeeded, "\(result.output)")
        // `path:line:column: warning: 'list(on:)' is deprecated: … [#DeprecatedDeclaration]`
        let warnings = result.output.split(separator: "\n").compactMap { line in
            line.range(of: "warning: ").map { String(line[$0.upperBound...]).replacingOccurrences(of: " [#DeprecatedDeclaration]", with: "") }
        }
        #expect(
            Set(warnings) == [
                "'list(on:)' is deprecated: \(Self.longMessage)",
                "'listOperation()' is deprecated: \(Self.longMessage)",
                "'create(on:)' is deprecated",
                "'save(on:)' is deprecated: calls `create`, which is deprecated",
                "'search(q:on:)' is deprecated: Search by tag",
                "'searchPages(q:on:)' is deprecated: Search by tag",
                "'ping(on:)' is deprecated",
            ], "\(result.output)")
    }

    @Test func anEmptyMessageIsAnErrorAtIt() {
        let diagnostics = diagnostics(for: "api: { name: Shop }\nactions:\n  ping: { path: ping, deprecated: '  ' }\n")
        #expect(diagnostics.map(\.message) == ["the deprecation of action `ping` of the API is empty"])
        #expect(diagnostics.first?.location?.line == 3)
        #expect(diagnostics.first?.location?.column == 36)
        #expect(diagnostics.first?.hint?.contains("`true`") == true)
    }

    @Test func onlyCRUDOperationsCanBeDeprecated() {
        #expect(
            errors(for: "api: { name: Shop }\nresources:\n  Item:\n    path: items\n    deprecated: { sell: true }\n") == [
                "5:19: `sell` in the deprecated operations of resource `Item` is not a CRUD operation"
            ])
    }

    @Test func aDeprecatedOperationTheResourceLacksIsAWarning() {
        let found = diagnostics(for: "api: { name: Shop }\nresources:\n  Item:\n    path: items\n    operations: [read]\n    deprecated: { list: true }\n")
        #expect(
            found.map { "\($0.severity) \($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" } == [
                "warning 6:25: resource `Item` configures `deprecated.list`, but does not list the `list` operation"
            ])
    }
}
