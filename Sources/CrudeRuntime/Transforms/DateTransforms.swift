import Foundation

/// ISO 8601 dates (`2024-05-01T12:00:00Z`), with or without fractional seconds; encodes without them.
///
/// Decoding takes 1 to 9 fraction digits and a `Z` or `±hh:mm` offset; a date-time without an offset, as
/// pydantic writes one from a column without a zone (`2026-11-26T04:10:00.123456`), is read as UTC.
public enum ISO8601DateTransform: ValueTransform {
    public static func decode(_ wire: String) throws -> Date {
        try ISO8601Parsing.date(from: wire)
    }

    public static func encode(_ value: Date) throws -> String {
        value.formatted(ISO8601Parsing.whole)
    }
}

/// ISO 8601 dates that encode with milliseconds (`2024-05-01T12:00:00.250Z`); decodes what
/// ``ISO8601DateTransform`` decodes.
public enum ISO8601FractionalDateTransform: ValueTransform {
    public static func decode(_ wire: String) throws -> Date {
        try ISO8601Parsing.date(from: wire)
    }

    public static func encode(_ value: Date) throws -> String {
        value.formatted(ISO8601Parsing.fractional)
    }
}

/// Reads ISO 8601 date-times by hand: Foundation's parsers reject a date-time without an offset and differ
/// between platforms in the fraction digits they take, and arithmetic on the fields needs no calendar or
/// time zone, so the result never depends on the machine's settings.
enum ISO8601Parsing {
    static let whole = Date.ISO8601FormatStyle()
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Seconds from 1970 to 2001, the reference date `Date` counts from.
    private static let referenceDateOffset = 978_307_200

    static func date(from text: String) throws -> Date {
        var text = text
        guard let date = text.withUTF8(parse) else {
            throw TransformError("`\(text)` is not an ISO 8601 date-time")
        }
        return date
    }

    /// `yyyy-MM-ddTHH:mm:ss`, then `.` and 1 to 9 digits, then `Z`, `±hh:mm`, `±hhmm`, `±hh` or nothing (UTC).
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        /// The number `count` decimal digits write, read past; `nil` at anything else.
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                guard case UInt8(ascii: "0")...UInt8(ascii: "9") = bytes[index] else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        /// Whether `character` is next, read past if so.
        func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2), skip("T"),
            let hour = digits(2), skip(":"), let minute = digits(2), skip(":"), let second = digits(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var nanoseconds = 0
        if skip(".") {
            let start = index
            while index < bytes.count, index - start < 9, let digit = digits(1) { nanoseconds = nanoseconds * 10 + digit }
            guard index > start else { return nil }
            for _ in index - start..<9 { nanoseconds *= 10 }
        }
        var offset = 0
        if !skip("Z"), index < bytes.count {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard skip("+") || skip("-"), let hours = digits(2), hours < 24 else { return nil }
            var minutes = 0
            if index < bytes.count {
                _ = skip(":")
                guard let value = digits(2), value < 60 else { return nil }
                minutes = value
            }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSinceReferenceDate: Double(seconds - referenceDateOffset) + Double(nanoseconds) / 1_000_000_000)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
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

/// Dates in a fixed format such as `yyyy-MM-dd`, read in UTC, or in ``timeZoneIdentifier`` when the type
/// names another zone, with the POSIX locale.
///
/// Specs declare these in their `transforms` section (`day: { date_format: yyyy-MM-dd }`, with
/// `time_zone: Europe/Paris` for a server that writes local times); the generator emits a conforming type
/// that only names the format and zone.
public protocol DateFormatTransform: ValueTransform where Value == Date, Wire == String {
    /// The pattern, in Unicode Technical Standard #35 syntax as `DateFormatter` takes it.
    static var format: String { get }
    /// The IANA identifier of the zone dates without an offset are written in (`Europe/Paris`); `UTC`
    /// unless the type says otherwise.
    static var timeZoneIdentifier: String { get }
}

extension DateFormatTransform {
    /// UTC, the zone of every date format that does not name one.
    public static var timeZoneIdentifier: String { "UTC" }

    public static func decode(_ wire: String) throws -> Date {
        guard let date = try DateFormatterCache.shared.withFormatter(format, timeZoneIdentifier, { $0.date(from: wire) }) else {
            throw TransformError("`\(wire)` does not match the date format `\(format)`")
        }
        return date
    }

    public static func encode(_ value: Date) throws -> String {
        try DateFormatterCache.shared.withFormatter(format, timeZoneIdentifier) { $0.string(from: value) }
    }
}

/// One `DateFormatter` per format and zone, used under a lock because formatters are costly to create and
/// not safe to share across threads on every platform.
final class DateFormatterCache: @unchecked Sendable {
    static let shared = DateFormatterCache()

    /// A format in a zone.
    private struct Key: Hashable {
        let format: String
        let timeZone: String
    }

    private let lock = NSLock()
    private var formatters: [Key: DateFormatter] = [:]

    /// Runs `body` with the formatter of `format` in the zone `timeZone`, which the device must know.
    func withFormatter<T>(_ format: String, _ timeZone: String, _ body: (DateFormatter) -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let key = Key(format: format, timeZone: timeZone)
        if let formatter = formatters[key] {
            return body(formatter)
        }
        // The generator checked the identifier, but a device's time zone data can lack a zone.
        guard let zone = TimeZone(identifier: timeZone) else {
            throw TransformError("this device does not know the time zone `\(timeZone)`")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = format
        formatters[key] = formatter
        return body(formatter)
    }
}
