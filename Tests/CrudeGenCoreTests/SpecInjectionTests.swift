import Foundation
import RandomSpecs
import TestTags
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// No text a spec carries can add code: every place where spec text reaches generated Swift (comments,
/// string literals, identifiers) is tried with texts that end a comment line, close a literal or open an
/// interpolation. Each spec is generated, searched for the injected declaration outside comments and
/// literals, and compiled: had any text escaped, the declaration would be there or the code would break.
/// With CrudeServe built, the server beside the client carries the whole spec as a literal too.
@Suite struct SpecInjectionTests {
    /// Texts that try to declare `injected`, one way of escaping each.
    static let payloads: [String] =
        ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{0085}", "\u{000B}", "\u{000C}"]
        .map { "x\($0)public var injected: Int { 42 }\($0)//" }
        + [
            "x\"; public var injected: Int { 42 }; let y = \"",
            "x\\(injected)\\(0) \\u{41} #\"raw\"# \"\"\"",
            "*/ public var injected: Int { 42 } /*",
        ]

    /// A spec with `payload` in every carrier that accepts free text.
    static func spec(carrying payload: String) -> String {
        let text = YAMLText.quoted(payload)
        let segment = YAMLText.quoted(
            "items/"
                + payload.replacingOccurrences(of: "{", with: "(").replacingOccurrences(of: "}", with: ")").replacingOccurrences(of: "?", with: "!")
                .replacingOccurrences(of: "#", with: "%23"))
        let headerValue = YAMLText.quoted(payload.filter { !$0.isNewline })
        return """
            api:
              name: Carrier
              base_url: https://api.example.com/v1
              envelope: \(text)
              headers: { X-Carried: \(headerValue) }
            transforms:
              day: { date_format: \(text) }
            enums:
              Mood:
                description: \(text)
                cases: { happy: \(text), sad: plain }
              Listed: [\(text), plain]
            models:
              Note:
                description: \(text)
                fields:
                  body: { type: String, key: \(text), description: \(text) }
                  day: { type: Date, transform: day }
            resources:
              Entry:
                description: \(text)
                path: \(segment)
                id: { name: id, type: Int, key: \(text) }
                namespace: { one: \(text), many: \(text) }
                pagination: { items: \(text), next: \(text), count: \(text) }
                routes: { read: \(segment) }
                headers: { read: { X-Carried: \(headerValue) } }
                fields:
                  mood: { type: Mood, description: \(text) }
                actions:
                  archive: { path: \(segment), method: POST, description: \(text), headers: { X-Carried: \(headerValue) }, query: { q: { type: String?, key: \(text) } }, returns: none }
            actions:
              ping: { path: \(segment), description: \(text), body: { note: { type: String, key: \(text) } }, returns: { pong: { type: String, key: \(text) } } }
            """
    }

    @Test(.tags(.integration), .skippedWhenQuick, arguments: payloads)
    func noCarrierAddsCode(payload: String) async throws {
        let yaml = Self.spec(carrying: payload)
        let output = try RandomSpecTests.generator.generate(spec: Data(yaml.utf8), file: "carrier\(payload).crude.yaml")
        let injected = RandomSpecTests.injectedCode(in: output.files)
        #expect(injected.isEmpty, "spec text became code:\n\(injected.joined(separator: "\n"))")
        // Every carrier reached the output.
        let all = output.files.map(\.contents).joined()
        #expect(all.components(separatedBy: "injected").count > 20)
        let result = try await SwiftCompiler.compile(output.files.map { ($0.name, $0.contents) })
        #expect(result.succeeded, "\(result.output.prefix(3000))")
    }

    /// Carriers that must be names or tokens reject such text with a located error instead.
    @Test func carriersThatMustBeNamesRejectIt() async throws {
        let payload = "x\rpublic var injected: Int { 42 }"
        let cases: [(String, String)] = [
            ("a header name", "api: { name: A, headers: { \(YAMLText.quoted(payload)): v } }"),
            ("an API name", "api: { name: \(YAMLText.quoted(payload)) }"),
            ("a type name", "api: { name: A }\nmodels: { \(YAMLText.quoted(payload)): {} }"),
            ("a swift_name", "api: { name: A }\nmodels: { M: { swift_name: \(YAMLText.quoted(payload)) } }"),
            ("a field's swift_name", "api: { name: A }\nmodels: { M: { fields: { f: { type: Int, swift_name: \(YAMLText.quoted(payload)) } } } }"),
            ("a transform name", "api: { name: A }\ntransforms: { \(YAMLText.quoted(payload)): { date_format: yyyy } }"),
            ("a Swift transform type", "api: { name: A }\ntransforms: { t: { type: Int, swift: \(YAMLText.quoted(payload)) } }"),
            ("a header value's line break", "api: { name: A, headers: { X-A: \(YAMLText.quoted(payload)) } }"),
        ]
        for (what, yaml) in cases {
            #expect(throws: DiagnosticsError.self, "\(what) was accepted") {
                try Generator().generate(spec: Data(yaml.utf8), file: "names.crude.yaml")
            }
        }
    }

    /// Names that are sanitized into identifiers (fields, cases, actions, params) keep no code either.
    @Test(.tags(.integration), .skippedWhenQuick) func sanitizedNamesKeepNoCode() async throws {
        let name = YAMLText.quoted("x\rpublic var injected: Int { 42 }")
        let yaml = """
            api: { name: Names }
            enums:
              Kind: { cases: { \(name): a } }
            resources:
              Thing:
                path: \(YAMLText.quoted("things/{x\rpublic var injected: Int ( 42 )}"))
                params: { \(YAMLText.quoted("x\rpublic var injected: Int ( 42 )")): Int }
                fields: { \(name): Int }
                actions:
                  \(name): { path: do, returns: none }
            """
        let output = try Generator().generate(spec: Data(yaml.utf8), file: "names.crude.yaml")
        let code = output.files.flatMap { $0.contents.split(whereSeparator: \.isNewline) }
            .map { RandomSpecTests.codeOutsideCommentsAndLiterals(String($0)) }
        #expect(!code.contains { $0.contains("public var injected") })
        let result = try await SwiftCompiler.compile(output.files.map { ($0.name, $0.contents) })
        #expect(result.succeeded, "\(result.output.prefix(3000))")
    }
}
