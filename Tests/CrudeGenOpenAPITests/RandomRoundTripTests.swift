import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import RandomSpecs
import Testing

/// `spec → export → import → generate` gives the spec's own Swift, byte for byte, for random specs of
/// the corners (RandomSpecGenerator): renamed types, hostile text, every transform, route form and section.
///
/// `swift test` runs a batch with fixed seeds; `CRUDEGEN_RANDOM_SPECS` and `CRUDEGEN_RANDOM_SEED` run a
/// longer campaign (`Scripts/random-specs.sh`), and `CRUDEGEN_RANDOM_EXPORTS` names a folder to keep the
/// exported documents in, for other tools (`Scripts/peer-generate.sh`).
@Suite struct RandomRoundTripTests {
    static let count = ProcessInfo.processInfo.environment["CRUDEGEN_RANDOM_SPECS"].flatMap(Int.init) ?? 40
    static let firstSeed = ProcessInfo.processInfo.environment["CRUDEGEN_RANDOM_SEED"].flatMap(UInt64.init) ?? 2026
    static let exports = ProcessInfo.processInfo.environment["CRUDEGEN_RANDOM_EXPORTS"].map { URL(fileURLWithPath: $0, isDirectory: true) }

    @Test func importOfTheExportOfARandomSpecGeneratesTheSameSwift() throws {
        var accepted = 0
        var same = 0
        for index in 0..<Self.count {
            let seed = Self.firstSeed &+ UInt64(index)
            var generator = RandomSpecGenerator(seed: seed)
            let yaml = generator.spec()
            guard let original = try? OpenAPITestSupport.generatedSwift(yaml) else { continue }
            accepted += 1
            // Both formats: JSON is read by the strict reader (a repeated key is an error), YAML by Yams.
            let format: OpenAPIExporter.Format = seed.isMultiple(of: 2) ? .json : .yaml
            let exported = try OpenAPIExporter.export(spec: Data(yaml.utf8), file: "random-\(seed).crude.yaml", format: format).text
            if let exports = Self.exports {
                try Data(exported.utf8).write(to: exports.appendingPathComponent("random-\(seed).\(format == .json ? "json" : "yaml")"))
            }
            let imported: OpenAPIImporter.Result
            do {
                imported = try OpenAPIImporter.importDocument(Data(exported.utf8), file: "random-\(seed).\(format == .json ? "json" : "yaml")")
            } catch {
                Issue.record("seed \(seed): the export does not import: \(error)\n--- spec ---\n\(yaml)")
                continue
            }
            #expect(imported.warnings.isEmpty, "seed \(seed): \(imported.warnings)")
            let roundTripped = try OpenAPITestSupport.generatedSwift(imported.yaml)
            let differing = original.keys.sorted().filter { roundTripped[$0] != original[$0] } + roundTripped.keys.sorted().filter { original[$0] == nil }
            if differing.isEmpty {
                same += 1
            } else {
                let name = differing[0]
                Issue.record(
                    """
                    seed \(seed): \(differing.joined(separator: ", ")) differ after the round trip; first difference in \(name):
                    \(Self.firstDifference(original[name] ?? "", roundTripped[name] ?? ""))
                    --- spec ---
                    \(yaml)
                    --- imported ---
                    \(imported.yaml)
                    """)
            }
        }
        print("round trip: \(same) of \(accepted) accepted random specs gave the same Swift after export and import")
        #expect(accepted * 4 >= Self.count * 3, "most random specs were rejected")
    }

    /// The first line where `original` and `roundTripped` differ, with the lines around it.
    static func firstDifference(_ original: String, _ roundTripped: String) -> String {
        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let after = roundTripped.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(before.count, after.count)
        let range = max(0, line - 2)..<(line + 3)
        let show = { (lines: [Substring]) in lines[range.clamped(to: 0..<lines.count)].joined(separator: "\n") }
        return "line \(line + 1), the spec's:\n\(show(before))\nafter the round trip:\n\(show(after))"
    }
}
