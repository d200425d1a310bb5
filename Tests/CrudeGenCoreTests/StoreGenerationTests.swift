import Foundation
import TestTags
import Testing

@testable import CrudeGenCore

/// `store: true` adds files of their own and changes nothing else; its output compiles as app targets
/// compile it; bad settings and names CrudeStore needs get located errors.
@Suite struct StoreGenerationTests {
    static let spec = """
        api: { name: Shop, base_url: "https://shop.example.com" }
        resources:
          Product:
            path: products
            fields: { title: String, price: Double }
          Order:
            path: orders
            fields: { lines: "[Product]", note: String? }
        actions:
          featured: { path: featured, returns: "[Product]" }

        """

    static func files(_ yaml: String) throws -> [String: String] {
        let output = try Generator().generate(spec: Data(yaml.utf8), file: "spec.yaml")
        return Dictionary(uniqueKeysWithValues: output.files.map { ($0.name, $0.contents) })
    }

    @Test func storeAddsFilesAndLeavesTheOthersByteForByte() throws {
        let plain = try Self.files(Self.spec)
        let off = try Self.files(
            Self.spec.replacingOccurrences(of: "base_url: \"https://shop.example.com\" }", with: "base_url: \"https://shop.example.com\", store: false }"))
        #expect(off == plain)
        let stored = try Self.files(Self.spec.replacingOccurrences(of: "    path: products\n", with: "    path: products\n    store: true\n"))
        #expect(Set(stored.keys).subtracting(plain.keys) == ["Shop+Store.swift", "Product+Store.swift", "Order+Store.swift"])
        for (name, contents) in plain { #expect(stored[name] == contents, "\(name) changed") }
        let schema = try #require(stored["Shop+Store.swift"])
        #expect(schema.contains(#".read(Product.self, "Product.read", route: "products/{id}")"#))
        #expect(schema.contains(#".response([Order].self, "Order.list")"#), "an order is no table, but the products it holds are kept")
        #expect(schema.contains(#".response([Product].self, "Shop.featured")"#))
        #expect(!schema.contains("Order.storeTable"))
        #expect(try #require(stored["Order+Store.swift"]).contains("extension Order: StoreContainer"))
    }

    @Test(.tags(.integration), .skippedWhenQuick) func theStoreFixtureCompilesAsAppTargetsCompileIt() async throws {
        let spec = TestSupport.packageRoot.appendingPathComponent("Fixtures/store/spec.yaml")
        let output = try Generator().generate(spec: try Data(contentsOf: spec), file: "spec.yaml")
        for isolation in SwiftCompiler.Isolation.allCases {
            let result = try await SwiftCompiler.compile(output.files.map { ($0.name, $0.contents) }, isolation: isolation)
            #expect(result.succeeded, "\(isolation): \(result.output.prefix(2000))")
        }
    }

    @Test func badSettingsAndCrudeStoreNamesAreLocated() {
        #expect(errors(for: "api: { name: A, store: maybe }\n") == ["1:24: `api.store` must be `true` or `false`, not `maybe`"])
        let reserved = diagnostics(for: "api: { name: A, store: true }\nmodels:\n  StoreRow: { fields: { a: Int } }\n")
        #expect(reserved.map(\.message) == ["`StoreRow` is the name of a CrudeStore type, which the generated store code uses"])
        #expect(reserved.first?.location?.line == 3)
        #expect(reserved.first?.hint?.contains("swift_name: StoreRowModel") == true)
        #expect(errors(for: "api: { name: A }\nmodels:\n  StoreRow: { fields: { a: Int } }\n").isEmpty, "without a store the name is free")
        #expect(
            errors(for: "api: { name: Store, store: true }\n") == [
                "1:14: the API name `Store` is the name of a CrudeStore type, which the generated store code uses"
            ])
    }
}
