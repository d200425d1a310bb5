import Foundation

/// ISO 8601 dates (`2024-05-01T12:00:00Z`), with or without fractional seconds; encodes without them.
public enum ISO8601DateTransform: ValueTransform {
    public static func decode(_ wire: String) throws -> Date {
        try ISO8601Parsing.date(from: wire)
    }

    public static func encode(_ value: Date) throws -> String {
        value.formatted(ISO8601Parsing.whole)
    }
}

/// ISO 8601 dates that encode with milliseconds (`2024-05-01T12:00:00.250Z`); decodes both forms.
public enum ISO8601FractionalDateTransform: ValueTransform {
    public static func decode(_ wire: String) throws -> Date {
        try ISO8601Parsing.date(from: wire)
    }

    public static func encode(_ value: Date) throws -> String {
        value.formatted(ISO8601Parsing.fractional)
    }
}

enum ISO8601Parsing {
    static let whole = Date.ISO8601FormatStyle()
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func date(from text: String) throws -> Date {
        let style = text.utf8.contains(UInt8(ascii: ".")) ? fractional : whole
        guard let date = try? style.parse(text) else {
            throw TransformError("`\(text)` is not an ISO 8601 date-time")
        }
        return date
    }
}

/// Dates as seconds since 1970 (Unix time); fractions are kept.
public enum EpochSecondsDateTransform: ValueTransform {
    public static func decode(_ wire: Double) throws -> Date {
        Date(timeIntervalSince1970: wire)
    }

    public static func encode(_ value: Date) throws -> Double {
        value.timeIntervalSince1970
    }
}

/// Dates as whole milliseconds since 1970, as JavaScript writes them.
public enum EpochMillisecondsDateTransform: ValueTransform {
    public static func decode(_ wire: Double) throws -> Date {
        Date(timeIntervalSince1970: wire / 1000)
    }

    public static func encode(_ value: Date) throws -> Double {
        (value.timeIntervalSince1970 * 1000).rounded()
    }
}

/// Dates in a fixed format such as `yyyy-MM-dd`, read in UTC with the POSIX locale.
///
/// Specs declare these in their `transforms` section (`day: { date_format: yyyy-MM-dd }`); the generator
/// emits a conforming type that only names the format.
public protocol DateFormatTransform: ValueTransform where Value == Date, Wire == String {
    /// The pattern, in Unicode Technical Standard #35 syntax as `DateFormatter` takes it.
    static var format: String { get }
}

extension DateFormatTransform {
    public static func decode(_ wire: String) throws -> Date {
        guard let date = DateFormatterCache.shared.withFormatter(format, { $0.date(from: wire) }) else {
            throw TransformError("`\(wire)` does not match the date format `\(format)`")
        }
        return date
    }

    public static func encode(_ value: Date) throws -> String {
        DateFormatterCache.shared.withFormatter(format) { $0.string(from: value) }
    }
}

/// One `DateFormatter` per format, used under a lock because formatters are costly to create and not
/// safe to share across threads on every platform.
final class DateFormatterCache: @unchecked Sendable {
    static let shared = DateFormatterCache()

    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func withFormatter<T>(_ format: String, _ body: (DateFormatter) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let formatter = formatters[format] {
            return body(formatter)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        formatters[format] = formatter
        return body(formatter)
    }
}
