import Foundation
import RandomSpecs
import TestTags
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// Every spec crudegen accepts generates Swift that compiles in Swift 6 mode with warnings as errors,
/// also under default main-actor isolation, and passes `swift format lint --strict`: its client, and, in a
/// build with the `CrudeServe` trait, its server beside it. Random valid specs probe the corners; a failure prints the
/// spec, which then becomes a fixture.
///
/// `swift test` runs a small batch with fixed seeds; `Scripts/random-specs.sh COUNT [SEED]` runs a
/// longer campaign through `CRUDEGEN_RANDOM_SPECS` and `CRUDEGEN_RANDOM_SEED`.
@Suite struct RandomSpecTests {
    static let count = ProcessInfo.processInfo.environment["CRUDEGEN_RANDOM_SPECS"].flatMap(Int.init) ?? 10
    static let firstSeed = ProcessInfo.processInfo.environment["CRUDEGEN_RANDOM_SEED"].flatMap(UInt64.init) ?? 2026

    @Test(.tags(.integration), .skippedWhenQuick) func randomValidSpecsCompileWithoutWarnings() async throws {
        var compiled = 0
        var rejected: [String] = []
        var generated: [(seed: UInt64, file: GeneratedFile)] = []
        for index in 0..<Self.count {
            let seed = Self.firstSeed &+ UInt64(index)
            var generator = RandomSpecGenerator(seed: seed)
            let yaml = generator.spec()
            let output: Generator.Output
            do {
                output = try Self.generator.generate(spec: Data(yaml.utf8), file: "random-\(seed).crude.yaml")
            } catch {
                rejected.append("seed \(seed): " + error.diagnostics.map(\.message).joined(separator: "; "))
                continue
            }
            let isolation: SwiftCompiler.Isolation = seed.isMultiple(of: 2) ? .standard : .mainActorByDefault
            let result = try await SwiftCompiler.compile(output.files.map { ($0.name, $0.contents) }, isolation: isolation)
            #expect(result.succeeded, "seed \(seed) (\(isolation)) does not compile:\n\(result.output.prefix(3000))\n--- spec ---\n\(yaml)")
            #expect(
                Self.injectedCode(in: output.files).isEmpty,
                "seed \(seed): spec text became code:\n\(Self.injectedCode(in: output.files).joined(separator: "\n"))\n--- spec ---\n\(yaml)")
            if result.succeeded { compiled += 1 }
            generated += output.files.map { (seed, $0) }
        }
        // The code format of every file, in one run of swift-format over all of them.
        try await TestSupport.withTemporaryDirectory { folder in
            var paths: [String] = []
            for (seed, file) in generated {
                let url = folder.appendingPathComponent("seed-\(seed)-\(file.name)")
                try Data(file.contents.utf8).write(to: url)
                paths.append(url.path)
            }
            let lint = try await GeneratedCodeFormatTests.lint(paths)
            #expect(lint.status == 0, "generated code of random specs does not pass `swift format lint --strict`:\n\(lint.output.prefix(3000))")
        }
        print("random specs: \(compiled) of \(Self.count) compiled without warnings, \(rejected.count) rejected by crudegen")
        for line in rejected { print("  rejected \(line)") }
        // The generator writes valid specs; a high rejection rate means it (or the validator) drifted.
        #expect(rejected.count * 4 <= Self.count, "most random specs were rejected: \(rejected.joined(separator: "\n"))")
    }

    /// The generator of the specs: the client, and the server beside it where CrudeServe is built.
    static var generator: Generator {
        var generator = Generator()
        #if CrudeServe
        generator.server = Generator.ServerOutput()
        #endif
        return generator
    }

    /// Lines of generated code, outside comments and string literals, that contain the word the hostile
    /// texts try to declare. Lines are split at every Unicode line break, wider than Swift's own rule, so
    /// text that escaped a comment or literal anywhere shows up; the lines between a `"""` line and the
    /// next (a server's spec) are a literal's.
    static func injectedCode(in files: [GeneratedFile]) -> [String] {
        files.flatMap { file in
            var inMultilineLiteral = false
            return file.contents.split(whereSeparator: \.isNewline).compactMap { line -> String? in
                if line.trimmingCharacters(in: .whitespaces) == "\"\"\"" {
                    inMultilineLiteral.toggle()
                    return nil
                }
                guard !inMultilineLiteral else { return nil }
                return codeOutsideCommentsAndLiterals(String(line)).contains("injected") ? "\(file.name): \(line)" : nil
            }
        }
    }

    /// The code of one line without `//` comments and the contents of `"…"` literals.
    static func codeOutsideCommentsAndLiterals(_ line: String) -> String {
        var code = ""
        var inLiteral = false
        var escaped = false
        var previous: Character?
        for character in line {
            if inLiteral {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inLiteral = false
                    code.append(character)
                }
            } else if character == "/", previous == "/" {
                code.removeLast()
                break
            } else {
                if character == "\"" { inLiteral = true }
                code.append(character)
            }
            previous = character
        }
        return code
    }
}
