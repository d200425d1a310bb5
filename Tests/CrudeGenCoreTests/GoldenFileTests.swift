import Foundation
import Testing

@testable import CrudeGenCore

/// Regenerates every fixture and compares it with its committed `Expected/` folder.
///
/// `CRUDEGEN_RECORD=1 swift test` rewrites the folders instead; review the diff before committing.
@Suite struct GoldenFileTests {
    static let fixturesFolder = TestSupport.packageRoot.appendingPathComponent("Fixtures")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixturesFolder.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: fixturesFolder.appendingPathComponent("\($0)/spec.yaml").path) }.sorted()
    }

    @Test(arguments: cases)
    func generatedOutputMatchesGoldenFiles(fixture: String) throws {
        let folder = Self.fixturesFolder.appendingPathComponent(fixture)
        let specPath = folder.appendingPathComponent("spec.yaml").path
        let output = try Generator().generate(specsAt: [specPath])
        let expectedFolder = folder.appendingPathComponent("Expected")
        let writer = OutputWriter(directory: expectedFolder)
        let plan = try writer.plan(output.files)
        if TestSupport.isRecording {
            try writer.apply(plan)
            return
        }
        for file in plan.writes {
            let committed = (try? String(contentsOf: expectedFolder.appendingPathComponent(file.name), encoding: .utf8)) ?? ""
            Issue.record(
                "\(fixture)/Expected/\(file.name) is out of date (CRUDEGEN_RECORD=1 swift test re-records):\n\(TestSupport.diff(expected: committed, actual: file.contents, name: file.name))"
            )
        }
        #expect(plan.removals.isEmpty, "\(fixture)/Expected has generated files the spec no longer produces: \(plan.removals)")
        #expect(!plan.unchanged.isEmpty)
    }

    @Test func generationIsDeterministic() throws {
        for fixture in Self.cases {
            let specPath = Self.fixturesFolder.appendingPathComponent("\(fixture)/spec.yaml").path
            let first = try Generator().generate(specsAt: [specPath]).files
            let second = try Generator().generate(specsAt: [specPath]).files
            #expect(first == second, "\(fixture) generated different output on a second run")
        }
    }

    /// Specs of many models render concurrently; the output must not depend on scheduling.
    @Test func largeSpecsRenderDeterministically() throws {
        var yaml = "api: { name: Big, keys: snake_case }\nresources:\n"
        for index in 0..<120 {
            yaml += "  Item\(index): { path: items\(index), fields: { name: String, note: String?, createdAt: Date, tags: [String] } }\n"
        }
        let first = try Generator().generate(spec: Data(yaml.utf8), file: "big.yaml").files
        let second = try Generator().generate(spec: Data(yaml.utf8), file: "big.yaml").files
        #expect(first.count == 121)
        #expect(first == second)
        #expect(first.first { $0.name == "Item7.swift" }?.contents.contains("public struct Item7: Hashable, Sendable, Identifiable") == true)
    }

    /// A fixture only proves its output compiles if `Package.swift` builds it as a module.
    @Test func everyFixtureIsCompiledByThePackage() throws {
        let manifest = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for fixture in Self.cases {
            #expect(manifest.contains("\"\(fixture)\""), "add Fixtures/\(fixture) to `fixtureCases` in Package.swift so its output is compiled")
        }
    }
}
