#if CrudeServe
import CrudeGenEngine
import Foundation

/// How the values of a JSON:API resource (a spec resource with `jsonapi`) travel: each one a resource
/// object, `{"type": "articles", "id": "1", "attributes": {…}, "relationships": {"author": {"data": {"type":
/// "people", "id": "9"}}}}`, under `data` both ways (the resource's namespaces). The server keeps the flat
/// value the seed writes (`{"id": "1", "title": …, "author": "9"}`) and reads and writes resource objects
/// around it, each field where its ``ResolvedField/jsonAPIMember`` places it.
struct JSONAPIShape: Sendable {
    /// The `type` of the resource's objects (`articles`).
    var type: String
    /// Where each field sits in a resource object, by the field's JSON key.
    var members: [String: JSONAPIMember]

    /// The shape of a JSON:API resource of `type` whose `fields` (the id's included) are placed as each
    /// says.
    init(type: String, fields: [ResolvedField]) {
        self.type = type
        members = Dictionary(fields.compactMap { field in field.jsonAPIMember.map { (field.key, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The related type and arity of `field` when it is a relationship; `nil` for an attribute.
    func relationship(of field: WireField) -> (type: String, isToMany: Bool)? {
        if case let .relationship(type, isToMany)? = members[field.key] { (type, isToMany) } else { nil }
    }

    /// The resource object of `resource`'s value `flat` (as a response shows it: write-only fields left out):
    /// its `type`, its `id` as a string, its attributes, and each relationship's linkage, `{"data": null}`
    /// for an empty to-one one.
    func resourceObject(_ flat: [String: WireValue], of resource: ServedResource) -> WireValue {
        var object: [String: WireValue] = ["type": .string(type)]
        object["id"] = flat[resource.id.key].map { id in JSONText.pathText(id).map(WireValue.string) ?? id }
        var attributes: [String: WireValue] = [:]
        var relationships: [String: WireValue] = [:]
        for field in resource.fields {
            guard let value = flat[field.key] else { continue }
            if let related = relationship(of: field) {
                relationships[field.key] = .object(["data": Self.linkage(value, type: related.type, isToMany: related.isToMany)])
            } else {
                attributes[field.key] = value
            }
        }
        if !attributes.isEmpty { object["attributes"] = .object(attributes) }
        if !relationships.isEmpty { object["relationships"] = .object(relationships) }
        return .object(object)
    }

    /// A relationship's `data`: the related id as a resource identifier (`null` when there is none), or,
    /// to-many, an array of them (empty for none).
    private static func linkage(_ value: WireValue, type: String, isToMany: Bool) -> WireValue {
        func identifier(_ id: WireValue) -> WireValue {
            .object(["type": .string(type), "id": JSONText.pathText(id).map(WireValue.string) ?? id])
        }
        switch (value, isToMany) {
        case let (.array(ids), true): return .array(ids.map(identifier))
        case (_, true): return .array([])
        case (.null, false): return .null
        case (_, false): return identifier(value)
        }
    }

    /// Throws unless the resource object `object` is one of this type and, when `key` is given (an update of
    /// the value stored under it), of that value: 409 for another type or id, as JSON:API requires, 400 for
    /// an object without them.
    func checkIdentity(of object: [String: WireValue], updating key: String?, idType: WireType) throws(RequestFailure) {
        switch object["type"] {
        case let .string(given)?:
            guard given == type else {
                throw RequestFailure(
                    response: .conflict("The resource object's type is \(given), not \(type), the type of this collection.", pointer: "/data/type"))
            }
        case let given?: throw RequestFailure(response: .invalid(["type": ["Not a valid string (received \(BodyValidation.quoted(given)))."]]))
        case nil: throw RequestFailure(response: .invalid(["type": ["This field is required."]]))
        }
        guard let key else { return }
        switch object["id"] {
        case let .string(given)?:
            guard idType.canonicalKey(given) == key else {
                throw RequestFailure(response: .conflict("The resource object's id is \(given), not \(key), the id the URL names.", pointer: "/data/id"))
            }
        case let given?: throw RequestFailure(response: .invalid(["id": ["Not a valid string (received \(BodyValidation.quoted(given)))."]]))
        case nil: throw RequestFailure(response: .invalid(["id": ["This field is required."]]))
        }
    }
}

extension ServedResponse {
    /// 409 as a JSON:API error document: `{"errors": [{"status": "409", "title": "Conflict", "detail": …,
    /// "source": {"pointer": "/data/type"}}]}`.
    static func conflict(_ detail: String, pointer: String) -> ServedResponse {
        let error: WireValue = .object([
            "status": .string("409"), "title": .string("Conflict"), "detail": .string(detail), "source": .object(["pointer": .string(pointer)]),
        ])
        return json(409, .object(["errors": .array([error])]), mediaType: ResourceSpec.jsonAPIMediaType)
    }
}

extension BodyValidation {
    /// The flat value the JSON:API resource object `object` of `resource` stands for, as the server keeps
    /// it: its `id` under the id's key, its attributes, and each relationship's related id (`null` when
    /// empty) or ids. Each relationship's linkage is checked here, named by its member
    /// (`relationships.author.data.type`); the fields are checked afterwards by ``object(_:fields:partial:path:)``,
    /// which names them by their members too (`attributes.title`, `relationships.reviewers`).
    mutating func flattened(_ object: [String: WireValue], of resource: ServedResource, shape: JSONAPIShape) -> [String: WireValue] {
        var flat: [String: WireValue] = [:]
        if let id = object["id"] { flat[resource.id.key] = id }
        let attributes = members("attributes", of: object)
        let relationships = members("relationships", of: object)
        for field in resource.fields {
            guard let related = shape.relationship(of: field) else {
                memberPaths[field.key] = "attributes.\(field.key)"
                if let value = attributes[field.key] { flat[field.key] = value }
                continue
            }
            let path = "relationships.\(field.key)"
            memberPaths[field.key] = path
            guard !field.readOnly, let member = relationships[field.key] else { continue }
            guard case let .object(relationship) = member, let data = relationship["data"] else {
                fail(path, "Expected a relationship object with `data`.", received: member)
                continue
            }
            let ids: WireValue?
            switch (data, related.isToMany) {
            case let (.array(items), true):
                var identified: [WireValue] = []
                for (index, item) in items.enumerated() {
                    if let id = identifier(item, type: related.type, path: "\(path).data.\(index)") { identified.append(id) }
                }
                ids = identified.count == items.count ? .array(identified) : nil
            case (_, true):
                fail("\(path).data", "Expected a list of resource identifiers.", received: data)
                ids = nil
            case (.null, false): ids = .null
            case (_, false): ids = identifier(data, type: related.type, path: "\(path).data")
            }
            if let ids, let stored = checked(ids, field.type, path: "\(path).data") { flat[field.key] = stored }
        }
        return flat
    }

    /// The resource object's member `name` (`attributes`), empty when it has none, recording a member that
    /// is no object.
    private mutating func members(_ name: String, of object: [String: WireValue]) -> [String: WireValue] {
        switch object[name] {
        case let .object(members)?: return members
        case nil, .null?: return [:]
        case let value?:
            fail(name, "Expected an object.", received: value)
            return [:]
        }
    }

    /// The id of the resource identifier `value`, `{"type": …, "id": …}`, which must name an object of `type`.
    private mutating func identifier(_ value: WireValue, type: String, path: String) -> WireValue? {
        guard case let .object(identifier) = value else {
            fail(path, "Expected a resource identifier, {\"type\": \"\(type)\", \"id\": …}.", received: value)
            return nil
        }
        var valid = true
        if identifier["type"] != .string(type) {
            fail("\(path).type", "Expected the type \(type).", received: identifier["type"] ?? .null)
            valid = false
        }
        guard case let .string(id)? = identifier["id"] else {
            fail("\(path).id", "Expected the related object's id as a string.", received: identifier["id"] ?? .null)
            return nil
        }
        return valid ? .string(id) : nil
    }
}
#endif
