import Foundation
import HTTPTypes

/// Responses kept as files in a folder, so they outlive the process (an app's next launch answers from
/// them), up to a total size; the least recently stored go first.
///
/// Each response is one file named by a digest of its URL, written to a temporary file and renamed into
/// place: a crash never leaves half a response, and a file that cannot be read (another version's format, a
/// damaged disk) is a miss, never an error. The temporary file of a process killed mid-write is removed by
/// the next process that writes to the folder. Files of other kinds in the folder are left alone.
public final class DiskResponseCache: ResponseCache {
    /// What a file holds.
    private struct Entry: Codable {
        var url: URL
        var status: Int
        var reason: String
        /// Header fields in order, as name and value pairs.
        var headers: [[String]]
        var storedAt: Date
        var varyingHeaders: [String: String]
        var body: Data
    }

    /// The folder holding the files.
    public let folder: URL
    /// The most bytes the files may take together.
    public let capacity: Int
    /// The bytes the folder's responses take, as this process last counted them: `nil` until the first
    /// write scans the folder, so that a write costs one file's size check rather than a scan of them all.
    /// The lock also serializes writes and evictions within the process.
    private let size = Locked<Int?>(nil)

    /// A cache in `folder` (created if missing) keeping up to `capacity` bytes (50 MB by default).
    public init(folder: URL, capacity: Int = 50 << 20) throws {
        self.folder = folder
        self.capacity = capacity
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    public func response(for url: URL) -> CachedResponse? {
        guard let data = try? Data(contentsOf: file(for: url)), let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.url == url else {
            return nil
        }
        var fields = HTTPFields()
        for pair in entry.headers where pair.count == 2 {
            if let name = HTTPField.Name(pair[0]) { fields.append(HTTPField(name: name, value: pair[1])) }
        }
        let head = HTTPResponse(status: HTTPResponse.Status(code: entry.status, reasonPhrase: entry.reason), headerFields: fields)
        return CachedResponse(head: head, body: entry.body, storedAt: entry.storedAt, varyingHeaders: entry.varyingHeaders)
    }

    public func store(_ response: CachedResponse, for url: URL) {
        let entry = Entry(
            url: url, status: response.head.status.code, reason: response.head.status.reasonPhrase,
            headers: response.head.headerFields.map { [$0.name.rawName, $0.value] }, storedAt: response.storedAt,
            varyingHeaders: response.varyingHeaders, body: response.body)
        guard let data = try? JSONEncoder().encode(entry), data.count <= capacity else { return }
        let file = file(for: url)
        size.withLock { size in
            let replaced = Self.fileSize(file)
            if size == nil { removeAbandonedWrites() }
            guard write(data, to: file) else { return }
            let total = (size ?? countBytes()) - replaced + data.count
            size = total > capacity ? evict() : total
        }
    }

    public func removeResponse(for url: URL) {
        let file = file(for: url)
        size.withLock { size in
            let removed = Self.fileSize(file)
            guard (try? FileManager.default.removeItem(at: file)) != nil else { return }
            size = size.map { $0 - removed }
        }
    }

    /// The file of `url`, named by a digest that a later run computes the same.
    private func file(for url: URL) -> URL {
        folder.appendingPathComponent(String(StableDigest.of(url.absoluteString), radix: 16) + ".response")
    }

    /// Writes `data` to a temporary file named after this process, then renames it to `file` in one step.
    /// Foundation's atomic write would do the same under a name no later process could tell apart from
    /// another's file, so a killed writer's temporary files would stay in the folder for ever.
    private func write(_ data: Data, to file: URL) -> Bool {
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
        guard (try? data.write(to: temporary)) != nil else { return false }
        guard rename(temporary.path, file.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        return true
    }

    /// Removes the temporary files of writers that were killed before renaming them: those whose process
    /// no longer exists. A process still writing keeps its own (a folder may be shared).
    private func removeAbandonedWrites() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.split(separator: ".")
            guard parts.count == 5, parts[1] == "response", let process = pid_t(parts[2]), process > 0 else { continue }
            if kill(process, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    /// The size of `file`, 0 when there is none.
    private static func fileSize(_ file: URL) -> Int {
        (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }

    /// The folder's responses with their sizes and ages.
    private func responseFiles() -> [(file: URL, size: Int, modified: Date)] {
        let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: Array(keys)) else { return [] }
        return files.filter { $0.pathExtension == "response" }.compactMap { file in
            guard let values = try? file.resourceValues(forKeys: keys) else { return nil }
            return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
    }

    /// The bytes the folder's responses take now.
    private func countBytes() -> Int {
        responseFiles().reduce(0) { $0 + $1.size }
    }

    /// Removes the oldest files until the folder's responses fit `capacity`, recounting them first (another
    /// process may share the folder); returns the bytes left.
    private func evict() -> Int {
        var responses = responseFiles()
        var size = responses.reduce(0) { $0 + $1.size }
        responses.sort { ($0.modified, $0.file.path) < ($1.modified, $1.file.path) }
        for response in responses where size > capacity {
            try? FileManager.default.removeItem(at: response.file)
            size -= response.size
        }
        return size
    }
}
