import Foundation
import Testing

/// Generated code follows the project's one code format: the fixtures' golden files (which
/// GoldenFileTests proves are what crudegen writes) pass `swift format lint --strict` with the same
/// `.swift-format` as the code base.
@Suite struct GeneratedCodeFormatTests {
    static let configuration = TestSupport.packageRoot.appendingPathComponent(".swift-format").path

    /// Runs `swift format lint --strict` with the project's configuration.
    static func lint(_ files: [String]) async throws -> TestSupport.CommandRun {
        try await TestSupport.run(["swift", "format", "lint", "--strict", "--configuration", configuration] + files)
    }

    @Test func goldenFilesPassTheLint() async throws {
        let fixtures = TestSupport.packageRoot.appendingPathComponent("Fixtures")
        var files: [String] = []
        for fixture in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            let expected = fixtures.appendingPathComponent("\(fixture)/Expected")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: expected.path)) ?? []
            files += names.filter { $0.hasSuffix(".swift") }.map { expected.appendingPathComponent($0).path }
        }
        #expect(files.count > 30)
        let run = try await Self.lint(files.sorted())
        #expect(run.status == 0, "generated code does not pass `swift format lint --strict`:\n\(run.output)")
    }

    /// The check above can fail: code in swift-format's default 2-space style is reported.
    @Test func misformattedCodeFailsTheLint() async throws {
        try await TestSupport.withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("Misformatted.swift")
            try "struct Misformatted {\n  var name: String\n}\n".write(to: file, atomically: true, encoding: .utf8)
            let run = try await Self.lint([file.path])
            #expect(run.status != 0)
            #expect(run.output.contains("Misformatted.swift:2:1: error: [Indentation]"))
        }
    }
}
