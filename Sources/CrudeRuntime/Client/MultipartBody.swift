import Foundation

/// A request body ready for the transport: bytes, or a temporary file the transport uploads from.
struct EncodedBody: Sendable {
    /// Where the bytes are.
    enum Content: Sendable {
        case data(Data)
        /// A temporary file the client removes once the request is over.
        case temporaryFile(URL)
    }

    var content: Content
    /// The `Content-Type` the body needs, unless the request's headers set one.
    var contentType: String
}

/// Writes `multipart/form-data` bodies (RFC 7578).
///
/// Names and file names are escaped as browsers escape them (the HTML standard's form encoding): `"`, CR
/// and LF become `%22`, `%0D` and `%0A`, so no name can end its header or start another; other text,
/// non-ASCII included, is written as UTF-8. The boundary is random and checked against every part: a
/// boundary found in the content is replaced and the body written again.
struct MultipartBody {
    /// Makes boundary candidates; random unless a test decides.
    var makeBoundary: () -> String = { "crudegen-" + UUID().uuidString }
    /// The size of the chunks a file on disk is copied in, which bounds the memory a large upload takes.
    var chunkSize = 1 << 20

    /// The body of `fields`: bytes when every part is in memory, else a temporary file written in chunks.
    func encode(_ fields: [FormField]) throws(APIError) -> EncodedBody {
        let streams = fields.contains { field in
            if case .file(let file) = field.value, case .file = file.contents { return true }
            return false
        }
        while true {
            let boundary = makeBoundary()
            let contentType = "multipart/form-data; boundary=" + boundary
            if streams {
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-upload-" + UUID().uuidString)
                let written: Bool
                do {
                    let sink = try FileSink(file)
                    defer { sink.close() }
                    written = try write(fields, boundary: boundary, to: sink)
                } catch {
                    try? FileManager.default.removeItem(at: file)
                    throw error
                }
                if written { return EncodedBody(content: .temporaryFile(file), contentType: contentType) }
                try? FileManager.default.removeItem(at: file)
            } else {
                let sink = DataSink()
                if try write(fields, boundary: boundary, to: sink) { return EncodedBody(content: .data(sink.data), contentType: contentType) }
            }
        }
    }

    /// Writes the body with `boundary`; `false` when a part contains the boundary, so that another is needed.
    private func write(_ fields: [FormField], boundary: String, to sink: some MultipartSink) throws(APIError) -> Bool {
        let marker = Data(boundary.utf8)
        for field in fields {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escaped(field.name))\""
            switch field.value {
            case .text(let text):
                head += "\r\n\r\n"
                let content = Data(text.utf8)
                guard content.range(of: marker) == nil else { return false }
                try sink.write(Data(head.utf8) + content + Data("\r\n".utf8))
            case .file(let file):
                guard file.contentType.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" || ("!"..."~").contains($0) }) else {
                    throw .encoding(description: "the content type of the file `\(file.fileName)` is not a header value: \(file.contentType.debugDescription)")
                }
                head += "; filename=\"\(Self.escaped(file.fileName))\"\r\nContent-Type: \(file.contentType)\r\n\r\n"
                try sink.write(Data(head.utf8))
                switch file.contents {
                case .data(let content):
                    guard content.range(of: marker) == nil else { return false }
                    try sink.write(content)
                case .file(let url):
                    guard try copy(url, fileName: file.fileName, to: sink, checking: marker) else { return false }
                }
                try sink.write(Data("\r\n".utf8))
            }
        }
        try sink.write(Data("--\(boundary)--\r\n".utf8))
        return true
    }

    /// Copies a file in chunks, looking for `marker` across chunk edges too; `false` when it is found.
    private func copy(_ url: URL, fileName: String, to sink: some MultipartSink, checking marker: Data) throws(APIError) -> Bool {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            var tail = Data()
            while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
                let window = tail + chunk
                if window.range(of: marker) != nil { return false }
                tail = window.suffix(marker.count - 1)
                try sink.write(chunk)
            }
            return true
        } catch let error as APIError {
            throw error
        } catch {
            throw .encoding(description: "cannot read the file `\(fileName)` at \(url.path): \(error)")
        }
    }

    /// A name or file name as a quoted header parameter: `"`, CR and LF percent-encoded.
    static func escaped(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Where a multipart body is written.
private protocol MultipartSink {
    func write(_ data: Data) throws(APIError)
}

/// A body kept in memory.
private final class DataSink: MultipartSink {
    private(set) var data = Data()

    func write(_ data: Data) {
        self.data += data
    }
}

/// A body written to a file as it is produced.
private final class FileSink: MultipartSink {
    private let handle: FileHandle

    init(_ url: URL) throws(APIError) {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = try? FileHandle(forWritingTo: url) else {
            throw .encoding(description: "cannot create the temporary file of a multipart body at \(url.path)")
        }
        self.handle = handle
    }

    func write(_ data: Data) throws(APIError) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw .encoding(description: "cannot write the temporary file of a multipart body: \(error)")
        }
    }

    func close() {
        try? handle.close()
    }
}
