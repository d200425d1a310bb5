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

    /// The folder of the dependencies' checkouts, whose C targets' module maps a plain `swiftc` must be shown.
    static let checkoutsFolder: URL = {
        var folder = modulesFolder
        for _ in 0..<5 {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("checkouts")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return TestSupport.packageRoot.appendingPathComponent(".build/checkouts")
    }()

    /// What a plain `swiftc` must be told to import the C modules the built modules depend on (GRDB's SQLite,
    /// Yams' `CYaml`, NIO's), which SwiftPM passes to its own targets: the module maps SwiftPM wrote beside
    /// the modules, and the folders of the checkouts' C targets that hold one.
    static let cModuleFlags: [String] = {
        let fileManager = FileManager.default
        func entries(of folder: URL) -> [URL] {
            ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map { folder.appendingPathComponent($0) }
        }
        var flags: [String] = []
        for target in entries(of: modulesFolder.deletingLastPathComponent())
        where target.lastPathComponent.hasSuffix(".build") && !target.lastPathComponent.hasSuffix("-tool.build") {
            let map = target.appendingPathComponent("module.modulemap")
            if fileManager.fileExists(atPath: map.path) { flags += ["-Xcc", "-fmodule-map-file=" + map.path] }
        }
        for package in entries(of: checkoutsFolder) {
            for target in entries(of: package.appendingPathComponent("Sources")) {
                for folder in [target, target.appendingPathComponent("include")]
                where fileManager.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
                    flags += ["-I", folder.path]
                }
            }
        }
        return flags
    }()

    /// Compiles `files` (name → contents) as one module in Swift 6 mode, with warnings as errors unless an
    /// example's unused values are expected (`warningsAsErrors: false`); with `modules`, the module's interface
    /// is written there, and the modules there can be imported.
    static func compile(
        _ files: [(name: String, contents: String)], module: String = "Generated", isolation: Isolation = .standard, warningsAsErrors: Bool = true,
        modules: URL? = nil
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
                "-module-name", module, "-package-name", "CrudeGenTests", "-I", modulesFolder.path,
                "-o", folder.appendingPathComponent("module.o").path,
            ]
                + (modules.map { ["-I", $0.path, "-emit-module", "-emit-module-path", $0.appendingPathComponent(module + ".swiftmodule").path] } ?? [])
                + cModuleFlags + isolation.flags + paths)
    }

    /// Runs a command found on `PATH` and collects what it prints, one at a time with the suite's other compilers.
    static func run(_ arguments: [String]) async throws -> TestSupport.CommandRun {
        let finished = try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, mergingStandardError: true, oneAtATime: true)
        return TestSupport.CommandRun(status: finished.status, output: finished.output)
    }
}
