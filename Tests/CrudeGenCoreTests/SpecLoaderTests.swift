import Foundation
import Testing

@testable import CrudeGenCore

/// The problems generating `yaml` reports, in source order.
func diagnostics(for yaml: String, file: String = "spec.yaml") -> [Diagnostic] {
    do {
        return try Generator().generate(spec: Data(yaml.utf8), file: file).warnings
    } catch {
        return error.diagnostics
    }
}

/// `line:column: message` of every error, for compact assertions.
func errors(for yaml: String) -> [String] {
    diagnostics(for: yaml).filter { $0.severity == .error }.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
}

@Suite struct SpecLoaderTests {
    @Test func loadsEverySectionWithLocations() throws {
        let yaml = """
            api:
              name: Household
              base_url: https://mysite.com/api
              envelope: data.items
              headers: { Accept: application/json }
              methods: { update: PATCH }
              keys: snake_case
              access: internal
            enums:
              Color: [red, dark_red]
            models:
              Address: { fields: { street: String } }
            resources:
              Person:
                path: people
                id: { name: id, type: Int, key: id_Number }
                operations: [read, list]
                fields:
                  firstName: String
                  tags: [String]
                  scores: "[String: Double]?"
            actions:
              login: { method: POST, path: login, body: { username: String }, returns: none }
            """
        let (spec, diagnostics) = SpecLoader.load(Data(yaml.utf8), file: "household.yaml")
        #expect(diagnostics.isEmpty)
        let loaded = try #require(spec)
        #expect(loaded.api.name.value == "Household")
        #expect(loaded.api.name.location == SourceLocation(file: "household.yaml", line: 2, column: 9))
        #expect(loaded.api.keyStyle == .snakeCase)
        #expect(loaded.api.access == .internal)
        #expect(loaded.api.methods[.update]?.value == "PATCH")
        #expect(loaded.enums.first?.cases.map(\.rawValue.value) == ["red", "dark_red"])
        let person = try #require(loaded.resources.first)
        #expect(person.id.key?.value == "id_Number")
        #expect(person.operations.map(\.value) == [.read, .list])
        #expect(person.fields.map(\.type.value) == [.named("String"), .array(.named("String")), .optional(.dictionary(.named("Double")))])
        #expect(person.fields[1].type.location.line == 20)
        guard case .none? = loaded.actions.first?.returns else {
            Issue.record("`returns: none` should load as no response")
            return
        }
    }

    @Test func typeExpressionsParse() throws {
        #expect(try TypeExpressionParser.parse("[String: [Int?]]?").get() == .optional(.dictionary(.array(.optional(.named("Int"))))))
        #expect(try TypeExpressionParser.parse(" Person ").get() == .named("Person"))
        guard case let .failure(failure) = TypeExpressionParser.parse("[Int: String]") else {
            Issue.record("non-String dictionary keys must fail")
            return
        }
        #expect(failure.message.contains("dictionary keys must be `String`"))
    }

    /// LibYAML gives up on an unclosed quote at the end of the file (or at a `---` below it); the error
    /// points at the quote that opens the string.
    @Test func anUnterminatedQuoteIsReportedAtItsOpeningQuote() {
        let double = diagnostics(for: "api:\n  name: \"Household\n  base_url: https://x.example/api\nenums:\n  Color: [red]\n")
        #expect(
            double.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" } == [
                "2:9: a quoted string starts here and is never closed (YAML syntax: found unexpected end of stream)"
            ])
        #expect(double.first?.hint == "close it with the quote it opens with; inside \"…\" write a quote as \\\", inside '…' as ''")
        #expect(
            errors(for: "api:\n  name: Shop\n  base_url: 'https://x.example/api\n---\nenums: {}\n") == [
                "3:13: a quoted string starts here and is never closed (YAML syntax: found unexpected document indicator)"
            ])
    }

    /// A flow collection left open is reported at its bracket, naming where LibYAML gave up (the next key);
    /// one that fails on its own line keeps LibYAML's position.
    @Test func anUnclosedBracketIsReportedAtTheBracket() {
        #expect(
            errors(for: "api:\n  name: Shop\n  headers: [a, b\nresources:\n  P:\n    path: p\n") == [
                "3:12: a `[` opened here is never closed (YAML syntax: at 4:10, expected `,` or `]`)"
            ])
        #expect(
            errors(for: "api:\n  name: Shop\n  headers: {a: b\n") == [
                "3:12: a `{` opened here is never closed (YAML syntax: at 4:1, expected `,` or `}`)"
            ])
        #expect(errors(for: "api:\n  headers: [a, b: c: d]\n").first?.hasPrefix("2:") == true)
    }

    /// A `.json` spec is read as JSON: valid JSON the YAML scanner rejects (an emoji as Python's `json.dump`
    /// escapes it) loads, and a mistake is one located JSON error, not a YAML one.
    @Test func jsonSpecsAreReadAsJSON() {
        let valid = #"{"api": {"name": "Shop"}, "enums": {"Mood": ["ok", "\ud83d\udc4d"]}, "models": {"A": {"fields": {"x": "Int"}}}}"#
        #expect(diagnostics(for: valid, file: "shop.json").isEmpty)
        let unterminated = #"{"api": {"name": "Shop"}, "models": {"A": {"fields": {"x": "Int}}}}"#
        #expect(
            diagnostics(for: unterminated, file: "shop.json").map(\.description) == [
                "shop.json:1:60: error: cannot read `shop.json` as JSON: the string that starts here is never closed\n"
                    + "    hint: end it with `\"`, and write a `\"` inside a string as `\\\"`"
            ])
    }

    @Test func yamlSyntaxErrorsAreLocated() {
        #expect(errors(for: "api:\n  name: Household\n  base_url: x: y\n").first?.hasPrefix("3:14: YAML syntax:") == true)
        let tabs = diagnostics(for: "api:\n\tname: X\n")
        #expect(tabs.first?.message.contains("YAML syntax") == true)
        #expect(tabs.first?.hint == "YAML indents with spaces only, and this line is indented with a tab: replace it with spaces")
        #expect(errors(for: "api:\n  name: A\n  name: B\n") == ["2:3: duplicate key `name` in the same mapping"])
    }

    @Test func unknownNamesInsideTypesArePointedAt() {
        let yaml = "api: { name: A }\nmodels:\n  M:\n    fields:\n      a: \"[Strin]\"\n      b: [Strin]\n      c: \"[String: Doubel]?\"\n"
        #expect(errors(for: yaml) == ["5:12: unknown type `Strin`", "6:11: unknown type `Strin`", "7:20: unknown type `Doubel`"])
    }

    /// `{ String: Int }` is the dictionary type; one field named `String` declared with a mapping is a payload.
    @Test func aPayloadFieldNamedStringIsNoDictionary() throws {
        let yaml = "api: { name: A }\nactions:\n  x: { path: x, returns: { String: { type: Int } } }\n  y: { path: y, returns: { String: Int } }\n"
        let actions = try #require(SpecLoader.load(Data(yaml.utf8), file: "spec.yaml").spec?.actions)
        guard case let .fields(fields, _)? = actions[0].returns, case let .type(type)? = actions[1].returns else {
            Issue.record("expected fields, then a type")
            return
        }
        #expect(fields.map(\.name.value) == ["String"])
        #expect(type.value == .dictionary(.named("Int")))
    }

    @Test func mergeKeysShareFieldGroups() throws {
        let yaml = """
            api: { name: A }
            x-timestamps: &timestamps { createdAt: Date, updatedAt: Date? }
            x-owner: &owner { owner: String, name: Int }
            models:
              M:
                fields:
                  name: String
                  <<: [*timestamps, *owner]
                  title: String
            """
        let model = try #require(SpecLoader.load(Data(yaml.utf8), file: "spec.yaml").spec?.models.first)
        #expect(model.fields.map(\.name.value) == ["name", "createdAt", "updatedAt", "owner", "title"])
        #expect(model.fields.first?.type.value == .named("String"), "a key the mapping writes wins over a merged one")
        #expect(model.fields[1].name.location.line == 2, "merged fields point at the anchor")
        #expect(
            errors(for: "api: { name: A }\nmodels:\n  M:\n    fields:\n      <<: x\n") == [
                "5:11: a merge key `<<` in the fields of model `M` takes a mapping or a list of mappings, not a single value"
            ])
    }

    @Test func emptyAndWrongShapedDocuments() {
        #expect(errors(for: "") == ["1:1: the spec is empty"])
        #expect(errors(for: "- a\n- b\n") == ["1:1: the spec must be a mapping of `key: value` pairs, not a list"])
        #expect(errors(for: "hello") == ["1:1: the spec must be a mapping of `key: value` pairs, not a single value"])
        #expect(errors(for: "api: { name: [A, B] }") == ["1:14: `api.name` must be a single value, not a list"])
    }

    @Test func unknownKeysSuggestTheNearestOne() throws {
        let found = diagnostics(for: "api: { name: A }\nresources:\n  Person:\n    path: people\n    feilds: { name: String }\n")
        let diagnostic = try #require(found.first)
        #expect(diagnostic.location == SourceLocation(file: "spec.yaml", line: 5, column: 5))
        #expect(diagnostic.message == "unknown key `feilds` in resource `Person`")
        #expect(diagnostic.hint == "did you mean `fields`?")
        #expect(diagnostic.description.hasPrefix("spec.yaml:5:5: error: unknown key `feilds`"))
    }

    @Test func missingRequiredKeys() {
        #expect(errors(for: "resources: {}") == ["1:1: the spec is missing the required key `api`"])
        #expect(errors(for: "api: { name: A }\nresources:\n  Person: { fields: {} }\n") == ["3:11: resource `Person` is missing the required key `path`"])
    }

    @Test func commasInFlowMappingsGetAHint() throws {
        let found = diagnostics(for: "api: { name: A }\nmodels:\n  M: { fields: { a: { type: String, description: one, two } } }\n")
        #expect(found.first?.hint == "inside `{ … }` a comma ends a value: quote values that contain commas")
    }

    @Test func invalidUTF8AndBinaryInput() {
        let (_, found) = SpecLoader.load(Data([0x61, 0x70, 0x69, 0x3A, 0x0A, 0xC3, 0x28]), file: "bad.yaml")
        #expect(found.map(\.message) == ["the spec is not valid UTF-8 (first bad byte at offset 5)"])
        #expect(found.first?.location == SourceLocation(file: "bad.yaml", line: 2, column: 1))
        let (_, binary) = SpecLoader.load(Data([0x00, 0x01, 0x02]), file: "bin.yaml")
        #expect(binary.first?.message.contains("NUL byte") == true)
    }

    /// 10⁹ leaves behind 100 aliases: expanding them would run for hours, so the time limit fails a loader
    /// that expands before counting (a limit, not a timing: a busy machine cannot make it fail).
    @Test(.timeLimit(.minutes(1))) func aliasBombsAreRejectedBeforeExpanding() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "api: { name: A }\nenums:\n  E: *a9\n"
        let found = errors(for: yaml)
        let expected = "6:45: this alias takes the document past 1000000 nodes with its aliases expanded"
        #expect(found.map { $0.prefix(expected.count) } == [expected[...]])
    }
}

@Suite struct DiagnosticFormatterTests {
    @Test func terminalsSeeTheLineAndACaret() async throws {
        try await TestSupport.withTemporaryDirectory { folder in
            let spec = folder.appendingPathComponent("shop.yaml")
            try "api: { name: Shop }\nmodels:\n  Order: { fields: { total: Doubel } }\n".write(to: spec, atomically: true, encoding: .utf8)
            let output = try #require(diagnostics(for: try String(contentsOf: spec, encoding: .utf8), file: spec.path).first)
            var terminal = DiagnosticFormatter(showsSource: true)
            #expect(
                terminal.format(output) == """
                    \(spec.path):3:29: error: unknown type `Doubel`
                      Order: { fields: { total: Doubel } }
                                                ^
                        hint: did you mean `Double`?
                    """)
            var plain = DiagnosticFormatter(showsSource: false)
            #expect(plain.format(output) == output.description)
        }
    }
}
