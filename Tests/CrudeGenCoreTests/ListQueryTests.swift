import Foundation
import TestTags
import Testing

@testable import CrudeGenCore

/// `query:` on a resource gives its `list` typed query parameters, checked as an action's are.
@Suite struct ListQueryTests {
    func spec(_ resource: String) -> String {
        """
        api: { name: Shop }
        enums: { Order: [newest, oldest] }
        resources:
          Item:
            path: shops/{shopID}/items
            params: { shopID: Int }
        \(resource)
            fields: { title: String }
        """
    }

    func diagnostics(_ yaml: String) -> [Diagnostic] {
        do {
            return try Generator().generate(spec: Data(yaml.utf8), file: "shop.crude.yaml").warnings
        } catch {
            return error.diagnostics
        }
    }

    @Test(.tags(.integration), .skippedWhenQuick) func typedParametersAreArgumentsOfListAndPages() async throws {
        let yaml = spec(
            """
                operations: [list]
                pagination: { style: page, items: results }
                query: { search: String?, order: Order?, since: Date?, ids: { type: "[Int]", array_style: comma } }
            """)
        let output = try Generator().generate(spec: Data(yaml.utf8), file: "shop.crude.yaml")
        let use = """
            import CrudeRuntime
            import Foundation

            func use(_ client: APIClient) async throws {
                _ = try await Item.list(shopID: 1, search: "lamp", order: .newest, ids: [1, 2], on: client)
                _ = try await Item.list(shopID: 1, ids: [], query: [URLQueryItem(name: "x", value: "1")], on: client)
                for try await _ in try Item.pages(shopID: 1, since: Date(), ids: [3], on: client) {}
                _ = try Item.listOperation(shopID: 1, ids: [1]).request.query
            }
            """
        let result = try await SwiftCompiler.compile(output.files.map { ($0.name, $0.contents) } + [("Use.swift", use)])
        #expect(result.succeeded, "\(result.output)")
    }

    @Test func badParametersAreLocatedErrors() {
        let problems = diagnostics(
            spec(
                """
                    operations: [list]
                    query: { shopID: Int, query: String, where: Item, tag: { type: String, array_style: comma } }
                """))
        #expect(
            problems.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" } == [
                "8:14 query parameter `shopID` of resource `Item` would be the same argument as the route parameter `shopID` of its list route",
                "8:27 query parameter `query` of resource `Item` would be the same argument as the argument `query` of the untyped query items",
                "8:49 query parameter `where` has type `Item`, which cannot be sent in a query",
                "8:89 `array_style` of query parameter `tag` applies to arrays, not to `String`",
            ], "\(problems)")
        #expect(problems.first?.hint?.contains("key: shopID") == true)
    }

    @Test func aQueryWithoutListIsAWarning() {
        let problems = diagnostics(spec("    operations: [read]\n    query: { search: String? }"))
        #expect(problems.map(\.severity) == [.warning])
        #expect(problems.first?.message == "resource `Item` configures `query`, but does not list the `list` operation")
    }
}
