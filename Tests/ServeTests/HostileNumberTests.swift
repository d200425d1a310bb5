#if CrudeServe
import CrudeRuntime
import CrudeServe
import Foundation
import Testing

/// Numbers at and past the edges of every numeric type the spec language has, sent to a field of each: the
/// server takes exactly the numbers the field's Swift type holds (the client's own decoder is the judge),
/// answers every other with a 400 naming the field, gives back what it took as the client reads it, and
/// never goes down.
@Suite struct HostileNumberTests {
    static let spec = """
        api: { name: Numbers }
        enums:
          Level: { type: Int, cases: { low: "1", top: "9223372036854775807", bottom: "-9223372036854775808" } }
        resources:
          Gauge:
            path: gauges
            fields: { count: Int?, small: Int32?, wide: Int64?, unsigned: UInt?, ratio: Double?, single: Float?, exact: Decimal?, level: Level? }
        """

    /// Integers at and past 32 and 64 bits signed and unsigned, fractions, zeros, exponents and numbers no
    /// binary type holds.
    static let literals = [
        "0", "-0", "-0.0", "1.0", "1.5", "-1", "1e2", "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1e20", "3.4028234663852886e38", "1e39",
        "1e-50", "1e127", "1e128", "1e308", "1e400", "-1e400", "1e-400",
    ]

    /// The value the client's decoder reads from `literal` as a `T`, if it reads one. The server takes
    /// numbers a `Double` holds (a `Double`, an `Int64` and a `UInt64` each hold them all, give or take
    /// rounding), so it refuses `1e-400`, which the decoder reads into an integer as 0.
    static func clientReads<T: Decodable>(_ literal: String, as type: T.Type) -> T? {
        func read<V: Decodable>(_ type: V.Type) -> V? { (try? JSONDecoder().decode([V].self, from: Data("[\(literal)]".utf8)))?.first }
        return read(Double.self) == nil ? nil : read(T.self)
    }

    /// Sends `literal` in `field` and checks the answer against what a `T` holds.
    static func check<T: Decodable & Equatable>(_ field: String, _ type: T.Type, accepts: (T) -> Bool = { _ in true }, base: URL) async throws {
        for literal in literals {
            let expected = clientReads(literal, as: T.self).flatMap { accepts($0) ? $0 : nil }
            let answer = try await ServeSupport.send("POST", base.appendingPathComponent("gauges"), body: Data(#"{"\#(field)": \#(literal)}"#.utf8))
            let text = String(decoding: answer.body, as: UTF8.self)
            guard let expected else {
                #expect(answer.status == 400, "\(field) = \(literal) → \(answer.status) \(text)")
                #expect(text.contains(#""\#(field)""#), "\(field) = \(literal): \(text)")
                continue
            }
            #expect(answer.status == 201, "\(field) = \(literal) → \(answer.status) \(text)")
            // Every field of a gauge is a number or null, so the answer reads as a dictionary of `T?`.
            let created = try? JSONDecoder().decode([String: T?].self, from: answer.body)
            #expect(created?[field] == .some(expected), "\(field) = \(literal) came back as \(text)")
        }
    }

    @Test func everyNumericFieldTakesWhatItsTypeHoldsAndNothingElse() async throws {
        let server = try SpecServer(spec: Data(Self.spec.utf8), file: "numbers.yaml")
        let base = try await server.start()
        defer { Task { await server.stop() } }
        try await Self.check("count", Int.self, base: base)
        try await Self.check("small", Int32.self, base: base)
        try await Self.check("wide", Int64.self, base: base)
        try await Self.check("unsigned", UInt.self, base: base)
        try await Self.check("ratio", Double.self, base: base)
        try await Self.check("single", Float.self, base: base)
        try await Self.check("exact", Decimal.self, base: base)
        try await Self.check("level", Int.self, accepts: { [1, .max, .min].contains($0) }, base: base)
        // Still serving, and listing every value taken reads back as the client reads it.
        let listed = try await ServeSupport.send("GET", base.appendingPathComponent("gauges"))
        #expect(listed.status == 200)
        #expect(throws: Never.self) { try JSONDecoder().decode([[String: Double?]].self, from: listed.body) }
    }
}
#endif
