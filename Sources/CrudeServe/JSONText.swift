#if CrudeServe
import Foundation

/// JSON values as text: every body the server writes, stored values, messages and ETags.
enum JSONText {
    /// The value as compact JSON, the bytes `JSONEncoder` writes with `.sortedKeys` and
    /// `.withoutEscapingSlashes`: object keys in the order of their UTF-8 bytes, in strings only `"`, `\`
    /// and control characters escaped. Written here rather than by the encoder, which took 6 times as long
    /// for a list of 100 values (most of `crudegen serve`'s answer to it, Benchmarks/README.md); the encoder
    /// still writes numbers that are not integers, whose spelling is its own (`1e+20`, `1.5e-07`).
    static func data(_ value: WireValue) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        write(value, to: &bytes)
        return Data(bytes)
    }

    /// The value as compact JSON text.
    static func of(_ value: WireValue) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    /// A scalar as it appears in a URL: strings bare, numbers without a fractional part as integers.
    static func pathText(_ value: WireValue) -> String? {
        switch value {
        case let .string(text): text
        case .integer, .unsigned, .decimal, .number: value.numberText
        case let .bool(flag): String(flag)
        default: nil
        }
    }

    /// Appends `value`'s JSON to `bytes`.
    private static func write(_ value: WireValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes += "null".utf8
        case let .bool(flag): bytes += (flag ? "true" : "false").utf8
        case let .integer(number): bytes += String(number).utf8
        case let .unsigned(number): bytes += String(number).utf8
        case .decimal, .number:
            let encoder = JSONEncoder()
            // A number always encodes.
            bytes += (try? encoder.encode(value)) ?? Data("null".utf8)
        case let .string(text): write(text, to: &bytes)
        case let .array(items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case let .object(object):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(member.value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `text` as a JSON string to `bytes`.
    private static func write(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case ..<0x20: bytes += "\\u00".utf8 + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The lowercase hexadecimal digits, as the encoder writes `\u001f`.
    private static let hexDigits = Array("0123456789abcdef".utf8)
}
#endif
