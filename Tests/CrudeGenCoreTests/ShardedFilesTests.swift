import Foundation
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// The build plugin's layout: one spec spread over a fixed set of files, each type in the file a hash of its
/// name picks, so that an edit rewrites only the files of the types it changes.
@Suite struct ShardedFilesTests {
    /// Four files: `Product`, `Color` and later `Invoice` hash to 0, `Customer` and the API enum `Shop` to 1,
    /// nothing to 2, `Order` to 3 (pinned by ``theHashIsAFixedFunction()``).
    static let outputs = (0..<4).map { "Shop.crude.\($0).swift" }

    static let spec = """
        api:
          name: Shop
          base_url: https://shop.example.com
        resources:
          Product:
            path: products
            fields:
              name: String
              color: Color
          Order:
            path: orders
            fields:
              total: Double
          Customer:
            path: customers
            fields:
              email: String
        enums:
          Color: [red, green]
        """

    /// FNV-1a, so that every process (and every version of Swift) assigns a type to the same file.
    @Test func theHashIsAFixedFunction() {
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c = …996 mod 1000.
        #expect(GeneratedFile.shardIndex(of: "a", count: 1000) == 996)
        #expect(GeneratedFile.shardIndex(of: "anything", count: 1) == 0)
        let assigned = ["Product", "Color", "Invoice", "Customer", "Shop", "Order"].map { GeneratedFile.shardIndex(of: $0, count: 4) }
        #expect(assigned == [0, 0, 0, 1, 1, 3])
    }

    @Test func everyTypeLandsOnceInTheFileItsNamePicksAndEveryFileExists() throws {
        let files = try Generator().generate(spec: Data(Self.spec.utf8), file: "Shop.crude.yaml").files
        let shards = GeneratedFile.sharding(files, into: Self.outputs, specName: "Shop.crude.yaml")
        #expect(shards.map(\.name) == Self.outputs)
        for file in files {
            let index = GeneratedFile.shardIndex(of: file.typeName, count: Self.outputs.count)
            for (position, shard) in shards.enumerated() {
                let count = shard.contents.components(separatedBy: "// MARK: - \(file.typeName)\n").count - 1
                #expect(count == (position == index ? 1 : 0), "\(file.name) in \(shard.name)")
            }
        }
        #expect(
            shards[2].contents == GeneratedFile.header(specName: "Shop.crude.yaml")
                + "// No declaration of Shop.crude.yaml falls into this file; see docs/plugin.md.\n")
        #expect(shards.allSatisfy { GeneratedFile.isGenerated(Data($0.contents.utf8)) })
    }

    /// What the plugin relies on: after an edit only the files of the changed types are written (the others
    /// keep their bytes and modification times), and a new type lands in one of the same declared files.
    @Test func anEditRewritesOnlyTheFilesOfTheTypesItChanges() async throws {
        try await TestSupport.withTemporaryDirectory { folder in
            let specFile = folder.appendingPathComponent("Shop.crude.yaml")
            let outputFolder = folder.appendingPathComponent("out")
            let outputs = Self.outputs.map { outputFolder.appendingPathComponent($0) }
            func generate(_ spec: String) throws -> Set<String> {
                try spec.write(to: specFile, atomically: true, encoding: .utf8)
                let generated = try Generator().generate(specAt: specFile.path, spreadOver: outputs)
                try generated.writer.apply(generated.plan)
                return Set(generated.plan.writes.map(\.name))
            }
            func contents() throws -> [Data] { try outputs.map { try Data(contentsOf: $0) } }

            #expect(try generate(Self.spec) == Set(Self.outputs), "the first run writes every declared file, empty ones too")
            let past = Date(timeIntervalSince1970: 1_000_000_000)
            for url in outputs { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url.path) }
            let before = try contents()

            // `Order` lives in file 3.
            let edited = Self.spec.replacingOccurrences(of: "total: Double", with: "total: Int")
            #expect(try generate(edited) == ["Shop.crude.3.swift"])
            let afterEdit = try contents()
            for index in [0, 1, 2] {
                #expect(afterEdit[index] == before[index])
                #expect(
                    try FileManager.default.attributesOfItem(atPath: outputs[index].path)[.modificationDate] as? Date == past,
                    "\(Self.outputs[index]) was rewritten")
            }
            #expect(String(decoding: afterEdit[3], as: UTF8.self).contains("public var total: Int"))

            // A new resource, `Invoice`, hashes to file 0: it lands there, and nothing else is written.
            let added = edited.replacingOccurrences(of: "enums:", with: "  Invoice:\n    path: invoices\n    fields:\n      amount: Double\nenums:")
            #expect(try generate(added) == ["Shop.crude.0.swift"])
            #expect(String(decoding: try Data(contentsOf: outputs[0]), as: UTF8.self).contains("public struct Invoice"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: outputFolder.path).sorted() == Self.outputs, "a file outside the declared outputs")
        }
    }

    @Test func outputsMustBeDistinctFilesOfOneFolder() {
        let files = [GeneratedFile(name: "A.swift", specName: "s.yaml", declarations: "struct A {}\n")]
        #expect(throws: DiagnosticsError.self) {
            try OutputWriter.sharding(files, into: [URL(fileURLWithPath: "/tmp/a/X.0.swift"), URL(fileURLWithPath: "/tmp/b/X.1.swift")], specName: "s.yaml")
        }
        #expect(throws: DiagnosticsError.self) {
            try OutputWriter.sharding(files, into: [URL(fileURLWithPath: "/tmp/a/X.0.swift"), URL(fileURLWithPath: "/tmp/a/X.0.swift")], specName: "s.yaml")
        }
        #expect(throws: DiagnosticsError.self) { try OutputWriter.sharding(files, into: [], specName: "s.yaml") }
    }
}
