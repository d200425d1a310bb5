import Foundation

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

    /// A temporary folder removed when the test's scope ends.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) rethrows -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }
}
