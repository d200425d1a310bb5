import Foundation
import RandomSpecs
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// `SpecSerializer` writes a spec the loader reads back as the same spec: every value but the locations,
/// compared structurally, for every fixture, random specs and the scalars YAML could read as something else.
@Suite struct SpecSerializerTests {
    static let randomCount = ProcessInfo.processInfo.environment["CRUDEGEN_RANDOM_SPECS"].flatMap(Int.init) ?? 200
    static let firstSeed = ProcessInfo.processInfo.environment["CRUDEGEN_RANDOM_SEED"].flatMap(UInt64.init) ?? 2026

    /// The spec's values, locations left out, dictionaries in a fixed order: equal for specs that say the same.
    static func shape(_ value: Any) -> String {
        if value is CrudeGenEngine.SourceLocation { return "@" }
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { ($0.label.map { $0 + ": " } ?? "") + shape($0.value) }
        switch mirror.displayStyle {
        case .dictionary?, .set?: return "[" + children.sorted().joined(separator: ", ") + "]"
        case .enum? where children.isEmpty: return String(describing: value)
        case nil: return String(reflecting: value)
        default: return "\(type(of: value))(" + children.joined(separator: ", ") + ")"
        }
    }

    /// Where two shapes part: the text of each from a little before the first character that differs.
    static func difference(_ lhs: String, _ rhs: String) -> String? {
        guard lhs != rhs else { return nil }
        let common = zip(lhs, rhs).prefix { $0 == $1 }.count
        let start = max(0, common - 120)
        func excerpt(_ text: String) -> String { String(text.dropFirst(start).prefix(300)) }
        return "read back: …\(excerpt(lhs))…\nexpected:  …\(excerpt(rhs))…"
    }

    /// The spec `yaml` holds, which must load without errors.
    static func load(_ yaml: String, file: String = "spec.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CrudeGenEngine.Spec {
        let loaded = SpecLoader.load(Data(yaml.utf8), file: file)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))\n--- text ---\n\(yaml)", sourceLocation: sourceLocation)
        return try #require(loaded.spec, sourceLocation: sourceLocation)
    }

    /// Loads `yaml`, writes it, loads that, and expects the same spec and the text written again unchanged.
    static func expectRoundTrip(_ yaml: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let spec = try load(yaml, sourceLocation: sourceLocation)
        let written = SpecSerializer.yaml(of: spec)
        let reloaded = try load(written, sourceLocation: sourceLocation)
        let mismatch = difference(shape(reloaded), shape(spec))
        #expect(mismatch == nil, "\(name) reads back as another spec: \(mismatch ?? "")\n--- written ---\n\(written)", sourceLocation: sourceLocation)
        #expect(SpecSerializer.yaml(of: reloaded) == written, "\(name) is written differently the second time", sourceLocation: sourceLocation)
    }

    @Test(arguments: GoldenFileTests.cases)
    func fixtureSpecsReadBackTheSameAndGenerateTheSameSwift(fixture: String) throws {
        let path = GoldenFileTests.fixturesFolder.appendingPathComponent("\(fixture)/spec.yaml")
        let yaml = try String(contentsOf: path, encoding: .utf8)
        try Self.expectRoundTrip(yaml, fixture)
        let written = SpecSerializer.yaml(of: try Self.load(yaml))
        let original = try Generator().generate(spec: Data(yaml.utf8), file: "spec.yaml").files
        let fromWritten = try Generator().generate(spec: Data(written.utf8), file: "spec.yaml").files
        #expect(fromWritten == original, "\(fixture): the written spec generates other Swift")
    }

    @Test func randomSpecsReadBackTheSame() throws {
        for index in 0..<Self.randomCount {
            let seed = Self.firstSeed &+ UInt64(index)
            var generator = RandomSpecGenerator(seed: seed)
            let yaml = generator.spec()
            // A spec the loader refuses has nothing to write; the random specs' own test counts those.
            guard let spec = SpecLoader.load(Data(yaml.utf8), file: "spec.yaml").spec else { continue }
            let written = SpecSerializer.yaml(of: spec)
            let reloaded = try Self.load(written)
            let difference = Self.difference(Self.shape(reloaded), Self.shape(spec))
            #expect(difference == nil, "seed \(seed) reads back as another spec: \(difference ?? "")\n--- written ---\n\(written)")
        }
    }

    /// Text that a plain YAML scalar would read as another value, another type or the end of a line.
    static let awkwardText = [
        "null", "Null", "~", "true", "no", "yes", "off", "y", "none", "1", "-1", "0x1F", "1e3", ".inf", "", " ", "a: b", "a #b", "#x", "- x", "x:",
        "{a}", "[a]", "a, b", "*alias", "&anchor", "!tag", "%x", "@x", "`x`", "'x'", "\"x\"", "back\\slash", "tab\there", "line\nbreak",
        "trailing\n", "\u{2028}", "\u{85}", "\u{FEFF}bom", "Ünïcode 名前", "emoji 🙂", "  two spaces", "trailing ",
    ]

    @Test func awkwardScalarsReadBackTheSame() throws {
        for text in Self.awkwardText {
            let quoted = SpecSerializer.doubleQuoted(text)
            let yaml = """
                api: { name: API, base_url: \(text.isEmpty ? "x" : quoted), headers: { X-Note: \(quoted) } }
                enums:
                  Mood: { type: String, description: \(quoted), cases: { happy: \(quoted) } }
                models:
                  Note:
                    description: \(quoted)
                    fields:
                      body: { type: String, key: \(text.isEmpty ? "k" : quoted), description: \(quoted) }
                actions:
                  ping:
                    path: ping
                    deprecated: \(text.allSatisfy(\.isWhitespace) ? "true" : quoted)
                """
            try Self.expectRoundTrip(yaml, "text \(quoted)")
        }
    }
}
