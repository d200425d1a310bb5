import Foundation

/// A percentage written as 0–100 in JSON and held as 0–1 in Swift (ApiModel's `PercentageTransform`).
public enum PercentageTransform: ValueTransform {
    public static func decode(_ wire: Double) throws -> Double { wire / 100 }
    /// `value * 100`, rounded to ten decimals so that 0.29 is sent as 29, not 28.999999999999996, which
    /// integer fields (Django REST Framework's `IntegerField`) reject.
    public static func encode(_ value: Double) throws -> Double { (value * 100 * 1e10).rounded() / 1e10 }
}

/// A URL written as a string; unlike plain `Codable`, spaces and other unescaped characters are accepted.
public enum URLTransform: ValueTransform {
    public static func decode(_ wire: String) throws -> URL {
        let trimmed = wire.trimmingCharacters(in: .whitespaces)
        if let url = URL(string: trimmed) { return url }
        if let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(.urlPathAllowed).union(["?", "#"])),
            let url = URL(string: escaped)
        {
            return url
        }
        throw TransformError("`\(wire)` is not a URL")
    }

    public static func encode(_ value: URL) throws -> String { value.absoluteString }
}

/// An identifier the server sends as a string or a number, held as a `String` (ApiModel's `ApiIdTransform`).
public enum StringIDTransform: ValueTransform {
    public static func decode(_ wire: LenientScalar) throws -> String {
        switch wire {
        case let .string(value): return value
        case let .integer(value): return String(value)
        case let .number(value) where value.rounded() == value && abs(value) < 1e18: return String(Int64(value))
        default: throw TransformError("\(wire) is not an identifier")
        }
    }

    public static func encode(_ value: String) throws -> LenientScalar { .string(value) }
}

/// A JSON scalar of any kind, the wire type of the lenient transforms.
public enum LenientScalar: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .integer(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case let .bool(value): "\(value)"
        case let .integer(value): "\(value)"
        case let .number(value): "\(value)"
        case let .string(value): "\"\(value)\""
        }
    }
}

/// An `Int` from a number, a numeric string (`"42"`) or a boolean; fractions are truncated.
public enum LenientIntTransform: ValueTransform {
    public static func decode(_ wire: LenientScalar) throws -> Int {
        switch wire {
        case let .integer(value):
            if let int = Int(exactly: value) { return int }
        case let .number(value):
            if let int = Int(exactly: value.rounded(.towardZero)) { return int }
        case let .string(text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let int = Int(trimmed) { return int }
            if let double = Double(trimmed), let int = Int(exactly: double.rounded(.towardZero)) { return int }
        case let .bool(value):
            return value ? 1 : 0
        case .null:
            break
        }
        throw TransformError("\(wire) is not an integer")
    }

    public static func encode(_ value: Int) throws -> LenientScalar { .integer(Int64(value)) }
}

/// A `Double` from a number, a numeric string (`"4.5"`) or a boolean.
public enum LenientDoubleTransform: ValueTransform {
    public static func decode(_ wire: LenientScalar) throws -> Double {
        switch wire {
        case let .integer(value): return Double(value)
        case let .number(value): return value
        case let .string(text):
            if let double = Double(text.trimmingCharacters(in: .whitespaces)) { return double }
        case let .bool(value): return value ? 1 : 0
        case .null: break
        }
        throw TransformError("\(wire) is not a number")
    }

    public static func encode(_ value: Double) throws -> LenientScalar { .number(value) }
}

/// A `Bool` from a boolean, a number (non-zero is `true`) or a string such as `"true"`, `"1"`, `"yes"`.
public enum LenientBoolTransform: ValueTransform {
    public static func decode(_ wire: LenientScalar) throws -> Bool {
        switch wire {
        case let .bool(value): return value
        case let .integer(value): return value != 0
        case let .number(value): return value != 0
        case let .string(text):
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "yes", "1", "on": return true
            case "false", "no", "0", "off", "": return false
            default: break
            }
        case .null: break
        }
        throw TransformError("\(wire) is not a boolean")
    }

    public static func encode(_ value: Bool) throws -> LenientScalar { .bool(value) }
}

/// A `String` from a string, a number or a boolean.
public enum LenientStringTransform: ValueTransform {
    public static func decode(_ wire: LenientScalar) throws -> String {
        switch wire {
        case let .string(value): return value
        case let .integer(value): return String(value)
        case let .number(value): return String(value)
        case let .bool(value): return String(value)
        case .null: throw TransformError("null is not a string")
        }
    }

    public static func encode(_ value: String) throws -> LenientScalar { .string(value) }
}
