import Foundation
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// `PaginationSpec.resolved` is the one place a pagination's defaults are applied; the renderer, the store
/// model and the OpenAPI exporter and importer all read its result.
@Suite struct PaginationResolutionTests {
    /// The pagination of the list of a spec whose only resource pages as `keys` says.
    func resolved(_ keys: String) throws -> PaginationDeclaration {
        let text = "api: { name: Shop }\nresources:\n  R:\n    path: r\n    operations: [list]\n    pagination: \(keys)\n"
        let loaded = SpecLoader.load(Data(text.utf8), file: "spec.yaml")
        let spec = try #require(loaded.spec)
        let validated = try #require(ValidatedSpec.validate(spec).validated)
        return try #require(APIResolver.resolve(validated).resources.first?.pagination)
    }

    @Test func eachStyleGetsItsDefaults() throws {
        #expect(
            try resolved("true")
                == PaginationDeclaration(
                    style: .nextURL(keyPath: "next"), items: "results", count: "count", countHeader: nil, size: nil, linkParameter: "page",
                    sizeParameter: "page_size", servedSize: 10))
        #expect(
            try resolved("{ style: page }")
                == PaginationDeclaration(
                    style: .pageNumber(parameter: "page", next: nil), items: "results", count: nil, countHeader: nil, size: nil, linkParameter: "page",
                    sizeParameter: "page_size", servedSize: 10))
        #expect(
            try resolved("{ style: offset, size: 20 }")
                == PaginationDeclaration(
                    style: .offset(parameter: "offset"), items: "results", count: "count", countHeader: nil,
                    size: .init(parameter: "limit", value: 20), linkParameter: "offset", sizeParameter: "limit", servedSize: 20))
        #expect(
            try resolved("{ style: cursor, size: 5 }")
                == PaginationDeclaration(
                    style: .cursor(parameter: "cursor", next: "next_cursor"), items: "results", count: nil, countHeader: nil,
                    size: .init(parameter: "page_size", value: 5), linkParameter: "cursor", sizeParameter: "page_size", servedSize: 5))
        #expect(
            try resolved("{ style: link_header }")
                == PaginationDeclaration(
                    style: .linkHeader, items: "", count: nil, countHeader: nil, size: nil, linkParameter: "page", sizeParameter: "page_size", servedSize: 10))
    }

    @Test func writtenKeysReplaceTheDefaults() throws {
        let page = try resolved("{ style: page, items: data.items, next: meta.next, count: none, parameter: p, size_parameter: per, size: 3 }")
        #expect(page.style == .pageNumber(parameter: "p", next: "meta.next"))
        #expect(page.parameter == "p")
        #expect(page.next == "meta.next")
        #expect(page.items == "data.items")
        #expect(page.count == nil)
        #expect(page.size == .init(parameter: "per", value: 3))
        #expect(page.sizeParameter == "per")
        // A total in a header replaces the body's default `count`.
        let header = try resolved("{ style: offset, items: \"\", count_header: X-Total-Count }")
        #expect(header.count == nil)
        #expect(header.countHeader == "X-Total-Count")
        #expect(header.parameter == "offset")
        #expect(header.next == nil)
        // A pagination without a size has the style's size parameter all the same, which a server reads.
        #expect(header.sizeParameter == "limit")
    }

    /// What the importer writes: a key that says what the style's default says is left out, and the
    /// pagination resolves as before.
    @Test func keysSayingTheDefaultAreLeftOutAsWritten() throws {
        let at = CrudeGenEngine.SourceLocation(file: "spec.yaml", line: 1, column: 1)
        let spelled: [PaginationSpec] = [
            PaginationSpec(items: "results", next: "next", count: "count", sizeParameter: "page_size", at: at),
            PaginationSpec(style: .page, items: "results", parameter: "page", sizeParameter: "page_size", at: at),
            PaginationSpec(style: .offset, items: "results", count: "count", parameter: "offset", sizeParameter: "limit", at: at),
            PaginationSpec(style: .cursor, next: "next_cursor", parameter: "cursor", at: at),
            PaginationSpec(style: .linkHeader, items: "", at: at),
        ]
        for pagination in spelled {
            let written = pagination.withoutDefaults
            #expect(written == PaginationSpec(style: pagination.style, at: at), "\(pagination.style) keeps a default")
            #expect(written.resolved == pagination.resolved)
        }
        // A key that differs stays, and so does `count` when a header carries the total (its default is none then).
        let kept = PaginationSpec(style: .offset, items: "data", count: "count", countHeader: "X-Total", parameter: "skip", at: at).withoutDefaults
        #expect(kept == PaginationSpec(style: .offset, items: "data", count: "count", countHeader: "X-Total", parameter: "skip", at: at))
    }
}
