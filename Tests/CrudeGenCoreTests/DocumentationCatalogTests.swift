import Foundation
import Testing

/// Keeps the DocC catalog of `CrudeRuntime` in step with the repository: the spec-language article is
/// docs/spec.md itself (re-recorded with `CRUDEGEN_RECORD=1`), and the landing page organises every article
/// and every public type into topics. Broken symbol links are caught by the documentation build in CI.
@Suite struct DocumentationCatalogTests {
    static let catalog = TestSupport.packageRoot.appendingPathComponent("Sources/CrudeRuntime/CrudeRuntime.docc")
    static let specArticle = catalog.appendingPathComponent("SpecLanguage.md")

    /// docs/spec.md as a DocC article. DocC reads two backticks as a symbol link, so code that shows a
    /// backtick-escaped name (`` `default` ``) is written with escaped backticks instead.
    static func specLanguageArticle(from markdown: String) -> String {
        let converted = markdown.replacing(/`` `([^`]+)` ``/) { match in "\\`\(match.output.1)\\`" }
        return converted + "\n<!-- Generated from docs/spec.md by `CRUDEGEN_RECORD=1 swift test`: edit that file, not this one. -->\n"
    }

    @Test func specLanguageArticleIsDocsSpec() throws {
        let spec = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/spec.md"), encoding: .utf8)
        let expected = Self.specLanguageArticle(from: spec)
        let committed = (try? String(contentsOf: Self.specArticle, encoding: .utf8)) ?? ""
        if TestSupport.isRecording, committed != expected {
            try expected.write(to: Self.specArticle, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == expected,
            "docs/spec.md changed: run `CRUDEGEN_RECORD=1 swift test` to regenerate SpecLanguage.md\n\(TestSupport.diff(expected: expected, actual: committed, name: "SpecLanguage.md"))"
        )
        #expect(!expected.contains("`` `"), "the conversion leaves no double backticks DocC would read as a link")
    }

    /// The catalog's landing page, which holds the topics.
    static func landingPage() throws -> String {
        try String(contentsOf: catalog.appendingPathComponent("CrudeRuntime.md"), encoding: .utf8)
    }

    @Test func everyArticleIsInATopic() throws {
        let landing = try Self.landingPage()
        let articles = try FileManager.default.contentsOfDirectory(atPath: Self.catalog.path)
            .filter { $0.hasSuffix(".md") && $0 != "CrudeRuntime.md" }.map { String($0.dropLast(3)) }
        #expect(articles.count >= 10)
        for article in articles {
            #expect(landing.contains("- <doc:\(article)>"), "\(article).md is not listed under the landing page's topics")
        }
    }

    /// Types DocC would otherwise file under generic headings: every public type but the generated-only ones.
    @Test func everyPublicTypeIsInATopic() throws {
        let landing = try Self.landingPage()
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources/CrudeRuntime")
        var names: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            // The API only generated code calls (`@_spi(Generated)`) is hidden from the reference.
            for match in text.matches(of: /\n(@_spi\(\w+\)\n)?public (?:final )?(?:struct|enum|class|protocol|actor) (\w+)/) where match.output.1 == nil {
                names.append(String(match.output.2))
            }
        }
        #expect(names.count > 30)
        for name in names {
            #expect(landing.contains("- ``\(name)``"), "public type \(name) is not listed under the landing page's topics")
        }
    }
}
