import Foundation
import TestTags
import Testing

/// `crudegen import` and `crudegen export` run as a user runs them.
@Suite struct CommandTests {
    /// The `crudegen` binary next to the test bundle in the build folder.
    static let executable: String = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("crudegen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            folder.deleteLastPathComponent()
        }
        return OpenAPITestSupport.packageRoot.appendingPathComponent(".build/debug/crudegen").path
    }()

    @Test(.tags(.integration), .skippedWhenQuick) func importWritesAValidatedSpecAndNeverReplacesAFileItDidNotWrite() async throws {
        try await OpenAPITestSupport.withTemporaryDirectory { folder in
            let output = folder.appendingPathComponent("shop.crude.yaml")
            let first = try await OpenAPITestSupport.runTool(Self.executable, ["import", ImportTests.shop.path, "-o", output.path])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(
                first.stdout.hasSuffix(
                    "shop.yaml: 7 operations read: 1 resource (5 operations), 2 actions, 0 left out; the warning above says what is left out or approximated.\n"
                ))
            #expect(first.stderr.contains("shop.yaml:67:11: warning: cookie parameter `session`"))
            let generated = try await OpenAPITestSupport.runTool(Self.executable, [output.path, "-o", folder.appendingPathComponent("Sources").path])
            #expect(generated.status == 0, "\(generated.stderr)")
            // Importing again replaces the spec crudegen wrote.
            #expect(try await OpenAPITestSupport.runTool(Self.executable, ["import", ImportTests.shop.path, "-o", output.path]).status == 0)

            let handWritten = folder.appendingPathComponent("mine.yaml")
            try Data("api: { name: Mine }\n".utf8).write(to: handWritten)
            let refused = try await OpenAPITestSupport.runTool(Self.executable, ["import", ImportTests.shop.path, "-o", handWritten.path])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("exists and was not written by crudegen; not replacing it"))
            #expect(try String(contentsOf: handWritten, encoding: .utf8) == "api: { name: Mine }\n")
            let forced = try await OpenAPITestSupport.runTool(Self.executable, ["import", ImportTests.shop.path, "-o", handWritten.path, "--force"])
            #expect(forced.status == 0)
            #expect(try String(contentsOf: handWritten, encoding: .utf8).hasPrefix("# Imported by crudegen"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasSuffix(".tmp") })
        }
    }

    /// Each process hashes with a seed of its own, so an order taken from a dictionary or a set (Foundation's
    /// JSON decoder gives an object's keys in one) changes from run to run: each test document is imported
    /// three times, each time by a process of its own, and must read the same every time.
    @Test(.tags(.integration), .skippedWhenQuick) func importIsTheSameInEveryProcess() async throws {
        let folder = OpenAPITestSupport.packageRoot.appendingPathComponent("Tests/CrudeGenOpenAPITests/Documents")
        let documents = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(documents.count >= 10, "\(documents)")
        for document in documents {
            var imports: Set<String> = []
            for _ in 0..<3 {
                let run = try await OpenAPITestSupport.runTool(Self.executable, ["import", folder.appendingPathComponent(document).path, "-o", "-"])
                #expect(run.status == 0, "\(document): \(run.stderr)")
                imports.insert(run.stdout)
            }
            #expect(imports.count == 1, "\(document) imports differently from one run to another")
        }
    }

    @Test(.tags(.integration), .skippedWhenQuick) func importTakesPartOfADocumentByTagOrPath() async throws {
        try await OpenAPITestSupport.withTemporaryDirectory { folder in
            let document = folder.appendingPathComponent("store.yaml")
            try Data(ImportSelectionTests.document.utf8).write(to: document)
            let output = folder.appendingPathComponent("orders.crude.yaml")
            let orders = try await OpenAPITestSupport.runTool(
                Self.executable, ["import", document.path, "--tag", "Orders", "--path-prefix", "/usernames", "--api-name", "OrdersAPI", "-o", output.path])
            #expect(orders.status == 0, "\(orders.stderr)")
            #expect(
                orders.stdout.hasSuffix(
                    "store.yaml: 4 operations read: 1 resource (2 operations), 2 actions, 0 left out; 3 not selected; 3 unused types left out.\n"))
            let spec = try String(contentsOf: output, encoding: .utf8)
            #expect(spec.contains("  name: OrdersAPI\n") && spec.contains("  listUsernames:\n") && !spec.contains("  User:\n"))

            let used = try await OpenAPITestSupport.runTool(Self.executable, ["import", document.path, "--used-types-only", "-o", "-"])
            #expect(used.status == 0, "\(used.stderr)")
            #expect(used.stdout.contains("  shipOrder:\n") && used.stdout.contains("  User:\n") && !used.stdout.contains("  Unused:\n"))
            #expect(used.stderr.hasSuffix("store.yaml: 7 operations read: 2 resources (5 operations), 2 actions, 0 left out; 1 unused type left out.\n"))

            let refused = try await OpenAPITestSupport.runTool(Self.executable, ["import", document.path, "--tag", "Order", "-o", output.path])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("error: no operation of `\(document.path)` has the tag `Order`"))
            #expect(try String(contentsOf: output, encoding: .utf8) == spec)
        }
    }

    @Test(.tags(.integration), .skippedWhenQuick) func exportWritesYAMLOrJSONAndReportsSpecErrors() async throws {
        let spec = OpenAPITestSupport.packageRoot.appendingPathComponent("Fixtures/raccoon/spec.yaml").path
        let yaml = try await OpenAPITestSupport.runTool(Self.executable, ["export", spec, "-o", "-"])
        #expect(yaml.status == 0)
        #expect(yaml.stdout.hasPrefix("# Exported by crudegen"))
        let json = try await OpenAPITestSupport.runTool(Self.executable, ["export", spec, "-o", "-", "--format", "json"])
        #expect(try JSONSerialization.jsonObject(with: json.stdoutData) is [String: Any])
        try await OpenAPITestSupport.withTemporaryDirectory { folder in
            let broken = folder.appendingPathComponent("broken.yaml")
            try Data("api:\n  name: Broken\nresources:\n  User: { path: users, fields: { name: Strin } }\n".utf8).write(to: broken)
            let run = try await OpenAPITestSupport.runTool(Self.executable, ["export", broken.path, "-o", folder.appendingPathComponent("openapi.json").path])
            #expect(run.status == 1)
            #expect(run.stderr.contains("broken.yaml:4:40: error: unknown type `Strin`"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("openapi.json").path))
        }
    }
}
