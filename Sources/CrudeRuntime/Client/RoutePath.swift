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

        /// Appends literal text as written: it is the route itself, not a value.
        public mutating func appendLiteral(_ literal: String) {
            path += literal
        }

        /// Appends a value as one path segment, percent-encoded.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            path += RoutePath.encodeSegment(value.description)
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
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
