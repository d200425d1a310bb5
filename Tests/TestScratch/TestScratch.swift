import Foundation

/// Folders the tests keep inside the scratch folder of the `swift test` running them.
public enum TestScratch {
    /// `name` inside the scratch folder of the running `swift test` (the folder holding
    /// `workspace-state.json`, found from the test binary's path), so that it is git-ignored, cleaned with the
    /// build, and separate for a second checkout or `--scratch-path`; `fallback` when the binary is not inside
    /// a scratch folder.
    public static func folder(_ name: String, otherwise fallback: URL) -> URL {
        // On Linux the test binary is the main executable; on macOS a helper loads the `.xctest` bundle.
        let candidates =
            [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap { $0 }
            + Bundle.allBundles.map(\.bundleURL)
        for candidate in candidates {
            var folder = candidate.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<6 {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("workspace-state.json").path) {
                    return folder.appendingPathComponent(name, isDirectory: true)
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return fallback
    }
}
