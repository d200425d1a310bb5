import CrudeGenCore
import Foundation
import Testing

@testable import CrudeGenEngine

/// A name no context holds, such as a misspelt `{{nme}}`, fails loading the templates at its tag, instead of
/// rendering as nothing in every generated file.
@Suite struct TemplateNameTests {
    /// Loads a folder holding `files` (template name → source) as overrides.
    func load(_ files: [String: String]) async throws -> Result<TemplateSet, DiagnosticsError> {
        try await TestSupport.withTemporaryDirectory { folder in
            for (name, source) in files {
                try ("{{! crudegen-templates: 2 }}\n" + source).write(
                    to: folder.appendingPathComponent("\(name).mustache"), atomically: true, encoding: .utf8)
            }
            do {
                return .success(try TemplateSet.overriding(with: folder.path))
            } catch let error as DiagnosticsError {
                return .failure(error)
            }
        }
    }

    /// The diagnostics loading `files` fails with.
    func problems(_ files: [String: String]) async throws -> [Diagnostic] {
        guard case let .failure(error) = try await load(files) else {
            Issue.record("templates with unknown names were accepted")
            return []
        }
        return error.diagnostics
    }

    @Test func theBundledTemplatesUseOnlyKnownNames() {
        #expect(TemplateNames.problems(in: TemplateSet.bundled.templates, files: [:]).isEmpty)
    }

    /// The bundled templates name runtime types only from the one list of them (``RuntimeName``), which
    /// validation reserves, and otherwise only Swift's, Foundation's and CrudeStore's reserved names.
    @Test func theBundledTemplatesNameOnlyReservedTypes() throws {
        let known = SymbolTable.reservedNames.union(StoreValidator.reservedNames)
        let identifier = try Regex(#"\b[A-Z][A-Za-z0-9]*\b"#)
        for (name, source) in BundledTemplates.sources {
            for line in source.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                // Template tags and string literals hold no Swift names.
                let code = line.replacing(try Regex(#"\{\{[^}]*\}\}|"[^"]*""#), with: "")
                for match in code.matches(of: identifier) {
                    #expect(known.contains(String(code[match.range])), "\(name): `\(code[match.range])` is not a reserved name")
                }
            }
        }
    }

    @Test func aMisspeltVariableIsAnErrorAtItsTag() async throws {
        let problems = try await problems(["enum-file": "enum {{name}} {\n    // {{nme}}\n}\n"])
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.severity == .error)
        #expect(problem.message == "template variable `nme` does not exist in the enum context")
        #expect(problem.location?.file.hasSuffix("/enum-file.mustache") == true)
        // The marker the test writes first is line 1.
        #expect(problem.location?.line == 3 && problem.location?.column == 8)
        #expect(problem.hint?.hasPrefix("did you mean `name`?") == true, "\(problem.hint ?? "")")
    }

    /// Names are looked up from the innermost section outwards, as rendering does: a list item's variable is
    /// unknown outside its section, and sections and dotted names are checked too.
    @Test func namesAreCheckedInTheScopeTheyAreUsedIn() async throws {
        await #expect(try load(["enum-file": "{{#cases}}{{name}} {{rawValue}} {{access}}{{/cases}}{{^cases}}{{.}}{{/cases}}\n"]).isSuccess)
        let problems = try await problems(["enum-file": "{{rawValue}}\n{{#cses}}{{/cses}}\n{{#cases}}{{rawValu}}{{/cases}}\n{{cases.name}}\n"])
        #expect(
            problems.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" } == [
                "2:1 template variable `rawValue` does not exist in the enum context",
                "3:1 template variable `cses` does not exist in the enum context",
                "4:11 template variable `rawValu` does not exist in the enum context",
                "5:1 template variable `cases.name` does not exist in the enum context",
            ])
    }

    /// A partial is checked in the scopes that include it, and reported in its own file; a missing partial
    /// and one that includes itself are errors too.
    @Test func partialsAreCheckedWhereTheyAreIncluded() async throws {
        let bundledFunctions = try #require(TemplateSet.bundledSource(named: "functions"))
        let functions = bundledFunctions.replacingOccurrences(of: "{{signature}}", with: "{{signatur}}")
        let problems = try await problems(["functions": functions.replacingOccurrences(of: "{{! crudegen-templates: 2 }}\n", with: "")])
        #expect(problems.count == 1)
        #expect(problems.first?.message == "template variable `signatur` does not exist in the api or function context")
        #expect(problems.first?.location?.file.hasSuffix("/functions.mustache") == true)

        let missing = try await self.problems(["enum-file": "{{> modle}}\n{{> enum-file}}\n"])
        #expect(missing.map(\.message) == ["partial `modle` does not exist", "partial `enum-file` includes itself, which would never finish rendering"])
        #expect(missing.first?.hint?.hasPrefix("did you mean `model`") == true)
    }
}

extension Result {
    /// Whether it is a success.
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
