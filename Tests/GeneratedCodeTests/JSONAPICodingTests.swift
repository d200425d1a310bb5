@_spi(Generated) import CrudeRuntime
import FixtureJSONAPI
import Foundation
import Testing

/// The resource objects the JSON:API fixture's coding writes and reads, byte for byte: what goes out when
/// a value is created, updated or patched, and what a server may leave out.
@Suite struct JSONAPICodingTests {
    /// `value` encoded as a request body is, with sorted keys.
    static func requestBody(_ value: some Encodable, nils: ModelEncodingOptions.NilEncoding) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[ModelEncodingOptions.userInfoKey] = ModelEncodingOptions(nilEncoding: nils, purpose: .request)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// A new article leaves out its id, its `nil`s and its read-only word count; its relationships are
    /// resource identifiers of their type.
    @Test func aNewObjectHasNoIdAndOnlyWhatItSets() throws {
        let article = Article(title: "T", body: "B", wordCount: 3, author: "9", reviewers: ["3", "4"])
        #expect(
            try Self.requestBody(article, nils: .omit)
                == #"{"attributes":{"body":"B","title":"T"},"relationships":{"author":{"data":{"id":"9","type":"people"}},"#
                + #""reviewers":{"data":[{"id":"3","type":"people"},{"id":"4","type":"people"}]}},"type":"articles"}"#)
    }

    /// Sending `nil`s as `null` empties a to-one relationship with `{"data": null}`, as JSON:API does, never
    /// a bare `null`; the id stays a string.
    @Test func aNilRelationshipIsEmptied() throws {
        let article = Article(id: "1", title: "T", body: "B", reviewers: [])
        #expect(
            try Self.requestBody(article, nils: .null)
                == #"{"attributes":{"body":"B","published_at":null,"title":"T"},"id":"1","#
                + #""relationships":{"author":{"data":null},"reviewers":{"data":[]}},"type":"articles"}"#)
    }

    /// A patch's body names the object it changes and holds only the members it sets or clears (a patch
    /// that sets no attribute sends them empty).
    @Test func aPatchCarriesTheIdAndOnlyWhatItChanges() throws {
        let patch = JSONAPIPatchBody(id: "1", Article.Patch(title: .set("New"), author: .clear))
        #expect(
            try Self.requestBody(patch, nils: .omit)
                == #"{"attributes":{"title":"New"},"id":"1","relationships":{"author":{"data":null}},"type":"articles"}"#)
        let relink = JSONAPIPatchBody(id: "1", Article.Patch(reviewers: .set(["7"])))
        #expect(
            try Self.requestBody(relink, nils: .omit)
                == #"{"attributes":{},"id":"1","relationships":{"reviewers":{"data":[{"id":"7","type":"people"}]}},"type":"articles"}"#)
    }

    /// A server may leave out `attributes` or `relationships` whose members are all optional, and sends a
    /// relationship's `links` and `meta` beside its `data`, or instead of it; a required member that is
    /// missing or empty fails with its key.
    @Test func missingMembersReadAsAbsent() throws {
        let person = try JSONDecoder().decode(Person.self, from: Data(#"{"type": "people", "id": "1", "attributes": {"name": "Ada"}}"#.utf8))
        #expect(person == Person(id: "1", name: "Ada"))
        let linked =
            #"{"type": "articles", "id": "2", "attributes": {"title": "T", "body": "B"}, "relationships": {"reviewers": {"meta": {"count": 0}, "#
            + #""links": {"related": "/articles/2/reviewers"}, "data": []}}}"#
        let article = try JSONDecoder().decode(Article.self, from: Data(linked.utf8))
        #expect(article == Article(id: "2", title: "T", body: "B", reviewers: []))

        #expect {
            try JSONDecoder().decode(Article.self, from: Data(#"{"type": "articles", "id": "2", "attributes": {"title": "T", "body": "B"}}"#.utf8))
        } throws: { error in
            guard case let .keyNotFound(key, _)? = error as? DecodingError else { return false }
            return key.stringValue == "reviewers"
        }

        // A relationship sent as links only has no ids to read: `nil` for an optional one, an error naming
        // `data` for a required one.
        let linksOnly =
            #"{"type": "articles", "id": "2", "attributes": {"title": "T", "body": "B"}, "relationships": {"author": {"links": {"related": "/a"}}, "#
            + #""reviewers": {"links": {"related": "/r"}}}}"#
        #expect {
            try JSONDecoder().decode(Article.self, from: Data(linksOnly.utf8))
        } throws: { error in
            guard case let .keyNotFound(key, context)? = error as? DecodingError else { return false }
            return key.stringValue == "data" && context.codingPath.map(\.stringValue) == ["relationships", "reviewers"]
        }
        let authorOnly = linksOnly.replacingOccurrences(of: #""reviewers": {"links": {"related": "/r"}}"#, with: #""reviewers": {"data": []}"#)
        #expect(try JSONDecoder().decode(Article.self, from: Data(authorOnly.utf8)).author == nil)
    }
}
