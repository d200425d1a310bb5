#if CrudeServe
import CrudeRuntime
import Foundation

/// A JSON value as the server reads, keeps and writes it: integers exact over the whole range of `Int64`
/// and `UInt64`, which the runtime's `JSONValue` (a `Double`) rounds past 2^53, so that a stored
/// 9223372036854775807 comes back as sent and a number is checked against a field's Swift type as the
/// client's decoder checks it.
enum WireValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number an `Int64` holds, written with or without a fraction or exponent (`1.0`, `-0`, `1e2`), as
    /// the client's decoder reads it into an integer.
    case integer(Int64)
    /// A whole number above `Int64.max` that a `UInt64` holds.
    case unsigned(UInt64)
    /// Any other number a `Decimal` holds, exactly as written (`0.1`, `-9223372036854775809`).
    case decimal(Decimal)
    /// Any other number: one a `Double` holds, beyond a `Decimal`'s exponent range (`1e200`).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([WireValue])
    /// An object; key order is not kept.
    case object([String: WireValue])

    /// The value at `key` of an object, or `nil`.
    subscript(key: String) -> WireValue? {
        if case let .object(object) = self { return object[key] }
        return nil
    }

    /// The runtime's value for this one, for the library's API (`SpecServer.records(of:)`): integers past
    /// 2^53 are rounded there.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .integer(number): .number(Double(number))
        case let .unsigned(number): .number(Double(number))
        case let .decimal(number): .number(NSDecimalNumber(decimal: number).doubleValue)
        case let .number(number): .number(number)
        case let .string(text): .string(text)
        case let .array(items): .array(items.map(\.jsonValue))
        case let .object(object): .object(object.mapValues(\.jsonValue))
        }
    }

    /// The server's value for one of the runtime's (seed data given in code): a whole number an `Int64`
    /// holds is an integer.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case let .bool(flag): self = .bool(flag)
        case let .number(number): self = Int64(exactly: number).map(WireValue.integer) ?? UInt64(exactly: number).map(WireValue.unsigned) ?? .number(number)
        case let .string(text): self = .string(text)
        case let .array(items): self = .array(items.map(WireValue.init))
        case let .object(object): self = .object(object.mapValues(WireValue.init))
        }
    }

    /// Whether the value is a number.
    var isNumber: Bool {
        switch self {
        case .integer, .unsigned, .decimal, .number: true
        default: false
        }
    }

    /// The number as JSON writes it (`9223372036854775807`, `0.5`, `1e+20`); `nil` for anything else.
    var numberText: String? {
        isNumber ? JSONText.of(self) : nil
    }
}

extension WireValue: Codable {
    /// Decodes whatever JSON value the decoder holds. A number a `Double` cannot hold (`1e400`, and `1e-400`,
    /// which the decoder would read into an integer as 0) throws an ``OutOfRangeNumber`` error at its
    /// coding path.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Double.self) {
            self =
                if let integer = try? container.decode(Int64.self) {
                    .integer(integer)
                } else if let unsigned = try? container.decode(UInt64.self) {
                    .unsigned(unsigned)
                } else if let decimal = try? container.decode(Decimal.self) {
                    .decimal(decimal)
                } else {
                    .number(value)
                }
        } else if let value = try Self.decodeIfFits([WireValue].self, from: container) {
            self = .array(value)
        } else if let value = try Self.decodeIfFits([String: WireValue].self, from: container) {
            self = .object(value)
        } else {
            // Every other JSON value decoded above: this is a number out of range.
            throw OutOfRangeNumber(codingPath: decoder.codingPath)
        }
    }

    /// The container's value as a `T`; `nil` when it is not one, and the error of a number out of range
    /// within it, which names the number's own path.
    private static func decodeIfFits<T: Decodable>(_ type: T.Type, from container: any SingleValueDecodingContainer) throws(OutOfRangeNumber) -> T? {
        do {
            return try container.decode(T.self)
        } catch let error as OutOfRangeNumber {
            throw error
        } catch {
            return nil
        }
    }

    /// Encodes the value as the JSON it stands for.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .integer(value): try container.encode(value)
        case let .unsigned(value): try container.encode(value)
        case let .decimal(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }
}

/// A JSON number no 64-bit type holds (`1e400`), where it is in the body.
struct OutOfRangeNumber: Error {
    /// The keys and indexes down to the number.
    var codingPath: [any CodingKey]

    /// The dotted path validation messages use (`address.floors.2`).
    var path: String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
#endif
