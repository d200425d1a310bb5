import Foundation
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// Input built to break a parser: none of it may crash, overflow the stack or hang; each gets a located error.
@Suite struct HostileInputTests {
    /// A YAML alias chain that expands to 10^`levels` leaves.
    static func aliasBomb(levels: Int) -> String {
        var yaml = "x-a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...levels {
            yaml += "x-a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        return yaml
    }

    @Test func aliasBombUsedAsAKeyIsRejectedBeforeComposing() {
        let found = errors(for: Self.aliasBomb(levels: 9) + "? *a9\n: value\napi: { name: A }\n")
        #expect(found == ["11:3: a YAML alias is used as a mapping key"])
        #expect(errors(for: Self.aliasBomb(levels: 9) + "api: { name: A }\nmodels:\n  M: { fields: { *a9 : Int } }\n").count == 1)
    }

    /// An asterisk in text is no alias: a quoted description or a block scalar may say `*Note: …`, as
    /// Spotify's and Hetzner's documents do, and an import writes such descriptions into specs.
    @Test func anAsteriskInTextBeforeAColonIsNoAlias() {
        let quoted = "api: { name: A }\nmodels:\n  M:\n    description: \"At most 50. *Note: ids in the query win.\"\n    fields: { a: Int }\n"
        #expect(errors(for: quoted).isEmpty)
        let block = "api: { name: A }\nmodels:\n  M:\n    description: |\n      *Deprecated*: use b\n      *Note: gone in 2026\n    fields: { a: Int }\n"
        #expect(errors(for: block).isEmpty)
    }

    @Test func aliasesMultipliedByTheLoaderHitTheExpansionLimit() {
        // 3,000 models sharing 3,000 fields through one alias: 9 million fields from a 130 KB file. The alias
        // of model 165 takes the document past a million nodes expanded.
        let fields = (0..<3000).map { "f\($0): Int" }.joined(separator: ", ")
        let models = (0..<3000).map { "  M\($0): { fields: *fields }" }.joined(separator: "\n")
        let yaml = "x-fields: &fields { \(fields) }\napi: { name: A }\nmodels:\n\(models)\n"
        let expected = "169:19: this alias takes the document past 1000000 nodes with its aliases expanded"
        #expect(errors(for: yaml).map { $0.prefix(expected.count) } == [expected[...]])
    }

    @Test func anchorsAndAliasesWorkAsValues() {
        let yaml = "x-stamps: &stamps { createdAt: Date, updatedAt: Date }\napi: { name: A }\nmodels:\n  M: { fields: *stamps }\n  N: { fields: *stamps }\n"
        #expect(errors(for: yaml).isEmpty)
    }

    @Test func deepNestingStopsAtYAMLsLimit() {
        let deep = "api: { name: A }\nx-deep: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n"
        #expect(errors(for: deep).first?.contains("Maximum nesting level reached") == true)
        let deepMappings = "api: { name: A }\nx-deep: " + String(repeating: "{a: ", count: 5000) + "1" + String(repeating: "}", count: 5000) + "\n"
        #expect(!errors(for: deepMappings).isEmpty)
        let deepType =
            "api: { name: A }\nmodels:\n  M: { fields: { a: \"" + String(repeating: "[", count: 500) + "Int" + String(repeating: "]", count: 500) + "\" } }\n"
        #expect(errors(for: deepType).first?.contains("nested too deeply") == true)
    }

    @Test func multiMegabyteScalarsAreFine() throws {
        let huge = String(repeating: "x", count: 4 << 20)
        let yaml = "api: { name: A }\nmodels:\n  M: { description: \"\(huge)\", fields: { a: Int } }\n"
        #expect(errors(for: yaml).isEmpty)
        // YAML limits implicit keys to 1024 characters: a located syntax error, nothing worse.
        let hugeKey = "api: { name: A }\nmodels:\n  M\(huge): {}\n"
        #expect(errors(for: hugeKey).first?.hasPrefix("3:") == true)
    }

    @Test func badIndentationAndUnclosedCollections() {
        #expect(errors(for: "api:\n  name: A\n models: {}\n").first?.contains("YAML syntax") == true)
        #expect(errors(for: "api: { name: A\nmodels: {}\n").first?.contains("YAML syntax") == true)
        #expect(errors(for: "api: [name: A\n").first?.contains("YAML syntax") == true)
        #expect(errors(for: "api: \"unterminated\n").first?.contains("YAML syntax") == true)
    }

    @Test func aCharacterYAMLDisallowsIsAnErrorAtItsLineAndColumn() {
        #expect(
            errors(for: "api: { name: A }\nmodels:\n  M: { description: \"a\u{7}b\" }\n")
                == ["3:23: cannot read this file: control characters are not allowed (byte 47)"])
    }

    @Test func binaryGarbageIsRejected() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let bytes = (0..<512).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let (_, found) = SpecLoader.load(Data(bytes), file: "garbage.yaml")
            #expect(!found.isEmpty)
        }
    }

    @Test func fileNamesNeverLeaveTheOutputFolder() async {
        #expect(OutputWriter.isPlainFileName("Person.swift"))
        for name in ["../Person.swift", "/etc/passwd", "a/b.swift", ".hidden.swift", "", "a\\b.swift"] {
            #expect(!OutputWriter.isPlainFileName(name), "\(name)")
        }
        await TestSupport.withTemporaryDirectory { folder in
            let escaping = GeneratedFile(name: "../escape.swift", specName: "x.yaml", declarations: "")
            #expect(throws: DiagnosticsError.self) { try OutputWriter(directory: folder).plan([escaping]) }
        }
    }
}
