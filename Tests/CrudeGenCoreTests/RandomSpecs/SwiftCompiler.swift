import Foundation
import ProcessRunner

/// Compiles generated Swift against the `CrudeRuntime` this test run built, as a user's target would.
enum SwiftCompiler {
    /// Extra settings a user's target may use.
    enum Isolation: CaseIterable {
        /// Swift 6 language mode as it is.
        case standard
        /// What new Xcode app targets use: default main-actor isolation and the approachable-concurrency
        /// upcoming features.
        case mainActorByDefault

        var flags: [String] {
            switch self {
            case .standard: []
            case .mainActorByDefault:
                [
                    "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                    "-enable-upcoming-feature", "InferIsolatedConformances",
                ]
            }
        }
    }

    /// The folder of the built modules (`CrudeRuntime.swiftmodule` and its dependencies), next to the test bundle.
    static let modulesFolder: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("CrudeRuntime.swiftmodule").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return TestSupport.packageRoot.appendingPathComponent(".build/debug/Modules")
    }()

    /// The folder of GRDB's SQLite module map, which code importing `CrudeStore` (and through it GRDB) needs:
    /// SwiftPM passes it to its own targets, a plain `swiftc` must be told.
    static let sqliteModuleFolder: URL = {
        var folder = modulesFolder
        for _ in 0..<5 {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("checkouts/GRDB.swift/Sources/GRDBSQLite")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("module.modulemap").path) { return candidate }
        }
        return TestSupport.packageRoot.appendingPathComponent(".build/checkouts/GRDB.swift/Sources/GRDBSQLite")
    }()

    /// Compiles `files` (name → contents) as one module in Swift 6 mode, with warnings as errors unless an
    /// example's unused values are expected (`warningsAsErrors: false`).
    static func compile(
        _ files: [(name: String, contents: String)], module: String = "Generated", isolation: Isolation = .standard, warningsAsErrors: Bool = true
    ) async throws -> TestSupport.CommandRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-compile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        return try await run(
            [
                "swiftc", "-c", "-wmo", "-parse-as-library", "-swift-version", "6",
            ] + (warningsAsErrors ? ["-warnings-as-errors"] : []) + [
                "-module-name", module, "-package-name", "CrudeGenTests", "-I", modulesFolder.path, "-I", sqliteModuleFolder.path,
                "-o", folder.appendingPathComponent("module.o").path,
            ] + isolation.flags + paths)
    }

    /// Runs a command found on `PATH` and collects what it prints, one at a time with the suite's other compilers.
    static func run(_ arguments: [String]) async throws -> TestSupport.CommandRun {
        let finished = try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, mergingStandardError: true, oneAtATime: true)
        return TestSupport.CommandRun(status: finished.status, output: finished.output)
    }
}
