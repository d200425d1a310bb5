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
        let url = URL(fileURLWithPath: path)
        let manager = FileManager.default
        if !force, let handle = FileHandle(forReadingAtPath: path) {
            let head = (try? handle.read(upToCount: 512)) ?? Data()
            try? handle.close()
            guard String(decoding: head, as: UTF8.self).contains(marker) else {
                throw DiagnosticsError([
                    .error(
                        "`\(path)` exists and was not written by crudegen; not replacing it", at: nil,
                        hint: "choose another output, or pass --force to replace it")
                ])
            }
        }
        if let existing = manager.contents(atPath: path), existing == Data(text.utf8) { return }
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
