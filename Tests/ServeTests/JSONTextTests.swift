#if CrudeServe
import Foundation
import Testing

@testable import CrudeServe

/// The server writes JSON itself, byte for byte as `JSONEncoder` writes it with sorted keys and unescaped
/// slashes: checked against the encoder over values drawn at random and the characters and numbers whose
/// spelling is easiest to get wrong.
@Suite struct JSONTextTests {
    /// SplitMix64: the same values on every run and machine.
    struct Draws {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
    }

    /// Characters a writer may escape wrongly: every control character, quotes, slashes, backslashes, DEL,
    /// line and paragraph separators, combining marks, accented letters in both forms, an emoji.
    static let characters: [String] =
        (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
            "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "\u{0301}", "é", "e\u{0301}", "ä", "z", "Z", "_", "1", "9", "a", " ", "😀", "\u{FEFF}",
        ]

    static let numbers: [WireValue] = [
        .integer(0), .integer(-1), .integer(.max), .integer(.min), .unsigned(.max), .unsigned(UInt64(Int64.max) + 1),
        .decimal(Decimal(string: "0.1")!), .decimal(Decimal(string: "-9223372036854775809")!), .decimal(Decimal(string: "123.4500")!),
        .number(1e20), .number(1.5e-7), .number(-0.0), .number(1e-300), .number(.leastNonzeroMagnitude), .number(1.2345678901234568e+17),
        .number(0.1), .number(1e200),
    ]

    static func string(_ draws: inout Draws) -> String {
        (0..<draws.below(6)).map { _ in draws.pick(characters) }.joined()
    }

    static func value(_ draws: inout Draws, depth: Int) -> WireValue {
        switch draws.below(depth > 2 ? 5 : 7) {
        case 0: .null
        case 1: .bool(draws.below(2) == 0)
        case 2: draws.pick(numbers)
        case 3: .integer(Int64(bitPattern: draws.next()))
        case 4: .string(string(&draws))
        case 5: .array((0..<draws.below(4)).map { _ in value(&draws, depth: depth + 1) })
        default:
            .object(Dictionary((0..<draws.below(5)).map { _ in (string(&draws), value(&draws, depth: depth + 1)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    @Test func writesWhatTheEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var draws = Draws(state: 2026)
        let values = Self.numbers + Self.characters.map(WireValue.string) + (0..<3000).map { _ in Self.value(&draws, depth: 0) }
        for value in values {
            let written = JSONText.data(value)
            let encoded = try encoder.encode(value)
            #expect(written == encoded, "\(String(decoding: written, as: UTF8.self)) != \(String(decoding: encoded, as: UTF8.self))")
            if written != encoded { return }
        }
    }
}
#endif
