import CrudeGenEngine
import CrudeYAML

/// Reads JSON text (all of RFC 8259) into the node tree ``YAMLComposer`` makes of YAML, with a line and column
/// on every node. JSON documents no longer go through the YAML scanner, which rejects valid JSON: surrogate
/// pairs such as `\ud83d\udc4d` (what Python's `json.dump` writes for every emoji), `\/` and tabs in YAML 1.1.
/// Specs written as JSON and OpenAPI documents in JSON are both read with it.
package enum JSONReader {
    /// How deeply arrays and objects may nest. The reader keeps its own stack, so nothing overflows; the
    /// limit bounds the memory a hostile document takes, far above what any OpenAPI document needs.
    package static let depthLimit = 512

    /// Whether `text` holds JSON rather than YAML: its first character after an optional byte order mark
    /// and whitespace opens an object or an array. A YAML document starting with a flow mapping reads as JSON.
    package static func looksLikeJSON(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.starts(with: byteOrderMark) { bytes = bytes.dropFirst(byteOrderMark.count) }
        guard let first = bytes.first(where: { !isWhitespace($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The nodes of `text`: objects as flow mappings in the document's key order, arrays as flow sequences,
    /// strings as double-quoted scalars and numbers, `true`, `false` and `null` as plain scalars written as
    /// in the document, so that readers type them as they type YAML's (the importer's `JSONText`, the spec
    /// loader's scalars).
    package static func read(_ text: String, file: String) throws(DiagnosticsError) -> YAMLNode {
        var text = text
        text.makeContiguousUTF8()
        let result = text.utf8.withContiguousStorageIfAvailable { bytes in
            var parser = JSONParser(bytes)
            return Result { () throws(JSONSyntaxError) in try parser.document() }
        }
        guard let result else { preconditionFailure("a contiguous UTF-8 string exposes its storage") }
        switch result {
        case let .success(node):
            return node
        case let .failure(error):
            throw DiagnosticsError([
                .error(
                    "cannot read `\(file)` as JSON: \(error.message)", at: SourceLocation(file: file, line: error.line, column: error.column),
                    hint: error.hint)
            ])
        }
    }

    /// The UTF-8 byte order mark, which some editors put at the start of a file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether a byte is JSON whitespace: space, tab, line feed or carriage return, and nothing else.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }
}

/// A place where the text stops being JSON, 1-based like ``SourceLocation``.
struct JSONSyntaxError: Error {
    /// What is wrong, in one sentence.
    var message: String
    /// How to fix it, when there is something useful to say.
    var hint: String?
    /// The line of the offending character.
    var line: Int
    /// Its column in Unicode scalars.
    var column: Int
}

/// The parser of one document over its UTF-8 bytes.
private struct JSONParser {
    /// The whole document.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    var position = 0
    /// The line `position` is on.
    var line = 1
    /// A byte on the current line whose column is known, so that each mark counts only the scalars since the
    /// previous one: counting from the line's start would be quadratic on a minified document's single line.
    var checkpoint = 0
    /// The column of `checkpoint`.
    var checkpointColumn = 1

    /// An object or array whose closing bracket is still ahead.
    struct OpenContainer {
        /// Where its bracket is.
        var mark: YAMLNode.Mark
        /// Whether it is an object, whose values follow names.
        var isObject: Bool
        /// An object's members so far.
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        /// An array's elements so far.
        var elements: [YAMLNode] = []
        /// The name whose value is being read.
        var name: YAMLNode?
    }

    /// A parser at the start of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: JSONReader.byteOrderMark) {
            // libyaml skips the mark without counting a column for it; the YAML path's columns do the same.
            position = JSONReader.byteOrderMark.count
            checkpoint = position
        }
    }

    /// The one value the document holds, with nothing but whitespace after it.
    mutating func document() throws(JSONSyntaxError) -> YAMLNode {
        // Values are read in a loop over an explicit stack, not by recursion, so that depth costs heap.
        var stack: [OpenContainer] = []
        var value: YAMLNode
        readValues: while true {
            skipWhitespace()
            guard position < bytes.count else {
                throw error("the document ends where a value should be", at: position, hint: stack.isEmpty ? nil : "close every `{` and `[`")
            }
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[position] == UInt8(ascii: "{")
                guard stack.count < JSONReader.depthLimit else {
                    throw error(
                        "arrays and objects are nested more than \(JSONReader.depthLimit) deep", at: position,
                        hint: "no OpenAPI document nests so deep; the document is likely broken or generated in a loop")
                }
                let container = OpenContainer(mark: mark(at: position), isObject: isObject)
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    value = close(container)
                } else {
                    stack.append(container)
                    if isObject { stack[stack.count - 1].name = try memberName(after: "`{`") }
                    continue readValues
                }
            case UInt8(ascii: "\""):
                let start = position
                value = .scalar(YAMLNode.Scalar(try string(), tag: YAMLComposer.stringTag, style: .doubleQuoted, mark: mark(at: start)))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try number()
            default:
                value = try literal()
            }
            // A value is complete: it ends its container's member or element, and maybe the container.
            while let top = stack.indices.last {
                skipWhitespace()
                let isObject = stack[top].isObject
                if isObject {
                    // An object's name is read (by `memberName`) before its value is.
                    stack[top].pairs.append((stack[top].name!, value))
                } else {
                    stack[top].elements.append(value)
                }
                let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard position < bytes.count, bytes[position] == UInt8(ascii: ",") || bytes[position] == closing else {
                    throw error(
                        "expected `,` or `\(Character(Unicode.Scalar(closing)))` after \(isObject ? "a member" : "an element"), found \(found(at: position))",
                        at: position, hint: position < bytes.count ? nil : "close every `{` and `[`")
                }
                position += 1
                if bytes[position - 1] == UInt8(ascii: ",") {
                    if isObject { stack[top].name = try memberName(after: "`,`") }
                    continue readValues
                }
                let container = stack.removeLast()
                if isObject { try checkUniqueNames(container.pairs) }
                value = close(container)
            }
            break readValues
        }
        skipWhitespace()
        guard position == bytes.count else {
            throw error("unexpected \(found(at: position)) after the document's value", at: position, hint: "a JSON document holds exactly one value")
        }
        return value
    }

    /// The node a finished container becomes.
    func close(_ container: OpenContainer) -> YAMLNode {
        container.isObject
            ? .mapping(YAMLNode.Mapping(container.pairs, style: .flow, mark: container.mark))
            : .sequence(YAMLNode.Sequence(container.elements, style: .flow, mark: container.mark))
    }

    /// An object's member name and the colon after it; `after` names what came before, for the message.
    mutating func memberName(after: String) throws(JSONSyntaxError) -> YAMLNode {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            let trailingComma = after == "`,`" && position < bytes.count && bytes[position] == UInt8(ascii: "}")
            throw error(
                "expected a member name in double quotes after \(after), found \(found(at: position))", at: position,
                hint: trailingComma
                    ? "JSON allows no comma after an object's last member"
                    : "names are strings in double quotes; a document starting with `{` or `[` is read as JSON")
        }
        let start = position
        let name = YAMLNode.scalar(YAMLNode.Scalar(try string(), tag: YAMLComposer.stringTag, style: .doubleQuoted, mark: mark(at: start)))
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error("expected `:` after the member name \"\(name.scalar?.string ?? "")\", found \(found(at: position))", at: position)
        }
        position += 1
        return name
    }

    /// Rejects an object that repeats a name, as ``YAMLComposer`` rejects a mapping that repeats a key: RFC 8259
    /// leaves the meaning of repeated names open, and which one wins would differ between readers.
    func checkUniqueNames(_ pairs: [(key: YAMLNode, value: YAMLNode)]) throws(JSONSyntaxError) {
        guard pairs.count > 1 else { return }
        let names = pairs.map { $0.0.scalar?.string ?? "" }
        // Most objects have a handful of members; comparing each name with those before it is then cheaper
        // than hashing them all (a set for every object took half the time of reading a large document).
        let repeated: Int? =
            names.count <= 16
            ? names.indices.dropFirst().first { index in names[..<index].contains(names[index]) }
            : {
                var seen = Set<String>(minimumCapacity: names.count)
                return names.indices.first { !seen.insert(names[$0]).inserted }
            }()
        guard let repeated else { return }
        let mark = pairs[repeated].0.mark
        throw JSONSyntaxError(
            message: "the name \"\(names[repeated])\" appears twice in one object", hint: "keep one of the members; readers disagree on which wins",
            line: mark.line, column: mark.column)
    }

    /// A string, from its opening quote past its closing one, with every escape decoded.
    mutating func string() throws(JSONSyntaxError) -> String {
        let opening = position
        position += 1
        let start = position
        // Most strings hold no escape: they are their bytes, which a Swift string already validated as UTF-8.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            position += 1
        }
        var decoded = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case 0..<0x20:
                throw controlCharacter(byte)
            default:
                decoded.append(byte)
                position += 1
            }
        }
        throw error(
            "the string that starts here is never closed", at: opening, hint: "end it with `\"`, and write a `\"` inside a string as `\\\"`")
    }

    /// The error for a control character written as itself inside a string, which JSON does not allow.
    func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
        let (name, escape): (String, String) =
            switch byte {
            case UInt8(ascii: "\n"): ("a line break", "\\n")
            case UInt8(ascii: "\r"): ("a carriage return", "\\r")
            case UInt8(ascii: "\t"): ("a tab", "\\t")
            default: ("the control character \(Self.codePoint(UInt32(byte)))", "\\u00" + Self.hex(UInt32(byte), digits: 2))
            }
        return error("a string cannot hold \(name) as itself", at: position, hint: "escape it as `\(escape)`")
    }

    /// Decodes the escape at `position` (a backslash) into `decoded`.
    mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let backslash = position
        guard position + 1 < bytes.count else {
            throw error("the document ends inside an escape", at: position)
        }
        let letter = bytes[position + 1]
        position += 2
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): UInt8(ascii: "\n")
            case UInt8(ascii: "r"): UInt8(ascii: "\r")
            case UInt8(ascii: "t"): UInt8(ascii: "\t")
            default: nil
            }
        if let simple {
            decoded.append(simple)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw error(
                "`\\\(Self.text(at: backslash + 1, in: bytes))` is not a JSON escape", at: backslash,
                hint: "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hexadecimal digits; write a backslash as \\\\")
        }
        let unit = try hexUnit(escapeAt: backslash)
        let scalarValue: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed by a low one; together they stand for one scalar beyond U+FFFF.
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw loneSurrogate(unit, at: backslash)
            }
            let lowEscape = position
            position += 2
            let low = try hexUnit(escapeAt: lowEscape)
            guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(unit, at: backslash) }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00...0xDFFF:
            throw loneSurrogate(unit, at: backslash)
        default:
            scalarValue = unit
        }
        // Every value left is a scalar: surrogates were combined or rejected above, and four hexadecimal digits
        // or a pair reach no further than U+10FFFF.
        decoded.append(contentsOf: Unicode.Scalar(scalarValue)!.utf8)
    }

    /// The four hexadecimal digits after `\u`, at `position`; `escapeAt` is the escape's backslash.
    mutating func hexUnit(escapeAt backslash: Int) throws(JSONSyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = Self.hexDigit(bytes[position]) else {
                throw error(
                    "`\\u` must be followed by four hexadecimal digits, found \(found(at: position))", at: backslash,
                    hint: "write a character as `\\u00e9`, or a backslash as `\\\\`")
            }
            unit = unit << 4 | digit
            position += 1
        }
        return unit
    }

    /// The error for half a surrogate pair, which no Swift string (and no Unicode text) can hold.
    func loneSurrogate(_ unit: UInt32, at backslash: Int) -> JSONSyntaxError {
        let half = unit < 0xDC00 ? "a high surrogate without the low one that must follow it" : "a low surrogate without the high one before it"
        return error(
            "`\\u\(Self.hex(unit, digits: 4))` is \(half)", at: backslash,
            hint: "a string holds Unicode scalars only; write the whole pair (such as `\\ud83d\\udc4d` for 👍) or the character itself")
    }

    /// A number as RFC 8259's grammar has it: `-`, then `0` or digits without a leading zero, an optional
    /// fraction and an optional exponent. Its text is kept as written, for the reader of the node to type.
    mutating func number() throws(JSONSyntaxError) -> YAMLNode {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, Self.isDigit(bytes[position]) else {
            throw error("expected a digit after `-`, found \(found(at: position))", at: position)
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) {
                throw error(
                    "a number cannot start with `0` followed by more digits", at: start, hint: "drop the leading zeros, or quote the value if it is a string")
            }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw error("expected a digit after the decimal point, found \(found(at: position))", at: position)
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw error("expected a digit in the exponent, found \(found(at: position))", at: position)
            }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        return .scalar(YAMLNode.Scalar(text, mark: mark(at: start)))
    }

    /// `true`, `false` or `null`; anything else where a value belongs is an error naming what was found.
    mutating func literal() throws(JSONSyntaxError) -> YAMLNode {
        let start = position
        while position < bytes.count, Self.isWordByte(bytes[position]) { position += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        switch word {
        case "true", "false", "null":
            return .scalar(YAMLNode.Scalar(word, mark: mark(at: start)))
        case "":
            let byte = bytes[start]
            let hint: String? =
                switch byte {
                case UInt8(ascii: "'"): "JSON strings use double quotes"
                case UInt8(ascii: "/"), UInt8(ascii: "#"): "JSON has no comments"
                case UInt8(ascii: "}"), UInt8(ascii: "]"): "JSON allows no comma after the last element or member"
                default: nil
                }
            throw error("expected a value, found \(found(at: start))", at: start, hint: hint)
        default:
            throw error(
                "`\(word)` is not a JSON value", at: start,
                hint: "the literals are `true`, `false` and `null` in lowercase; a string is written in double quotes")
        }
    }

    /// Moves past whitespace, counting lines as libyaml does: `\r\n`, `\r` and `\n` each end one.
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                startLine()
            case UInt8(ascii: "\r"):
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
                startLine()
            default:
                return
            }
        }
    }

    /// Notes that `position` is the first byte of a new line.
    mutating func startLine() {
        line += 1
        checkpoint = position
        checkpointColumn = 1
    }

    /// Moves past a run of decimal digits.
    mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }

    /// The mark of the byte at `offset` on the current line, at or after the previous mark. Columns count
    /// Unicode scalars, as libyaml's do (and ``SourceLocation`` says): every byte but UTF-8's continuation bytes.
    mutating func mark(at offset: Int) -> YAMLNode.Mark {
        var column = checkpointColumn
        for byte in bytes[checkpoint..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        checkpoint = offset
        checkpointColumn = column
        return YAMLNode.Mark(line: line, column: column)
    }

    /// An error at byte `offset`, whose line and column are counted from the start: errors are rare, and the
    /// offset may lie behind the last mark.
    func error(_ message: String, at offset: Int, hint: String? = nil) -> JSONSyntaxError {
        var line = 1
        var column = 1
        var index = bytes.starts(with: JSONReader.byteOrderMark) ? JSONReader.byteOrderMark.count : 0
        while index < min(offset, bytes.count) {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index == bytes.count || bytes[index] != UInt8(ascii: "\n"))) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != UInt8(ascii: "\r") {
                column += 1
            }
        }
        return JSONSyntaxError(message: message, hint: hint, line: line, column: column)
    }

    /// What stands at `offset`, for a message: the character in backticks (or its code point when it is
    /// invisible), or the end of the document.
    func found(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the document" }
        let text = Self.text(at: offset, in: bytes)
        guard let scalar = text.unicodeScalars.first, scalar.value > 0x20, scalar.value != 0x7F, !scalar.properties.isWhitespace else {
            return text.unicodeScalars.first.map { Self.codePoint($0.value) } ?? "the end of the document"
        }
        return "`\(text)`"
    }

    /// The character whose first byte is at `offset`.
    static func text(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    /// `U+0009`.
    static func codePoint(_ value: UInt32) -> String {
        "U+" + hex(value, digits: 4).uppercased()
    }

    /// `value` in lowercase hexadecimal, zero-padded to `digits`.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The value of a hexadecimal digit, either case.
    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Whether a byte is a decimal digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Whether a byte continues a bare word such as `true`, or a mistaken `True`, `NaN` or `undefined`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || isDigit(byte) || byte == UInt8(ascii: "_")
    }
}
