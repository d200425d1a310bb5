import CrudeGenEngine
import Foundation

/// Writes the files `import` and `export` produce: whole or not at all, and never over a file a person wrote.
public enum SpecFile {
    /// The words that open every spec `import` writes.
    public static let importMarker = "Imported by crudegen"
    /// The words near the top of every document `export` writes.
    public static let exportMarker = "Exported by crudegen"

    /// Writes `text` to `path` through a temporary file renamed into place, so a reader never sees half a
    /// file. An existing file is replaced only when its first 512 bytes hold `marker` (crudegen wrote it)
    /// or `force` is set.
    public static func write(_ text: String, to path: String, force: Bool, marker: String) throws(DiagnosticsError) {
        try checkReplaceable(path, force: force, marker: marker)
        if let existing = FileManager.default.contents(atPath: path), existing == Data(text.utf8) { return }
        try replace(path, with: text)
    }

    /// Throws unless the file at `path` is missing, holds `marker` in its first 512 bytes or `force` is set:
    /// for a command that writes several files, before it writes any.
    public static func checkReplaceable(_ path: String, force: Bool, marker: String) throws(DiagnosticsError) {
        guard !force, let head = head(of: path) else { return }
        guard head.contains(marker) else {
            throw DiagnosticsError([
                .error(
                    "`\(path)` exists and was not written by crudegen; not replacing it", at: nil,
                    hint: "choose another output, or pass --force to replace it")
            ])
        }
    }

    /// The first 512 bytes of the file at `path` as text, or `nil` when there is none.
    public static func head(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return String(decoding: (try? handle.read(upToCount: 512)) ?? Data(), as: UTF8.self)
    }

    private static func replace(_ path: String, with text: String) throws(DiagnosticsError) {
        let url = URL(fileURLWithPath: path)
        let manager = FileManager.default
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
            // rename(2) replaces the destination in one step; FileManager's move refuses an existing one.
            guard rename(temporary.path, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? manager.removeItem(at: temporary)
            throw DiagnosticsError([.error("cannot write `\(path)`: \(error.localizedDescription)", at: nil)])
        }
    }
}
