#if CrudeServe
import Foundation
import RandomSpecs
import Testing

@testable import CrudeServe

/// The server writes JSON itself, byte for byte as `JSONEncoder` writes it with sorted keys and unescaped
/// slashes: checked against the encoder over values drawn at random and the characters and numbers whose
/// spelling is easiest to get wrong.
@Suite struct JSONTextTests {
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

    static func string(_ draws: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0..<6, using: &draws)).map { _ in characters.randomElement(using: &draws)! }.joined()
    }

    static func value(_ draws: inout SeededGenerator, depth: Int) -> WireValue {
        switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &draws) {
        case 0: .null
        case 1: .bool(Bool.random(using: &draws))
        case 2: numbers.randomElement(using: &draws)!
        case 3: .integer(Int64(bitPattern: draws.next()))
        case 4: .string(string(&draws))
        case 5: .array((0..<Int.random(in: 0..<4, using: &draws)).map { _ in value(&draws, depth: depth + 1) })
        default:
            .object(
                Dictionary(
                    (0..<Int.random(in: 0..<5, using: &draws)).map { _ in (string(&draws), value(&draws, depth: depth + 1)) },
                    uniquingKeysWith: { first, _ in first }))
        }
    }

    @Test func writesWhatTheEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var draws = SeededGenerator(seed: 2026)
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
