import Foundation

// How a generated JSON:API resource (a spec resource with `jsonapi`) reads and writes its resource object:
// `{"type": "articles", "id": "1", "attributes": {…}, "relationships": {"author": {"data": {"type": "people",
// "id": "9"}}}}`. Only generated code calls these, so they are its SPI.

/// A resource identifier object, `{"type": …, "id": …}`: what a relationship's `data` holds.
private struct ResourceIdentifier<ID: Codable>: Codable {
    var type: String
    var id: ID
}

/// A to-one relationship's `{"data": {"type": …, "id": …}}`, or `{"data": null}` when it is empty.
private struct ToOneLinkage<ID: Codable>: Codable {
    var data: ResourceIdentifier<ID>?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        // JSON:API empties a to-one relationship with an explicit `null`, so it is never left out.
        try container.encodeOrNull(data, forKey: "data")
    }
}

/// A to-many relationship's `{"data": [{"type": …, "id": …}, …]}`; `data` is `nil` when the server sends
/// the relationship's `links` or `meta` only, as it may for a large one.
private struct ToManyLinkage<ID: Codable>: Codable {
    var data: [ResourceIdentifier<ID>]?
}

@_spi(Generated)
extension KeyedDecodingContainer where Key == JSONKey {
    /// The resource object's `attributes` or `relationships`, or, when the object leaves the member out,
    /// this container, in which every field reads as absent: JSON:API names no attribute or relationship
    /// `type` or `id`, and those are all a resource object holds beside its members.
    public func jsonAPIMembers(_ key: JSONKey) throws -> KeyedDecodingContainer<JSONKey> {
        guard contains(key), try !decodeNil(forKey: key) else { return self }
        return try nestedContainer(keyedBy: JSONKey.self, forKey: key)
    }

    /// The related id of the to-one relationship at `key`, which must not be empty.
    public func decodeToOne<ID: Codable>(forKey key: JSONKey) throws -> ID {
        guard let identifier = try decode(ToOneLinkage<ID>.self, forKey: key).data else {
            throw DecodingError.valueNotFound(
                ID.self, .init(codingPath: codingPath + [key], debugDescription: "The to-one relationship is empty (its data is null)."))
        }
        return identifier.id
    }

    /// The related id of the to-one relationship at `key`, or `nil` when it is absent, empty or sent
    /// without its `data`.
    public func decodeToOneIfPresent<ID: Codable>(forKey key: JSONKey) throws -> ID? {
        try decodeIfPresent(ToOneLinkage<ID>.self, forKey: key)?.data?.id
    }

    /// The related ids of the to-many relationship at `key`, in the order the server sends them.
    public func decodeToMany<ID: Codable>(forKey key: JSONKey) throws -> [ID] {
        guard let identifiers = try decode(ToManyLinkage<ID>.self, forKey: key).data else {
            throw DecodingError.keyNotFound(
                JSONKey(stringValue: "data"), .init(codingPath: codingPath + [key], debugDescription: "The to-many relationship holds no data."))
        }
        return identifiers.map(\.id)
    }

    /// The related ids of the to-many relationship at `key`, or `nil` when it is absent or sent without
    /// its `data`.
    public func decodeToManyIfPresent<ID: Codable>(forKey key: JSONKey) throws -> [ID]? {
        try decodeIfPresent(ToManyLinkage<ID>.self, forKey: key)?.data?.map(\.id)
    }
}

@_spi(Generated)
extension KeyedEncodingContainer where Key == JSONKey {
    /// Writes the to-one relationship to the object of `type` with the given id, emptying it (`{"data":
    /// null}`) for `nil`.
    public mutating func encodeToOne<ID: Codable>(_ id: ID?, type: String, forKey key: JSONKey) throws {
        try encode(ToOneLinkage(data: id.map { ResourceIdentifier(type: type, id: $0) }), forKey: key)
    }

    /// Writes the to-one relationship when `id` has a value; for `nil`, empties it or leaves it out as
    /// `options` say (a write-only relationship passes the defaults, which leave it out).
    public mutating func encodeToOneIfPresent<ID: Codable>(
        _ id: ID?, type: String, forKey key: JSONKey, _ options: ModelEncodingOptions = ModelEncodingOptions()
    ) throws {
        guard id != nil || options.nilEncoding == .null else { return }
        try encodeToOne(id, type: type, forKey: key)
    }

    /// Writes the to-many relationship to the objects of `type` with the given ids; `nil` empties it.
    public mutating func encodeToMany<ID: Codable>(_ ids: [ID]?, type: String, forKey key: JSONKey) throws {
        try encode(ToManyLinkage(data: (ids ?? []).map { ResourceIdentifier(type: type, id: $0) }), forKey: key)
    }

    /// Writes the to-many relationship when `ids` has a value; for `nil`, empties it or leaves it out as
    /// `options` say.
    public mutating func encodeToManyIfPresent<ID: Codable>(
        _ ids: [ID]?, type: String, forKey key: JSONKey, _ options: ModelEncodingOptions = ModelEncodingOptions()
    ) throws {
        guard ids != nil || options.nilEncoding == .null else { return }
        try encodeToMany(ids, type: type, forKey: key)
    }

    /// Writes a patch's change of a to-one relationship: nothing for `.keep`.
    public mutating func encodeToOne<ID: Codable>(_ update: FieldUpdate<ID>, type: String, forKey key: JSONKey) throws {
        guard case let .set(id) = update else { return }
        try encodeToOne(id, type: type, forKey: key)
    }

    /// Writes a patch's change of an optional to-one relationship: nothing for `.keep`, empty for `.clear`.
    public mutating func encodeToOne<ID: Codable>(_ update: FieldUpdate<ID?>, type: String, forKey key: JSONKey) throws {
        guard case let .set(id) = update else { return }
        try encodeToOne(id, type: type, forKey: key)
    }

    /// Writes a patch's change of a to-many relationship: nothing for `.keep`.
    public mutating func encodeToMany<ID: Codable>(_ update: FieldUpdate<[ID]>, type: String, forKey key: JSONKey) throws {
        guard case let .set(ids) = update else { return }
        try encodeToMany(ids, type: type, forKey: key)
    }

    /// Writes a patch's change of an optional to-many relationship: nothing for `.keep`, empty for `.clear`.
    public mutating func encodeToMany<ID: Codable>(_ update: FieldUpdate<[ID]?>, type: String, forKey key: JSONKey) throws {
        guard case let .set(ids) = update else { return }
        try encodeToMany(ids, type: type, forKey: key)
    }
}

/// A partial update of a JSON:API resource as its body: the patch's resource object with the id of the
/// object it changes, which JSON:API requires in a `PATCH` (a patch itself holds no id).
@_spi(Generated)
public struct JSONAPIPatchBody<Patch: Encodable & Sendable, ID: Encodable & Sendable>: Encodable, Sendable {
    /// The id of the object the patch changes.
    public var id: ID
    /// The patch, which writes the object's `type`, `attributes` and `relationships`.
    public var patch: Patch

    /// The body of the patch of the object with `id`.
    public init(id: ID, _ patch: Patch) {
        self.id = id
        self.patch = patch
    }

    public func encode(to encoder: any Encoder) throws {
        try patch.encode(to: encoder)
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: "id")
    }
}

/// A resource a spec declares with `jsonapi`: its values are read from and sent as JSON:API resource
/// objects of ``jsonAPIType``, which is how ``OperationResponse/included(_:)`` finds them in a document.
public protocol JSONAPIResource: Decodable, Sendable {
    /// The `type` of the resource's objects (`articles`).
    static var jsonAPIType: String { get }
}

extension OperationResponse {
    /// The objects of `type` the JSON:API document includes beside its primary data (`"included"`, which
    /// a server fills when the request asks, as `?include=author` does), in the document's order; empty when
    /// it includes none.
    ///
    /// ```swift
    /// var operation = Article.readOperation(id: "1")
    /// operation.request.query = [URLQueryItem(name: "include", value: "author")]
    /// let response = try await operation.response(on: client)
    /// let authors = try response.included(Person.self)
    /// ```
    public func included<Resource: JSONAPIResource>(_ type: Resource.Type) throws(APIError) -> [Resource] {
        do {
            return try JSONDecoder().decode(IncludedObjects<Resource>.self, from: body).objects
        } catch let error as DecodingError {
            throw APIClient.decodingFailure(error, body: body, json: ParsedJSON(parsing: body))
        } catch {
            throw .decoding(path: "included", description: "\(error)", body: body)
        }
    }
}

/// A JSON:API document's `included` objects of one type; the others are skipped unread.
private struct IncludedObjects<Resource: JSONAPIResource>: Decodable {
    var objects: [Resource]

    /// One included object: the resource when its `type` is the resource's, else `nil`.
    private struct Object: Decodable {
        var resource: Resource?

        init(from decoder: any Decoder) throws {
            let type = try decoder.container(keyedBy: JSONKey.self).decode(String.self, forKey: "type")
            resource = type == Resource.jsonAPIType ? try Resource(from: decoder) : nil
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        objects = try container.decodeIfPresent([Object].self, forKey: "included")?.compactMap(\.resource) ?? []
    }
}
