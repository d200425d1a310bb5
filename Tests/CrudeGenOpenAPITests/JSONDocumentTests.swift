import CrudeGenCore
import CrudeYAML
import Foundation
import Testing

@testable import CrudeGenOpenAPI

/// JSON documents, read by `JSONReader` rather than the YAML scanner: every escape, errors at their place,
/// generated documents against the values they were written from, and warnings at the right line and column.
@Suite struct JSONDocumentTests {
    @Test func surrogatePairsAndEveryEscapeImport() throws {
        // What Python's `json.dump` writes for emoji (surrogate pairs, which the YAML scanner rejects), `\/`
        // as some serializers write slashes, and every other escape.
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "Caf\u00e9 \/ \"bar\"", "version": "1"}, "paths": {},
             "components": {"schemas": {
               "Reaction": {"type": "string", "enum": ["thumbs \ud83d\udc4d", "wave \uD83D\uDC4B", "plain"]},
               "Gr\u00fc\u00dfe": {"type": "object", "description": "Says hello \ud83d\ude00 to a/b\/c", "properties": {
                 "gr\u00f6\u00dfe": {"type": "integer", "description": "Size in \u4e2d\u6587 and \u00e9"}}}}}}
            """#
        let result = try OpenAPIImporter.importDocument(Data(json.utf8), file: "escapes.json")
        #expect(
            result.yaml == """
                # Imported by crudegen \(CrudeGenVersion.current) from escapes.json (OpenAPI 3.0.3).
                api:
                  name: "CaféBar"

                enums:
                  Reaction: ["thumbs 👍", "wave 👋", plain]

                models:
                  "Grüße":
                    description: "Says hello 😀 to a/b/c"
                    fields:
                      "größe":
                        type: Int?
                        description: "Size in 中文 and é"

                """)
        #expect(result.warnings.isEmpty)

        let decoded = try JSONReader.read(#"["a\"b\\c\/d\be\ff\ng\rh\ti\u0041\u00e9\u4E2D\ud83d\ude00\u0000"]"#, file: "every.json")
        #expect(decoded.sequence?.first?.scalar?.string == "a\"b\\c/d\u{8}e\u{C}f\ng\rh\tiAé中😀\u{0}")
    }

    @Test func aByteOrderMarkIsSkippedWithoutMovingColumns() throws {
        let json = #"{"a": [1, "x"]}"#
        let plain = try JSONReader.read(json, file: "a.json")
        let marked = try JSONReader.read("\u{FEFF}" + json, file: "a.json")
        #expect(Self.marks(of: plain) == Self.marks(of: marked))
        #expect(Self.marks(of: marked).map(\.column) == [1, 2, 7, 8, 11])
    }

    @Test func malformedDocumentsAreErrorsAtTheirPlace() {
        let cases: [(text: String, error: String)] = [
            (
                "{\"openapi\": \"3.0.3,\n \"info\": {}}",
                "bad.json:1:20: error: cannot read `bad.json` as JSON: a string cannot hold a line break as itself\n    hint: escape it as `\\n`"
            ),
            (
                "{\"a\": \"x\ty\"}",
                "bad.json:1:9: error: cannot read `bad.json` as JSON: a string cannot hold a tab as itself\n    hint: escape it as `\\t`"
            ),
            (
                "{\"a\": \"x\u{1}y\"}",
                "bad.json:1:9: error: cannot read `bad.json` as JSON: a string cannot hold the control character U+0001 as itself\n    hint: escape it as `\\u0001`"
            ),
            (
                "{\n  \"a\": \"abc\n",
                "bad.json:2:12: error: cannot read `bad.json` as JSON: a string cannot hold a line break as itself\n    hint: escape it as `\\n`"
            ),
            (
                "{\"a\": \"abc",
                "bad.json:1:7: error: cannot read `bad.json` as JSON: the string that starts here is never closed\n    hint: end it with `\"`, and write a `\"` inside a string as `\\\"`"
            ),
            (
                "{\"a\": 1,\n}",
                "bad.json:2:1: error: cannot read `bad.json` as JSON: expected a member name in double quotes after `,`, found `}`\n    hint: JSON allows no comma after an object's last member"
            ),
            (
                "[1, 2,]",
                "bad.json:1:7: error: cannot read `bad.json` as JSON: expected a value, found `]`\n    hint: JSON allows no comma after the last element or member"
            ),
            (
                "{\"a\": 1} {}",
                "bad.json:1:10: error: cannot read `bad.json` as JSON: unexpected `{` after the document's value\n    hint: a JSON document holds exactly one value"
            ),
            (
                "{\"a\": [1 2]}",
                "bad.json:1:10: error: cannot read `bad.json` as JSON: expected `,` or `]` after an element, found `2`"
            ),
            (
                "{\"a\" 1}",
                "bad.json:1:6: error: cannot read `bad.json` as JSON: expected `:` after the member name \"a\", found `1`"
            ),
            (
                "{\"a\": 01}",
                "bad.json:1:7: error: cannot read `bad.json` as JSON: a number cannot start with `0` followed by more digits\n    hint: drop the leading zeros, or quote the value if it is a string"
            ),
            ("{\"a\": -x}", "bad.json:1:8: error: cannot read `bad.json` as JSON: expected a digit after `-`, found `x`"),
            ("{\"a\": 1.e3}", "bad.json:1:9: error: cannot read `bad.json` as JSON: expected a digit after the decimal point, found `e`"),
            ("{\"a\": 2E+}", "bad.json:1:10: error: cannot read `bad.json` as JSON: expected a digit in the exponent, found `}`"),
            (
                "{\"a\": True}",
                "bad.json:1:7: error: cannot read `bad.json` as JSON: `True` is not a JSON value\n    hint: the literals are `true`, `false` and `null` in lowercase; a string is written in double quotes"
            ),
            (
                "{'a': 1}",
                "bad.json:1:2: error: cannot read `bad.json` as JSON: expected a member name in double quotes after `{`, found `'`\n    hint: names are strings in double quotes; a document starting with `{` or `[` is read as JSON"
            ),
            (
                "{\"a\": \"\\ud83d x\"}",
                "bad.json:1:8: error: cannot read `bad.json` as JSON: `\\ud83d` is a high surrogate without the low one that must follow it\n    hint: a string holds Unicode scalars only; write the whole pair (such as `\\ud83d\\udc4d` for 👍) or the character itself"
            ),
            (
                "{\"a\": \"x\\udc4d\"}",
                "bad.json:1:9: error: cannot read `bad.json` as JSON: `\\udc4d` is a low surrogate without the high one before it\n    hint: a string holds Unicode scalars only; write the whole pair (such as `\\ud83d\\udc4d` for 👍) or the character itself"
            ),
            (
                "{\"a\": \"\\x41\"}",
                "bad.json:1:8: error: cannot read `bad.json` as JSON: `\\x` is not a JSON escape\n    hint: the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hexadecimal digits; write a backslash as \\\\"
            ),
            (
                "{\"a\": \"\\u12G4\"}",
                "bad.json:1:8: error: cannot read `bad.json` as JSON: `\\u` must be followed by four hexadecimal digits, found `G`\n    hint: write a character as `\\u00e9`, or a backslash as `\\\\`"
            ),
            (
                // Columns count Unicode scalars, as the YAML path's do: `é` and `👍` are one column each.
                "{\n  \"é\": 1,\n  \"👍\": tru\n}",
                "bad.json:3:8: error: cannot read `bad.json` as JSON: `tru` is not a JSON value\n    hint: the literals are `true`, `false` and `null` in lowercase; a string is written in double quotes"
            ),
            (
                "{\r\n\"a\": 1,\r\"a\": 2}",
                "bad.json:3:1: error: cannot read `bad.json` as JSON: the name \"a\" appears twice in one object\n    hint: keep one of the members; readers disagree on which wins"
            ),
            (
                // Past sixteen members names are checked by hashing rather than by comparing each pair.
                "{" + (0..<20).map { "\"k\($0)\":0," }.joined() + "\"k3\":0}",
                "bad.json:1:152: error: cannot read `bad.json` as JSON: the name \"k3\" appears twice in one object\n    hint: keep one of the members; readers disagree on which wins"
            ),
            (
                "{\"a\": [1, {\"b\": 2}",
                "bad.json:1:19: error: cannot read `bad.json` as JSON: expected `,` or `]` after an element, found the end of the document\n    hint: close every `{` and `[`"
            ),
            (
                String(repeating: "[", count: 600),
                "bad.json:1:513: error: cannot read `bad.json` as JSON: arrays and objects are nested more than 512 deep\n    hint: no OpenAPI document nests so deep; the document is likely broken or generated in a loop"
            ),
        ]
        for item in cases {
            #expect(throws: DiagnosticsError.self) { try OpenAPIImporter.importDocument(Data(item.text.utf8), file: "bad.json") }
            do {
                _ = try OpenAPIImporter.importDocument(Data(item.text.utf8), file: "bad.json")
            } catch {
                #expect(error.description == item.error)
            }
        }
    }

    /// A YAML document's syntax error is one located line, as a spec's is, not Yams' own report (with its
    /// `1:221: error: scanner:` and source excerpt) appended to an unlocated `error:`.
    @Test func yamlSyntaxErrorsAreOneLocatedLine() {
        let cases: [(text: String, error: String)] = [
            (
                "openapi: 3.0.3\ninfo:\n  title: \"Shop\n  version: 1.0.0\npaths: {}\n",
                "shop.yaml:3:10: error: a quoted string starts here and is never closed (YAML syntax: found unexpected end of stream)\n"
                    + "    hint: close it with the quote it opens with; inside \"…\" write a quote as \\\", inside '…' as ''"
            ),
            (
                "openapi: 3.0.3\ninfo:\n  title: Shop\n   version: 1.0.0\n",
                "shop.yaml:4:11: error: YAML syntax: mapping values are not allowed in this context\n"
                    + "    hint: check the indentation and that every `[` and `{` is closed; quote values that contain `: ` or start with `[`"
            ),
        ]
        for item in cases {
            do {
                _ = try OpenAPIImporter.importDocument(Data(item.text.utf8), file: "shop.yaml")
                Issue.record("\(item.text) was imported")
            } catch {
                #expect(error.description == item.error)
            }
        }
    }

    @Test func nestingUpToTheLimitReads() throws {
        let deepest = String(repeating: "[", count: JSONReader.depthLimit) + String(repeating: "]", count: JSONReader.depthLimit)
        var node = try JSONReader.read(deepest, file: "deep.json")
        var depth = 1
        while let inner = node.sequence?.first {
            node = inner
            depth += 1
        }
        #expect(depth == JSONReader.depthLimit)
    }

    /// A warning of the importer, for a document whose lines hold non-ASCII characters and escapes before the
    /// place, lands where an editor shows it, and where the YAML path puts it for the same text.
    @Test func warningsPointAtTheirLineAndColumn() throws {
        let json = """
            {
              "openapi": "3.0.3",
              "info": {"title": "Caf\\u00e9 ☕", "version": "1"},
              "paths": {},
              "components": {"schemas": {"Thing": {"type": "object", "properties": {
                "naïve": {"type": "string", "description": "\\u00e9 😀"}, "odd": {"not": {"type": "string"}}}}}}
            }
            """
        let viaJSON = try OpenAPIImporter.importDocument(Data(json.utf8), file: "thing.json")
        #expect(
            viaJSON.warnings.map(\.description) == [
                "thing.json:6:68: warning: `not` is approximated as `JSON` (#/components/schemas/Thing/properties/odd)"
            ])
        // A comment line first sends the same text through Yams, which puts every place one line lower.
        let viaYAML = try OpenAPIImporter.importDocument(Data(("# YAML\n" + json).utf8), file: "thing.json")
        #expect(
            viaYAML.warnings.map(\.description) == ["thing.json:7:68: warning: `not` is approximated as `JSON` (#/components/schemas/Thing/properties/odd)"])
        #expect(viaJSON.yaml.split(separator: "\n").dropFirst() == viaYAML.yaml.split(separator: "\n").dropFirst())
    }

    /// Generated values, written with random whitespace and random escapes, read back as they were written:
    /// the same strings, numbers as written, keys in order and every node's mark where the writer put it.
    /// Foundation's parser reads the same text to the same values, which keeps the writer honest.
    @Test func generatedDocumentsReadBackAsWritten() throws {
        var random = SplitMix64(seed: 0x5EED_1234)
        for index in 0..<3000 {
            let value = GeneratedJSON.value(depth: 0, using: &random)
            var writer = GeneratedJSON.Writer()
            writer.whitespace(using: &random)
            writer.write(value, using: &random)
            writer.whitespace(using: &random)
            let node = try JSONReader.read(writer.text, file: "generated.json")
            #expect(GeneratedJSON.matches(node, value), "case \(index): \(writer.text)")
            #expect(Self.marks(of: node) == writer.marks, "case \(index): \(writer.text)")
            let foundation = try JSONSerialization.jsonObject(with: Data(writer.text.utf8), options: [.fragmentsAllowed])
            #expect(GeneratedJSON.matches(foundation: foundation, value), "case \(index): \(writer.text)")
        }
    }

    /// Valid documents with characters deleted, inserted, repeated or cut off are read or rejected, never a crash,
    /// and a rejection lies inside the text.
    @Test func mutatedDocumentsNeverCrash() {
        var random = SplitMix64(seed: 0xBAD_5EED)
        let inserts: [Character] = ["{", "}", "[", "]", ",", ":", "\"", "\\", "-", "0", "e", ".", "u", "\n", "\r", " ", "\u{0}", "é", "😀", "t", "n"]
        for _ in 0..<3000 {
            var writer = GeneratedJSON.Writer()
            writer.write(GeneratedJSON.value(depth: 0, using: &random), using: &random)
            var characters = Array(writer.text)
            for _ in 0..<Int.random(in: 1...3, using: &random) where !characters.isEmpty {
                let at = Int.random(in: 0..<characters.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: characters.remove(at: at)
                case 1: characters.insert(inserts.randomElement(using: &random)!, at: at)
                case 2: characters.insert(contentsOf: characters[at..<min(characters.count, at + 5)], at: at)
                default: characters.removeSubrange(at...)
                }
            }
            let text = String(characters)
            do {
                _ = try JSONReader.read(text, file: "mutated.json")
            } catch {
                let location = error.diagnostics.first?.location
                let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.count
                #expect(location.map { $0.line >= 1 && $0.line <= lines && $0.column >= 1 } == true, "\(error) in \(text.debugDescription)")
            }
        }
    }

    /// Every node's line and column, keys included, in document order.
    static func marks(of node: YAMLNode) -> [GeneratedJSON.Place] {
        var places: [GeneratedJSON.Place] = []
        func visit(_ node: YAMLNode) {
            places.append(GeneratedJSON.Place(line: node.mark.line, column: node.mark.column))
            switch node {
            case let .mapping(mapping):
                for pair in mapping {
                    visit(pair.key)
                    visit(pair.value)
                }
            case let .sequence(sequence): sequence.forEach(visit)
            default: break
            }
        }
        visit(node)
        return places
    }
}

/// A seeded generator, so that every run tries the same documents and a failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
    /// The state, advanced by each number.
    var state: UInt64

    /// A generator whose sequence `seed` decides.
    init(seed: UInt64) { state = seed }

    /// The next number of the sequence.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Random JSON values and their text, for reading back.
enum GeneratedJSON {
    /// A JSON value as it was generated; numbers keep the text they are written as.
    indirect enum Value {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([Value])
        case object([(String, Value)])
    }

    /// A 1-based line and column, as marks and locations give them.
    struct Place: Equatable, CustomStringConvertible {
        /// The line.
        var line: Int
        /// The column in Unicode scalars.
        var column: Int
        /// `line:column`, for failure messages.
        var description: String { "\(line):\(column)" }
    }

    /// Characters strings are drawn from: ASCII, JSON's special characters, controls, non-ASCII and beyond U+FFFF.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "/", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "é", "ß", "中", "\u{2028}",
        "\u{FEFF}", "\u{FFFF}", "😀", "👍", "\u{10FFFF}", "\u{1D11E}",
    ]

    /// A value nested at most four deep, containers more likely near the top.
    static func value(depth: Int, using random: inout SplitMix64) -> Value {
        switch Int.random(in: depth == 0 ? 4...5 : 0...(depth < 4 ? 5 : 3), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(number(using: &random))
        case 3: return .string(string(using: &random))
        case 4: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1, using: &random) })
        default:
            var names: Set<String> = []
            var members: [(String, Value)] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let name = string(using: &random)
                // Unique as Foundation reads them too, for `matches(foundation:_:)` to find each.
                if names.insert(withoutZeroWidthNoBreakSpaces(name)).inserted { members.append((name, value(depth: depth + 1, using: &random))) }
            }
            return .object(members)
        }
    }

    /// A string of up to eight characters from ``alphabet``.
    static func string(using random: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &random) { scalars.append(alphabet.randomElement(using: &random)!) }
        return String(scalars)
    }

    /// A number in JSON's grammar: sign, integer part, fraction and exponent each maybe, in digits a
    /// `Double` holds exactly enough for Foundation's reading to compare.
    static func number(using random: inout SplitMix64) -> String {
        var text = Bool.random(using: &random) ? "-" : ""
        text += Bool.random(using: &random) ? "0" : String(Int.random(in: 1...999_999, using: &random))
        if Bool.random(using: &random) { text += "." + String(Int.random(in: 0...9999, using: &random)) }
        if Bool.random(using: &random) {
            text += ["e", "E"].randomElement(using: &random)! + ["", "+", "-"].randomElement(using: &random)! + String(Int.random(in: 0...20, using: &random))
        }
        return text
    }

    /// Writes values as JSON text, noting where each one (and each name) starts.
    struct Writer {
        /// The text so far.
        var text = ""
        /// Where each value and name starts, in document order.
        var marks: [Place] = []
        /// The line the next character goes on.
        var line = 1
        /// The column the next character goes in.
        var column = 1

        /// Appends text that holds no line break.
        mutating func append(_ piece: String) {
            text += piece
            column += piece.unicodeScalars.count
        }

        /// Appends nothing or some whitespace, line breaks of every kind included.
        mutating func whitespace(using random: inout SplitMix64) {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0: append(" ")
                case 1: append("\t")
                case 2, 3, 4:
                    let lineBreak = ["\n", "\r\n", "\r"][Int.random(in: 0..<3, using: &random)]
                    // `\r` then `\n` would be one line break, not two.
                    text += lineBreak == "\n" && text.unicodeScalars.last == "\r" ? "\r\n" : lineBreak
                    line += 1
                    column = 1
                default: append("  ")
                }
            }
        }

        /// Appends `value`.
        mutating func write(_ value: Value, using random: inout SplitMix64) {
            marks.append(Place(line: line, column: column))
            switch value {
            case .null: append("null")
            case let .bool(flag): append(flag ? "true" : "false")
            case let .number(text): append(text)
            case let .string(string): write(string: string, using: &random)
            case let .array(elements):
                append("[")
                for (index, element) in elements.enumerated() {
                    if index > 0 { append(",") }
                    whitespace(using: &random)
                    write(element, using: &random)
                    whitespace(using: &random)
                }
                whitespace(using: &random)
                append("]")
            case let .object(members):
                append("{")
                for (index, member) in members.enumerated() {
                    if index > 0 { append(",") }
                    whitespace(using: &random)
                    marks.append(Place(line: line, column: column))
                    write(string: member.0, using: &random)
                    whitespace(using: &random)
                    append(":")
                    whitespace(using: &random)
                    write(member.1, using: &random)
                    whitespace(using: &random)
                }
                append("}")
            }
        }

        /// Appends a string literal, each character as itself where JSON allows it or escaped, at random.
        mutating func write(string: String, using random: inout SplitMix64) {
            var literal = "\""
            for scalar in string.unicodeScalars {
                let short: String? =
                    switch scalar {
                    case "\"": "\\\""
                    case "\\": "\\\\"
                    case "/": "\\/"
                    case "\u{8}": "\\b"
                    case "\u{C}": "\\f"
                    case "\n": "\\n"
                    case "\r": "\\r"
                    case "\t": "\\t"
                    default: nil
                    }
                let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !mustEscape: literal.unicodeScalars.append(scalar)
                case 1 where short != nil: literal += short!
                default: literal += unicodeEscape(scalar, uppercase: Bool.random(using: &random))
                }
            }
            append(literal + "\"")
        }

        /// `\uXXXX`, or a surrogate pair beyond U+FFFF.
        func unicodeEscape(_ scalar: Unicode.Scalar, uppercase: Bool) -> String {
            let units = Array(String(scalar).utf16)
            return units.map { unit in
                let hex = String(unit, radix: 16, uppercase: uppercase)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }.joined()
        }
    }

    /// Whether a node read by `JSONReader` is the generated value, down to numbers' text, key order, and
    /// the scalar styles `JSONText` relies on: quoted strings, plain literals.
    static func matches(_ node: YAMLNode, _ value: Value) -> Bool {
        switch (node, value) {
        case let (.scalar(scalar), .null): scalar.style == .plain && scalar.string == "null"
        case let (.scalar(scalar), .bool(flag)): scalar.style == .plain && scalar.string == (flag ? "true" : "false")
        case let (.scalar(scalar), .number(text)): scalar.style == .plain && scalar.string == text
        case let (.scalar(scalar), .string(string)): scalar.style == .doubleQuoted && scalar.string.unicodeScalars.elementsEqual(string.unicodeScalars)
        case let (.sequence(sequence), .array(elements)): sequence.count == elements.count && zip(sequence, elements).allSatisfy { matches($0, $1) }
        case let (.mapping(mapping), .object(members)):
            mapping.count == members.count
                && zip(mapping, members).allSatisfy { pair, member in
                    matches(pair.key, .string(member.0)) && matches(pair.value, member.1)
                }
        default: false
        }
    }

    /// Whether what `JSONSerialization` read is the generated value.
    static func matches(foundation: Any, _ value: Value) -> Bool {
        switch value {
        case .null: return foundation is NSNull
        case let .bool(flag): return (foundation as? NSNumber)?.boolValue == flag
        case let .number(text): return (foundation as? NSNumber)?.doubleValue == Double(text)
        case let .string(string):
            return (foundation as? String).map(withoutZeroWidthNoBreakSpaces)?.unicodeScalars.elementsEqual(
                withoutZeroWidthNoBreakSpaces(string).unicodeScalars)
                == true
        case let .array(elements):
            guard let array = foundation as? [Any], array.count == elements.count else { return false }
            return zip(array, elements).allSatisfy { matches(foundation: $0, $1) }
        case let .object(members):
            guard let object = foundation as? [String: Any], object.count == members.count else { return false }
            let byName = Dictionary(object.map { (withoutZeroWidthNoBreakSpaces($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
            return members.allSatisfy { name, member in byName[withoutZeroWidthNoBreakSpaces(name)].map { matches(foundation: $0, member) } ?? false }
        }
    }

    /// `text` without U+FEFF, which Foundation's `JSONSerialization` on Linux drops from strings (escaped or not).
    static func withoutZeroWidthNoBreakSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" }))
    }
}
