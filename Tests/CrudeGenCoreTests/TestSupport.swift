import Foundation
import ProcessRunner

/// Paths and switches shared by the tests.
enum TestSupport {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `CRUDEGEN_RECORD=1 swift test` rewrites golden files and the bundled templates instead of comparing.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["CRUDEGEN_RECORD"] == "1"
    }

    /// A line diff of two texts, short enough to read in a test failure.
    static func diff(expected: String, actual: String, name: String) -> String {
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        var output = ["--- expected/\(name)", "+++ generated/\(name)"]
        var index = 0
        while index < max(expectedLines.count, actualLines.count), output.count < 40 {
            let left = index < expectedLines.count ? expectedLines[index] : nil
            let right = index < actualLines.count ? actualLines[index] : nil
            if left != right {
                output.append("@@ line \(index + 1)")
                if let left { output.append("-" + left) }
                if let right { output.append("+" + right) }
            }
            index += 1
        }
        return output.joined(separator: "\n")
    }

    /// A finished command: its exit status and its standard output and error together.
    struct CommandRun {
        var status: Int32
        var output: String
        var succeeded: Bool { status == 0 }
    }

    /// Runs `arguments[0]` (a path, or a name looked up on `PATH`) to its end, collecting what it prints.
    static func run(_ arguments: [String]) async throws -> CommandRun {
        let finished = try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, mergingStandardError: true)
        return CommandRun(status: finished.status, output: finished.output)
    }

    /// A temporary folder removed when the test's scope ends.
    static func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async rethrows -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await body(url)
    }
}
