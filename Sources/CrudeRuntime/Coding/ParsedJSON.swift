import Foundation

/// A JSON body parsed to explain why it failed to decode: numbers keep the text the body wrote, so an
/// error can quote `99999999999999999999` rather than the `1e+20` a `Double` makes of it.
///
/// Only a failed decode parses a body this way; a body that decodes is read by `JSONDecoder` alone.
/// `crudegen serve` quotes the numbers it cannot hold with it too.
package enum ParsedJSON: Sendable {
    case null
    case bool(Bool)
    /// A number as the body spells it.
    case number(String)
    case string(String)
    case array([ParsedJSON])
    case object([String: ParsedJSON])

    /// Parses `data`, or `nil` when it is not one JSON value (or nests deeper than a decoder would go).
    package init?(parsing data: Data) {
        var parser = JSONParser(bytes: Array(data))
        guard let value = parser.value(depth: 0), parser.isAtEnd() else { return nil }
        self = value
    }

    /// The value at `codingPath` (object keys by name, array elements by index), if the body has one there.
    package func value(at codingPath: [any CodingKey]) -> ParsedJSON? {
        var current = self
        for key in codingPath {
            switch current {
            case let .object(object):
                guard let next = object[key.stringValue] else { return nil }
                current = next
            case let .array(items):
                guard let index = key.intValue, items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Whether `message` already shows the value, as it is quoted or, for a string, its text alone.
    func isShown(in message: String) -> Bool {
        if case let .string(text) = self, message.contains(text) { return true }
        return message.contains(quoted)
    }

    /// The value as an error quotes it: scalars as the body writes them (a long string cut short), an
    /// array or object by what it is.
    package var quoted: String {
        switch self {
        case .null: "null"
        case let .bool(value): value ? "true" : "false"
        case let .number(text): text
        case let .string(text):
            "\"" + (text.count > 60 ? text.prefix(60) + "…" : text).replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case let .array(items): "an array of \(items.count)"
        case .object: "an object"
        }
    }
}

/// A recursive-descent reader of RFC 8259 JSON over UTF-8 bytes.
private struct JSONParser {
    /// Deeper nesting is refused rather than risking the stack on a hostile body.
    static let maximumDepth = 512

    let bytes: [UInt8]
    var index = 0

    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    mutating func value(depth: Int) -> ParsedJSON? {
        skipWhitespace()
        guard index < bytes.count, depth < Self.maximumDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(ParsedJSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func object(depth: Int) -> ParsedJSON? {
        index += 1
        var object: [String: ParsedJSON] = [:]
        if consume(UInt8(ascii: "}")) { return .object(object) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string(), consume(UInt8(ascii: ":")),
                let member = value(depth: depth + 1)
            else { return nil }
            object[key] = member
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) ? .object(object) : nil
    }

    private mutating func array(depth: Int) -> ParsedJSON? {
        index += 1
        var items: [ParsedJSON] = []
        if consume(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard let item = value(depth: depth + 1) else { return nil }
            items.append(item)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? .array(items) : nil
    }

    /// A string literal from its opening quote; one with escapes is unescaped by Foundation's own decoder.
    private mutating func string() -> String? {
        let start = index
        index += 1
        var escaped = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            }
            index += 1
        }
        guard index < bytes.count else { return nil }
        index += 1
        let literal = bytes[start..<index]
        guard escaped else { return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self) }
        return try? JSONDecoder().decode(String.self, from: Data(literal))
    }

    private mutating func number() -> ParsedJSON? {
        let start = index
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return Double(text) == nil ? nil : .number(text)
    }

    private static let numberBytes = Set("-+.eE0123456789".utf8)

    private mutating func literal(_ word: String, _ value: ParsedJSON) -> ParsedJSON? {
        let end = index + word.utf8.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else { return nil }
        index = end
        return value
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
}
