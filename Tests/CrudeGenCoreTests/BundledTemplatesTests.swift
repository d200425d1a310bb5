import Foundation
import Testing

@testable import CrudeGenEngine

/// The templates are compiled into the binary (so an installed crudegen needs no resource bundle); this
/// proves the compiled-in copy matches `Templates/`, and `CRUDEGEN_RECORD=1` refreshes it.
@Suite struct BundledTemplatesTests {
    static let templatesFolder = TestSupport.packageRoot.appendingPathComponent("Templates")
    static let swiftFile = TestSupport.packageRoot.appendingPathComponent("Sources/CrudeGenEngine/Rendering/BundledTemplates.swift")

    @Test func bundledTemplatesMatchTemplatesFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.templatesFolder.path)
            .filter { $0.hasSuffix(".mustache") }.sorted()
        var sources: [String: String] = [:]
        for name in names {
            sources[String(name.dropLast(".mustache".count))] = try String(contentsOf: Self.templatesFolder.appendingPathComponent(name), encoding: .utf8)
        }
        let expected = Self.swiftSource(for: sources)
        let committed = try String(contentsOf: Self.swiftFile, encoding: .utf8)
        if TestSupport.isRecording, committed != expected {
            try expected.write(to: Self.swiftFile, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == expected,
            "Templates/ changed: run `CRUDEGEN_RECORD=1 swift test` to recompile them in\n\(TestSupport.diff(expected: expected, actual: committed, name: "BundledTemplates.swift"))"
        )
        #expect(BundledTemplates.sources == sources)
    }

    /// The Swift file that embeds `sources` as raw string literals.
    static func swiftSource(for sources: [String: String]) -> String {
        var text = """
            // swift-format-ignore-file
            // Generated from Templates/ by `CRUDEGEN_RECORD=1 swift test`. Do not edit.

            /// The templates of the top-level `Templates/` folder, compiled in so that crudegen needs no resource bundle.
            enum BundledTemplates {
                static let sources: [String: String] = [

            """
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            var hashes = "#"
            while source.contains("\"" + hashes) || source.contains("\\" + hashes) { hashes += "#" }
            text += "        \"\(name)\": \(hashes)\"\"\"\n\(source)\n\"\"\"\(hashes),\n"
        }
        text += "    ]\n}\n"
        return text
    }
}
