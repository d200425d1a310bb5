#if CrudeServe
import CrudeRuntime
import Foundation

/// The fields of an `application/x-www-form-urlencoded` or `multipart/form-data` body, as the runtime's
/// clients write them: one field per value, an array's elements one field each.
struct FormBody: Sendable {
    /// One field's value: text, or a multipart body's file.
    enum Value: Sendable {
        case text(String)
        case file(FileUpload)
    }

    /// The fields in the order the body carries them.
    var fields: [(name: String, value: Value)]

    /// The values of the fields named `name`, in order.
    func values(named name: String) -> [Value] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The fields of a form body: `name=value` pairs joined by `&`, each part percent-encoded (a `+` read as
    /// a space, as HTML forms write it).
    init(form body: Data) {
        fields = String(decoding: body, as: UTF8.self).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decoded(parts[0]), .text(parts.count > 1 ? decoded(parts[1]) : ""))
        }
    }

    /// The fields of a multipart body (RFC 7578) delimited by `boundary`; `nil` when the body is not one:
    /// no closing delimiter, or a part without a `Content-Disposition` naming it.
    init?(multipart body: Data, boundary: String) {
        let delimiter = Data("--\(boundary)".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var fields: [(name: String, value: Value)] = []
        guard var start = body.range(of: delimiter)?.upperBound else { return nil }
        while true {
            // After a delimiter: `--` closes the body, a line break starts a part.
            let rest = body[start...]
            if rest.starts(with: Data("--".utf8)) { break }
            guard rest.starts(with: Data("\r\n".utf8)), let end = body.range(of: Data("\r\n".utf8) + delimiter, in: start..<body.endIndex),
                let headEnd = body.range(of: headerEnd, in: start..<end.lowerBound + 2)
            else { return nil }
            let head = String(decoding: body[(start + 2)..<headEnd.lowerBound], as: UTF8.self)
            let content = headEnd.upperBound <= end.lowerBound ? Data(body[headEnd.upperBound..<end.lowerBound]) : Data()
            guard let part = Self.part(head: head, content: content) else { return nil }
            fields.append(part)
            start = end.upperBound
        }
        self.fields = fields
    }

    /// A part's field from its header lines and content: a file when the disposition names a file name.
    private static func part(head: String, content: Data) -> (name: String, value: Value)? {
        var name: String?
        var fileName: String?
        var contentType: String?
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch field {
            case "content-disposition":
                name = parameter("name", in: value)
                fileName = parameter("filename", in: value)
            case "content-type": contentType = value
            default: continue
            }
        }
        guard let name else { return nil }
        guard let fileName else { return (name, .text(String(decoding: content, as: UTF8.self))) }
        return (name, .file(FileUpload(data: content, fileName: fileName, contentType: contentType)))
    }

    /// The parameter `name` of a header value (`form-data; name="file"; filename="a;b.txt"`), a quoted one
    /// read to its closing quote, its `%22`, `%0D` and `%0A` read back as the runtime escapes them.
    private static func parameter(_ name: String, in value: String) -> String? {
        var rest = Substring(value)
        // Past the disposition type, each parameter follows a `;`.
        guard let first = rest.firstIndex(of: ";") else { return nil }
        rest = rest[rest.index(after: first)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let key = rest.prefix { $0 != "=" && $0 != ";" }
            rest = rest.dropFirst(key.count)
            var text = ""
            if rest.first == "=" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    let quoted = rest.dropFirst().prefix { $0 != "\"" }
                    text = String(quoted)
                    rest = rest.dropFirst(quoted.count + 2)
                } else {
                    let token = rest.prefix { $0 != ";" }
                    text = token.trimmingCharacters(in: .whitespaces)
                    rest = rest.dropFirst(token.count)
                }
            }
            rest = rest.drop { $0 != ";" }.dropFirst()
            if key.trimmingCharacters(in: .whitespaces).lowercased() == name {
                return text.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
                    .replacingOccurrences(of: "%0A", with: "\n")
            }
        }
        return nil
    }
}
#endif
