import Foundation

/// A file sent as one part of a `multipart/form-data` body (the spec's `File` type): bytes in memory or a
/// file on disk, with the file name and content type the part announces.
///
/// A file on disk is streamed: the body is written to a temporary file in chunks and uploaded from there,
/// so a large file never has to fit in memory.
///
/// ```swift
/// let avatar = FileUpload(contentsOf: URL(filePath: "/tmp/ada.png"))    // image/png, "ada.png"
/// try await Corners.uploadAvatar(file: avatar, caption: "Ada", on: client)
/// ```
public struct FileUpload: Sendable, Hashable {
    /// Where the bytes come from.
    public enum Contents: Sendable, Hashable {
        /// Bytes in memory.
        case data(Data)
        /// A file on disk, read while the body is written.
        case file(URL)
    }

    /// The bytes to send.
    public var contents: Contents
    /// The `filename` of the part; servers usually keep it as the upload's name.
    public var fileName: String
    /// The part's `Content-Type`.
    public var contentType: String

    /// A file whose bytes are in memory; the content type defaults to the one of `fileName`'s extension.
    public init(data: Data, fileName: String, contentType: String? = nil) {
        contents = .data(data)
        self.fileName = fileName
        self.contentType = contentType ?? Self.contentType(ofExtension: (fileName as NSString).pathExtension)
    }

    /// A file on disk, named after its last path component unless `fileName` is given; the content type
    /// defaults to the one of the file's extension.
    public init(contentsOf file: URL, fileName: String? = nil, contentType: String? = nil) {
        contents = .file(file)
        self.fileName = fileName ?? file.lastPathComponent
        self.contentType = contentType ?? Self.contentType(ofExtension: file.pathExtension)
    }

    /// Content types of common extensions; a table rather than the platform's type database, which Linux
    /// lacks, so the same file gets the same type everywhere.
    private static let contentTypes: [String: String] = [
        "txt": "text/plain", "csv": "text/csv", "html": "text/html", "htm": "text/html", "css": "text/css", "md": "text/markdown",
        "json": "application/json", "xml": "application/xml", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "heic": "image/heic",
        "svg": "image/svg+xml", "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "ogg": "audio/ogg", "webm": "video/webm",
        "mp4": "video/mp4", "mov": "video/quicktime",
    ]

    /// The content type of a file name extension, `application/octet-stream` when unknown.
    static func contentType(ofExtension pathExtension: String) -> String {
        contentTypes[pathExtension.lowercased()] ?? "application/octet-stream"
    }
}

/// Generated payloads are `Codable`, so a file is too; it only has a meaning as a part of a multipart
/// body, which encodes it without calling these.
extension FileUpload: Codable {
    /// Always throws: a file is sent, never received.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a file upload is sent, never decoded"))
    }

    /// Always throws: outside a multipart body (as in JSON) a file has no encoding.
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            self, .init(codingPath: encoder.codingPath, debugDescription: "the file `\(fileName)` can only be sent in a multipart/form-data body"))
    }
}
