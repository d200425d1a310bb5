import Foundation
import HTTPTypes

/// The response of an action that returns a file (the spec's `returns: File`), read into memory: its bytes,
/// with what the server said about them.
///
/// ```swift
/// let report = try await Reports.export(id: 7, on: client)
/// print(report.fileName ?? "report", report.contentType ?? "unknown type", report.data.count)
/// ```
public struct Download: Sendable, Hashable {
    /// The response body.
    public var data: Data
    /// The response's `Content-Type`, if it sent one.
    public var contentType: String?
    /// The file name the server suggests in `Content-Disposition`, reduced to a name without directories
    /// (see ``fileName(inContentDisposition:)``).
    public var fileName: String?

    /// A download of `data`.
    public init(data: Data, contentType: String?, fileName: String?) {
        self.data = data
        self.contentType = contentType
        self.fileName = fileName
    }

    /// The body of `response` with its content type and suggested file name.
    public init(_ response: ClientResponse) {
        self.init(
            data: response.body, contentType: response.head.headerFields[.contentType],
            fileName: response.head.headerFields[.contentDisposition].flatMap(Self.fileName(inContentDisposition:)))
    }

    /// The file name a `Content-Disposition` value suggests (RFC 6266): `filename*` (RFC 8187's
    /// `UTF-8''r%C3%A9sum%C3%A9.pdf`, or ISO-8859-1) when it decodes, else `filename`, quoted or not.
    ///
    /// The name comes from the server, so it is made safe to use as the last component of a path: anything up
    /// to its last `/` or `\` is dropped, and a name that is empty, `.`, `..` or holds a control character is
    /// no name (`nil`).
    public static func fileName(inContentDisposition value: String) -> String? {
        let parameters = DispositionParameters(value)
        let extended = parameters["filename*"].flatMap(decodedExtendedValue)
        return (extended ?? parameters["filename"]).flatMap(safeFileName)
    }

    /// An RFC 8187 `charset'language'percent-encoded` value, decoded; `nil` for other charsets or bad encodings.
    private static func decodedExtendedValue(_ value: String) -> String? {
        let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var bytes: [UInt8] = []
        var scalars = parts[2].utf8.makeIterator()
        while let byte = scalars.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = scalars.next().flatMap(RoutePath.hexValue), let low = scalars.next().flatMap(RoutePath.hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        switch parts[0].lowercased() {
        case "utf-8": return String(validating: bytes, as: UTF8.self)
        case "iso-8859-1": return String(bytes.map { Character(Unicode.Scalar($0)) })
        default: return nil
        }
    }

    /// The last path component of a suggested name, `nil` when nothing usable is left.
    private static func safeFileName(_ name: String) -> String? {
        let last = name.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let trimmed = last.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed != ".", trimmed != "..", !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return trimmed
    }
}

/// The response of an action that returns a file, streamed to a file on disk (`…(to:on:)`): where it is,
/// with what the server said about it.
///
/// ```swift
/// let saved = try await Reports.export(id: 7, to: URL(filePath: "/tmp/report.pdf"), on: client)
/// print(saved.file.path, saved.contentType ?? "unknown type")
/// ```
public struct DownloadedFile: Sendable, Hashable {
    /// The file holding the response body: the destination the call was given.
    public var file: URL
    /// The response's `Content-Type`, if it sent one.
    public var contentType: String?
    /// The file name the server suggests in `Content-Disposition`, as ``Download/fileName`` reads it.
    public var fileName: String?
    /// The response's status and headers.
    public var response: HTTPResponse

    /// A downloaded file.
    public init(file: URL, response: HTTPResponse) {
        self.file = file
        self.response = response
        contentType = response.headerFields[.contentType]
        fileName = response.headerFields[.contentDisposition].flatMap(Download.fileName(inContentDisposition:))
    }
}

/// The parameters of a `Content-Disposition` value, by lowercased name: `attachment; filename="a;b.pdf"`.
private struct DispositionParameters {
    private var values: [String: String] = [:]

    /// Reads `value`: the disposition type, then `name=value` parameters after each `;` outside quotes; the
    /// first of two parameters of one name wins.
    init(_ value: String) {
        var segments = [""]
        var quoted = false
        var escaped = false
        for character in value {
            if character == ";" && !quoted {
                segments.append("")
                continue
            }
            segments[segments.count - 1].append(character)
            if escaped {
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            }
        }
        for segment in segments.dropFirst() {
            guard let equals = segment.firstIndex(of: "=") else { continue }
            let name = segment[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let raw = segment[segment.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, values[name] == nil { values[name] = Self.unquoted(raw) }
        }
    }

    /// A quoted string's text without its quotes and backslash escapes; other text as it is.
    private static func unquoted(_ raw: String) -> String {
        guard raw.first == "\"" else { return raw }
        var text = ""
        var escaped = false
        for character in raw.dropFirst() {
            if escaped {
                text.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                break
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// The value of the parameter `name` (lowercased).
    subscript(name: String) -> String? { values[name] }
}
