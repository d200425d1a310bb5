import CrudeGenCore
import Foundation
import Testing

@testable import CrudeGenEngine

/// A user's templates must say which template context they were written for, so that a crudegen whose
/// context changed rejects them with a located message instead of rendering blanks.
@Suite struct TemplateVersionTests {
    @Test func everyBundledTemplateCarriesTheCurrentVersion() {
        for name in TemplateSet.requiredNames {
            let source = TemplateSet.bundledSource(named: name) ?? ""
            #expect(TemplateSet.versionProblem(in: source, name: name, file: "\(name).mustache") == nil, "Templates/\(name).mustache")
            #expect(source.contains("{{! crudegen-templates: \(TemplateSet.contextVersion) }}"))
        }
        #expect(TemplateSet.summaries.keys.sorted() == TemplateSet.requiredNames)
    }

    /// Writes `source` as the override `enum-file.mustache` and loads the folder.
    func overriding(with source: String) async throws -> Result<TemplateSet, DiagnosticsError> {
        try await TestSupport.withTemporaryDirectory { folder in
            try source.write(to: folder.appendingPathComponent("enum-file.mustache"), atomically: true, encoding: .utf8)
            do {
                return .success(try TemplateSet.overriding(with: folder.path))
            } catch let error as DiagnosticsError {
                return .failure(error)
            }
        }
    }

    /// A file crudegen does not render (a misspelt name) is ignored, and generating says so.
    @Test func aTemplateOfAnotherNameIsReportedAsIgnored() async throws {
        let warnings = try await TestSupport.withTemporaryDirectory { folder in
            try "{{! crudegen-templates: 2 }}".write(to: folder.appendingPathComponent("modle-file.mustache"), atomically: true, encoding: .utf8)
            let generator = try Generator(configurationFile: nil, templates: folder.path)
            return try generator.generate(spec: Data("api: { name: Shop }\n".utf8), file: "shop.yaml").warnings
        }
        #expect(warnings.map(\.message) == ["template `modle-file.mustache` is not one crudegen renders; it is ignored"])
        #expect(warnings.first?.hint?.contains("model-file") == true)
    }

    @Test func aTemplateWithoutTheMarkerIsRejected() async throws {
        guard case let .failure(error) = try await overriding(with: "{{% CONTENT_TYPE: TEXT}}\nenum {{name}} {}\n") else {
            Issue.record("a template without a version marker was accepted")
            return
        }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.message.hasSuffix("enum-file.mustache` does not say which template context version it was written for"))
        #expect(diagnostic.location?.line == 1)
        #expect(diagnostic.hint?.contains("add `{{! crudegen-templates: \(TemplateSet.contextVersion) }}`") == true)
        #expect(diagnostic.hint?.contains("docs/templates.md") == true)
    }

    @Test func aTemplateForAnotherVersionIsRejectedAtItsMarker() async throws {
        guard case let .failure(error) = try await overriding(with: "{{% CONTENT_TYPE: TEXT}}\n\n  {{! crudegen-templates: 0 }}\nenum {{name}} {}\n") else {
            Issue.record("a template for another context version was accepted")
            return
        }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.message.hasSuffix("was written for template context version 0, but this crudegen renders version \(TemplateSet.contextVersion)"))
        #expect(diagnostic.location?.line == 3)
        #expect(diagnostic.location?.column == 3)
        #expect(diagnostic.hint?.contains("crudegen templates cat enum-file") == true)
    }

    @Test func aTemplateForThisVersionIsUsed() async throws {
        let source = TemplateSet.bundledSource(named: "enum-file")!.replacingOccurrences(of: "OpenEnum {", with: "OpenEnum, CustomStringConvertible {")
        guard case let .success(templates) = try await overriding(with: source) else {
            Issue.record("a template carrying the current marker was rejected")
            return
        }
        let rendered = templates.render(["access": "public ", "name": "Color", "rawType": "String"], template: "enum-file")
        #expect(rendered.contains("public enum Color: OpenEnum, CustomStringConvertible {"))
        #expect(!rendered.contains("crudegen-templates"))
    }
}
