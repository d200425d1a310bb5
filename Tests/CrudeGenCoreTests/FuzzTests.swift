import Foundation
import RandomSpecs
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// A bounded mutation fuzzer over the fixtures' specs: every mutant must produce files or diagnostics,
/// never a crash or a hang. `CRUDEGEN_FUZZ_CASES` and `CRUDEGEN_FUZZ_SEED` widen or vary the run;
/// `Scripts/fuzz.sh` runs a coverage-guided libFuzzer campaign.
@Suite struct FuzzTests {
    static let tokens = [
        "{", "}", "[", "]", ": ", "- ", "*a", "&a ", "\t", "? ", "\"", "'", "#", "\n", "    ", "null", "~",
        "!!binary ", "---\n", "...\n", "| ", "> ", ",", "{id}", "{", "}/", "[String: ", "?", "Int", "Date",
        "transform: lenient", "\u{0}", "\u{FEFF}", "é", "\\", "\r\n", "<<: *a", "api", "fields", "path",
    ]

    static func mutate(_ input: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !bytes.isEmpty else { break }
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1:
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...64, using: &generator)))
            case 2:
                bytes.insert(contentsOf: Array(tokens.randomElement(using: &generator)!.utf8), at: position)
            case 3:
                let length = min(bytes.count - position, Int.random(in: 1...200, using: &generator))
                bytes.insert(contentsOf: bytes[position..<position + length], at: Int.random(in: 0...bytes.count, using: &generator))
            case 4:
                let other = Int.random(in: 0..<bytes.count, using: &generator)
                bytes.swapAt(position, other)
            default:
                bytes.removeSubrange(position...)
            }
        }
        return bytes
    }

    @Test func mutatedSpecsNeverCrash() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["CRUDEGEN_FUZZ_CASES"].flatMap(Int.init) ?? 3000
        let seed = environment["CRUDEGEN_FUZZ_SEED"].flatMap(UInt64.init) ?? 20_261_122
        var generator = SeededGenerator(seed: seed)
        let corpus = try GoldenFileTests.cases.map { fixture in
            Array(try Data(contentsOf: GoldenFileTests.fixturesFolder.appendingPathComponent("\(fixture)/spec.yaml")))
        }
        var outcomes = (generated: 0, rejected: 0)
        for index in 0..<cases {
            let mutant = Self.mutate(corpus[index % corpus.count], using: &generator)
            do {
                let output = try Generator().generate(spec: Data(mutant), file: "fuzz.yaml")
                outcomes.generated += 1
                #expect(output.files.allSatisfy { OutputWriter.isPlainFileName($0.name) && GeneratedFile.isGenerated(Array($0.contents.utf8)) })
            } catch {
                outcomes.rejected += 1
                #expect(!error.diagnostics.isEmpty && error.diagnostics.containsErrors, "case \(index) (seed \(seed)) failed without an error")
                #expect(error.diagnostics.allSatisfy { $0.location == nil || $0.location?.file == "fuzz.yaml" })
            }
        }
        #expect(outcomes.generated > 0 && outcomes.rejected > 0, "the mutations should both keep and break specs: \(outcomes)")
    }
}
