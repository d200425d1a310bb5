import Foundation
import ProcessRunner
import TestScratch

/// Running `swift build` and `swift package` on the example package from inside `swift test`.
enum PluginTestSupport {
    /// The crudegen package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/Household`.
    static let example = root.appendingPathComponent("Examples/Household")

    /// The scratch folder of every nested build: `plugin-tests` inside the scratch folder of the `swift test`
    /// that runs these tests (found from the test binary's path), so it is git-ignored and cleaned with it,
    /// and a second checkout or `--scratch-path` gets its own. It must not be the outer scratch folder
    /// itself: `swift test` holds that folder's lock while the tests run, and a nested build would wait for
    /// it forever.
    static let scratch = TestScratch.folder("plugin-tests", otherwise: root.appendingPathComponent(".build-plugin-tests", isDirectory: true))

    /// The environment of nested SwiftPM runs. SwiftPM keys its compiled-plugin cache and its build plan on
    /// the whole environment, so shell bookkeeping that differs between launches (`_`, `PWD`, `OLDPWD`,
    /// `SHLVL`) would make every run re-plan and re-run the plugin; `swift test` also sets `NO_COLOR`,
    /// which is set here in any case so that output is plain text to search.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        for name in ["_", "PWD", "OLDPWD", "SHLVL"] { environment[name] = nil }
        environment["NO_COLOR"] = "1"
        return environment
    }()

    /// The `swift` driver on `PATH`, the one running these tests.
    static let swiftExecutable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    struct Result {
        /// The exit status.
        var status: Int32
        /// Standard output and standard error, interleaved.
        var output: String
    }

    /// Runs `swift` with `arguments` from the package root.
    static func swift(_ arguments: [String]) async throws -> Result {
        guard let swiftExecutable else { throw TestError("`swift` is not on PATH") }
        return try await run(swiftExecutable, arguments, in: root)
    }

    /// `swift build` of `package` in ``scratch``.
    ///
    /// With `replanning`, SwiftPM plans the build afresh. The example and its copies share one scratch
    /// folder, and SwiftPM decides whether to re-plan by looking only at the folders of the package it
    /// planned last: without a fresh plan, building a copy right after the example silently rebuilds the
    /// example. A fresh plan also starts without the package's earlier plugin outputs: SwiftPM leaves files
    /// a former plan declared (say, with another `files_per_spec`), which it no longer compiles but which
    /// ``generatedFiles(of:)`` would list.
    static func build(_ package: URL, replanning: Bool = false) async throws -> Result {
        let outputs = pluginOutputs(of: package)
        if replanning, FileManager.default.fileExists(atPath: outputs.path) { try FileManager.default.removeItem(at: outputs) }
        return try await swift(
            ["build", "--package-path", package.path, "--scratch-path", scratch.path] + (replanning ? ["--disable-build-manifest-caching"] : []))
    }

    /// The modules a build's output says it compiled (`Compiling plugin …` lines are plugin scripts, not code).
    static func compiledModules(in output: String) -> [String] {
        output.components(separatedBy: "\n").compactMap { line in
            guard let range = line.range(of: "] Compiling "), !line[range.upperBound...].hasPrefix("plugin ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    /// Runs a program to completion and collects its output, off Swift's cooperative threads (nested builds take
    /// minutes, and a server in this process must go on answering meanwhile).
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) async throws -> Result {
        let finished = try await Subprocess.run(executable, arguments, in: directory, environment: environment, mergingStandardError: true)
        return Result(status: finished.status, output: finished.output)
    }

    /// Where the build plugins write for `package` in ``scratch``: a folder named by the package's identity, its
    /// folder's name in lower case.
    static func pluginOutputs(of package: URL) -> URL {
        scratch.appendingPathComponent("plugins/outputs/\(package.lastPathComponent.lowercased())")
    }

    /// The files the build plugin spread the spec `stem.crude.yaml` over (`Household.crude.00.swift` …) for
    /// `package`, sorted by name.
    static func generatedFiles(of package: URL, spec stem: String = "Household") -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: pluginOutputs(of: package), includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        let prefix = stem + ".crude."
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            guard name.hasPrefix(prefix), name.hasSuffix(".swift") else { continue }
            if name.dropFirst(prefix.count).dropLast(".swift".count).allSatisfy(\.isNumber) { files.append(url) }
        }
        return files.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// When the file at `url` was last written.
    static func modificationDate(of url: URL) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    }

    /// Runs `body` with a copy of the example named `name` in a temporary folder, its dependency on crudegen
    /// pointing at this checkout, and removes the copy afterwards. Builds of the copy share ``scratch``.
    static func withCopyOfExample(named name: String, _ body: (URL) async throws -> Void) async throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-plugin-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let copy = parent.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: example.appendingPathComponent("Sources"), to: copy.appendingPathComponent("Sources"))
        let manifest = try String(contentsOf: example.appendingPathComponent("Package.swift"), encoding: .utf8)
        let dependency = #"path: "../..""#
        guard manifest.contains(dependency) else { throw TestError("Examples/Household/Package.swift no longer has \(dependency); update withCopyOfExample") }
        try manifest.replacingOccurrences(of: dependency, with: "path: \"\(root.path)\"")
            .write(to: copy.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // With the example's pins the copy needs no dependency resolution of its own.
        let resolved = example.appendingPathComponent("Package.resolved")
        if FileManager.default.fileExists(atPath: resolved.path) {
            try FileManager.default.copyItem(at: resolved, to: copy.appendingPathComponent("Package.resolved"))
        }
        try await body(copy)
    }

    /// The body of the first fenced block in `language` below the line `heading` of the Markdown `text`.
    static func firstBlock(of language: String, after heading: String, in text: String) throws -> String {
        guard let section = text.range(of: "\n" + heading + "\n"),
            let open = text.range(of: "\n```" + language + "\n", range: section.upperBound..<text.endIndex),
            let close = text.range(of: "\n```\n", range: open.upperBound..<text.endIndex)
        else { throw TestError("no ```\(language) block below `\(heading)`") }
        return String(text[open.upperBound..<close.lowerBound]) + "\n"
    }

    /// `text` without its first line (a generated file's header names its spec).
    static func droppingFirstLine(_ text: String) -> Substring {
        text.drop { $0 != "\n" }
    }

    struct TestError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
