/// A request path relative to the client's base URL, such as `households/\(householdID)/people`.
///
/// Interpolated values are percent-encoded as single path segments, so an id such as `../admin` or
/// `a/b?c#d` can never change which path is requested.
public struct RoutePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The path, percent-encoded, without a leading slash.
    public private(set) var encoded: String

    /// A path with no interpolated values, taken as already encoded; a leading slash is dropped.
    public init(stringLiteral value: String) {
        encoded = value.hasPrefix("/") ? String(value.dropFirst()) : value
    }

    /// A path whose interpolated values were percent-encoded as segments.
    public init(stringInterpolation: StringInterpolation) {
        self.init(stringLiteral: stringInterpolation.path)
    }

    /// The encoded path.
    public var description: String { encoded }

    /// Builds a path from literal text and encoded segments.
    public struct StringInterpolation: StringInterpolationProtocol {
        var path = ""

        /// Reserves room for the literal text and a few characters per value.
        public init(literalCapacity: Int, interpolationCount: Int) {
            path.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        /// Appends literal text as written, it being the route itself and not a value, except what a URL's
        /// path cannot hold, percent-encoded: a non-ASCII letter or a backslash would make `URL(string:)`
        /// encode the whole path again, `%` of the values' escapes included (`%3D` sent as `%253D`).
        public mutating func appendLiteral(_ literal: String) {
            path += RoutePath.encodeLiteral(literal)
        }

        /// Appends a value as one path segment, percent-encoded.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            path += RoutePath.encodeSegment(value.description)
        }
    }

    /// A route's literal text with what RFC 3986 allows in a path kept (unreserved characters, sub-delims,
    /// `:`, `@`, `/` and `%` escapes already written) and every other byte percent-encoded.
    static func encodeLiteral(_ literal: String) -> String {
        let bytes = Array(literal.utf8)
        // Most routes are plain text: kept as they are, without a copy.
        guard bytes.contains(where: { !isPathByte($0) || $0 == UInt8(ascii: "%") }) else { return literal }
        var result = ""
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let isEscape =
                byte == UInt8(ascii: "%") && index + 2 < bytes.count && hexValue(bytes[index + 1]) != nil && hexValue(bytes[index + 2]) != nil
            if isEscape || (byte != UInt8(ascii: "%") && isPathByte(byte)) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += escaped(byte)
            }
        }
        return result
    }

    /// Whether `byte` may stand in a URL's path as written (RFC 3986 `pchar` and `/`); `%` only as an escape.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~!$&'()*+,;=:@/%".utf8.contains(byte)
        }
    }

    /// `byte` percent-encoded: `%` and two capital hexadecimal digits.
    private static func escaped(_ byte: UInt8) -> String {
        "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
    }

    /// The value of one hexadecimal digit, `nil` for another byte.
    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters; `.` and `..` are encoded too, since
    /// URL resolution would otherwise treat them as directory moves.
    public static func encodeSegment(_ segment: String) -> String {
        if segment == "." { return "%2E" }
        if segment == ".." { return "%2E%2E" }
        var result = ""
        result.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += escaped(byte)
            }
        }
        return result
    }
}
