import CrudeGenCore
import Foundation
import ProcessRunner
import TestScratch
import Testing

/// Paths, peer documents and tools the OpenAPI tests share.
enum OpenAPITestSupport {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fixture folders, each with its `spec.yaml`.
    static var fixtures: [String] {
        let folder = packageRoot.appendingPathComponent("Fixtures")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/spec.yaml").path) }
            .sorted()
    }

    /// Real documents no one here wrote: files of swift-openapi-generator, from its canonical repository at a
    /// pinned tag.
    enum Peer {
        /// The repository the documents come from.
        static let repository = "https://github.com/apple/swift-openapi-generator"
        /// The tag whose files the tests' expectations (line numbers, counts) were written against.
        static let tag = "1.14.3"

        /// The clone, fetched once into the build folder of the `swift test` running these tests (found from
        /// the test binary's path, as the plugin tests find theirs), so that it is cleaned with the build and
        /// never read from anywhere else on the machine; named by the tag, so a new pin fetches afresh.
        static let clone = TestScratch.folder(
            "peer-documents/swift-openapi-generator-\(tag).git",
            otherwise: packageRoot.appendingPathComponent(".build/peer-documents/swift-openapi-generator-\(tag).git", isDirectory: true))

        /// Fetches the tag once per test process; `false` when the repository cannot be reached (offline).
        private static let fetch = Task { () -> Bool in
            if FileManager.default.fileExists(atPath: clone.path) { return true }
            // Cloned beside the cache and renamed into place, which is atomic: a `swift test` running at the same
            // time either finds no clone or a complete one, and whichever renames second keeps the first's.
            let partial = clone.deletingLastPathComponent().appendingPathComponent(".partial-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: partial) }
            try? FileManager.default.createDirectory(at: clone.deletingLastPathComponent(), withIntermediateDirectories: true)
            // A prompt for credentials would hang offline; without one, git fails at once.
            let run = try? await runTool(
                "/usr/bin/env", ["GIT_TERMINAL_PROMPT=0", "git", "clone", "--quiet", "--bare", "--depth", "1", "--branch", tag, repository, partial.path])
            guard run?.status == 0 else { return false }
            try? FileManager.default.moveItem(at: partial, to: clone)
            return FileManager.default.fileExists(atPath: clone.path)
        }

        /// Whether the documents can be read: the condition of every test that reads one.
        static func isAvailable() async -> Bool { await fetch.value }

        /// The trait of a test that reads a peer document: it is skipped, saying why, when the repository
        /// cannot be fetched.
        static let needed = ConditionTrait.enabled("needs \(repository) at \(tag) (network, or a git mirror of it); skipped offline") {
            await isAvailable()
        }
    }

    /// A file of swift-openapi-generator at ``Peer/tag``, read from ``Peer/clone`` (never copied into this
    /// repository). Tests calling it carry ``Peer/needed``.
    static func peerDocument(_ path: String) async throws -> Data {
        try #require(await Peer.isAvailable(), "cannot fetch \(Peer.repository) at \(Peer.tag); mark the test with OpenAPITestSupport.Peer.needed")
        let run = try await runTool("/usr/bin/env", ["git", "-C", Peer.clone.path, "show", "\(Peer.tag):\(path)"])
        try #require(run.status == 0, "cannot read \(path) from \(Peer.clone.path): \(run.stderr)")
        return run.stdoutData
    }

    /// What a finished process printed.
    struct ToolRun {
        var status: Int32
        var stdoutData: Data
        var stderr: String
        var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    }

    /// Runs a program to completion off the cooperative threads, one at a time with the suite's other compilers.
    static func runTool(_ executable: String, _ arguments: [String], in directory: URL? = nil) async throws -> ToolRun {
        let finished = try await Subprocess.run(URL(fileURLWithPath: executable), arguments, in: directory, oneAtATime: true)
        return ToolRun(status: finished.status, stdoutData: finished.standardOutput, stderr: finished.errors)
    }

    /// A temporary folder removed when the test's scope ends.
    static func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await body(url)
    }

    /// The generated files of a spec, by name, without the first line (which names the spec file).
    static func generatedSwift(_ yaml: String, file: String = "api.crude.yaml") throws -> [String: String] {
        let output = try Generator().generate(spec: Data(yaml.utf8), file: file)
        return Dictionary(
            uniqueKeysWithValues: output.files.map {
                ($0.name, $0.contents.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().joined())
            })
    }

    /// Writes the Swift files a spec generates into `folder` (created if missing); returns their paths.
    static func writeGenerated(_ yaml: String, file: String = "api.crude.yaml", to folder: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try Generator().generate(spec: Data(yaml.utf8), file: file).files.map { generated in
            let url = folder.appendingPathComponent(generated.name)
            try Data(generated.contents.utf8).write(to: url)
            return url.path
        }
    }

    /// Type-checks the Swift a spec generates against the built `CrudeRuntime`, in Swift 6 mode with
    /// warnings as errors; returns the compiler's complaints, empty when it compiled cleanly.
    static func typecheckGenerated(_ yaml: String) async throws -> String {
        try await withTemporaryDirectory { folder in
            let paths = try writeGenerated(yaml, to: folder)
            let modules = try runtimeModulesFolder()
            // At the lowest priority: the ChatGPT document's Swift keeps a core busy for a minute or more,
            // which must not starve the loopback-server tests running beside it.
            let run = try await runTool(
                "/usr/bin/env",
                ["nice", "-n", "19", "swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules, "-module-name", "Imported"] + paths)
            return run.status == 0 ? "" : run.stdout + run.stderr
        }
    }

    /// The build folder holding `CrudeRuntime.swiftmodule` (`.build/debug/Modules` on Swift 6).
    static func runtimeModulesFolder() throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            for candidate in [folder.appendingPathComponent("Modules"), folder]
            where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("CrudeRuntime.swiftmodule").path) {
                return candidate.path
            }
            folder.deleteLastPathComponent()
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug/Modules")
        try #require(
            FileManager.default.fileExists(atPath: fallback.appendingPathComponent("CrudeRuntime.swiftmodule").path),
            "CrudeRuntime.swiftmodule not found; build the package first")
        return fallback.path
    }

    /// Runs `openapi-spec-validator` (pinned in Scripts/python-requirements.txt) on a document file.
    static func validateOpenAPI(_ file: URL) async throws -> ToolRun {
        let python = try await runTool("/bin/bash", [packageRoot.appendingPathComponent("Scripts/python-env.sh").path])
        try #require(python.status == 0, "Scripts/python-env.sh failed: \(python.stderr)")
        let interpreter = python.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await runTool(interpreter, ["-m", "openapi_spec_validator", file.path])
    }
}
