import Foundation
import HTTPTypes

/// Responses kept as files in a folder, so they outlive the process (an app's next launch answers from
/// them), up to a total size; the least recently stored go first.
///
/// Each response is one file named by a digest of its URL, written atomically: a crash never leaves half a
/// response, and a file that cannot be read (another version's format, a damaged disk) is a miss, never an
/// error. Files of other kinds in the folder are left alone.
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
    /// Serializes writes and evictions within the process.
    private let lock = Locked(())

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
        lock.withLock { _ in
            try? data.write(to: file(for: url), options: .atomic)
            evict()
        }
    }

    public func removeResponse(for url: URL) {
        lock.withLock { _ in try? FileManager.default.removeItem(at: file(for: url)) }
    }

    /// The file of `url`, named by a digest that a later run computes the same.
    private func file(for url: URL) -> URL {
        folder.appendingPathComponent(String(StableDigest.of(url.absoluteString), radix: 16) + ".response")
    }

    /// Removes the oldest files until the folder's responses fit `capacity`.
    private func evict() {
        let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: Array(keys)) else { return }
        var responses = files.filter { $0.pathExtension == "response" }.compactMap { file -> (file: URL, size: Int, modified: Date)? in
            guard let values = try? file.resourceValues(forKeys: keys) else { return nil }
            return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        var size = responses.reduce(0) { $0 + $1.size }
        guard size > capacity else { return }
        responses.sort { ($0.modified, $0.file.path) < ($1.modified, $1.file.path) }
        for response in responses where size > capacity {
            try? FileManager.default.removeItem(at: response.file)
            size -= response.size
        }
    }
}
