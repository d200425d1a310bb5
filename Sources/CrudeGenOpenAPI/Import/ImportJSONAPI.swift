import CrudeGenCore
import OpenAPIKit

/// The importer's JSON:API resource objects (jsonapi.org): a model whose schema is `{type, id, attributes,
/// relationships}` is read as the resource it describes, its fields the attributes and the related ids, so
/// that a collection and item path answering such objects under `data` become a `jsonapi:` resource.
extension Mapper {
    /// A model read as a JSON:API resource object.
    struct JSONAPIObject {
        /// The `type` its schema allows (a one-value enum), if it says one.
        var type: String?
        /// The model's fields as the schema writes them (`type`, `id`, `attributes`, …), given back to a
        /// model no resource takes: it is then an object like any other.
        var original: [FieldSpec]
    }

    /// The members a JSON:API resource object may have (jsonapi.org, "Resource Objects").
    static let resourceObjectMembers: Set<String> = ["type", "id", "attributes", "relationships", "links", "meta"]

    /// Reads every model component that is a JSON:API resource object as the resource it describes: its
    /// `id`, the fields of its `attributes`, and a field per relationship holding the related id or ids.
    mutating func flattenJSONAPIObjects() {
        for (name, schema) in componentSchemas {
            guard case let .model(typeName)? = components[name] else { continue }
            flattenJSONAPIObject(typeName, schema: schema, pointer: ["components", "schemas", name])
        }
    }

    /// Reads the model `typeName`, declared from `schema` at `pointer`, as a JSON:API resource object when
    /// it is one (see ``flattenJSONAPIObjects()``).
    mutating func flattenJSONAPIObject(_ typeName: String, schema: JSONSchema, pointer: [String]) {
        guard case let .object(_, object) = schema.value, let typeSchema = object.properties["type"], case .string = resolved(typeSchema).value,
            Set(object.properties.keys).isSubset(of: Self.resourceObjectMembers), let index = modelIndex[typeName]
        else { return }
        let type = enumValues(of: resolved(typeSchema)).flatMap { $0.values.count == 1 ? $0.values[0] : nil }
        // Without `attributes`, an object of a `type` of one value and an `id` (Klaviyo's webhook topics) is
        // one too; one of a `type` and an `id` of any strings is any object (a `Type` with its `id`).
        guard object.properties["attributes"] != nil || (object.properties["id"] != nil && type != nil) else { return }
        if let id = object.properties["id"] {
            guard case .string = nonNull(id).value else { return }
        }
        let original = spec.models[index].fields
        let attributes: [FieldSpec]
        if let field = original.first(where: { $0.documentKey == "attributes" }), case let .named(attributesType) = field.type.value.nonOptional,
            let attributesIndex = modelIndex[attributesType], let attributesSchema = object.properties["attributes"], objectProperties(attributesSchema) != nil
        {
            attributes = spec.models[attributesIndex].fields
        } else if let attributesSchema = object.properties["attributes"] {
            // An object of only relationships.
            guard case let .object(_, members) = resolved(attributesSchema).value, members.properties.isEmpty else { return }
            attributes = []
        } else {
            attributes = []
        }
        if let clash = attributes.first(where: { $0.documentKey == "type" || $0.documentKey == "id" }) {
            warn(
                "`\(typeName)` is a JSON:API resource object, but its attribute `\(clash.documentKey)` has the name of a member of the object; it is read as a plain object",
                at: pointer + ["properties", "attributes"])
            return
        }
        var fields: [FieldSpec] = []
        if var id = original.first(where: { $0.documentKey == "id" }) {
            // A JSON:API id is a string; one the document says is a UUID stays one.
            let string: TypeExpression = id.type.value.nonOptional == .named("UUID") ? .named("UUID") : .named("String")
            id.type.value = id.type.value.isOptional ? .optional(string) : string
            id.transform = nil
            fields.append(id)
        }
        fields += attributes
        if let relationships = object.properties["relationships"] {
            let required = requiredKeys(of: resolved(relationships))
            let optional = !object.requiredProperties.contains("relationships")
            for (key, value) in objectProperties(relationships, at: pointer + ["properties", "relationships"]) ?? [] {
                guard var field = relationshipField(key, value, optional: optional || !required.contains(key)) else { continue }
                if fields.contains(where: { $0.documentKey == key }) || key == "type" {
                    warn(
                        "relationship `\(key)` of `\(typeName)` has the name of one of its attributes or members; it is left out",
                        at: pointer + ["properties", "relationships", "properties", key])
                    continue
                }
                let member = resolved(value)
                (field.description, field.readOnly, field.writeOnly) = (member.description, member.readOnly, member.writeOnly && !member.readOnly)
                field.example = Self.example(of: member).map(Located.init(unwritten:))
                applyExtensions(member.vendorExtensions, to: &field)
                fields.append(field)
            }
        }
        // The spec's order `export` kept, where it mixed attributes and relationships; the id stays first.
        if let order = (schema.vendorExtensions[CrudegenExtension.fields]?.value as? [Any])?.compactMap({ $0 as? String }) {
            let rank = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
            let id = fields.first { $0.documentKey == "id" }
            let place = { (member: (offset: Int, element: FieldSpec)) in (rank[member.element.documentKey] ?? order.count + member.offset, member.offset) }
            let members = fields.filter { $0.documentKey != "id" }.enumerated().sorted { place($0) < place($1) }
            fields = (id.map { [$0] } ?? []) + members.map(\.element)
        }
        jsonAPIObjects[typeName] = JSONAPIObject(type: type, original: original)
        // The parts the object was declared with (its `type` enum, its `attributes` and `relationships`
        // objects) go with it, unless something else uses them.
        consumedModels.formUnion(original.map(\.type.value.baseName).filter { BuiltinType(rawValue: $0) == nil })
        spec.models[index].fields = fields
        componentFields[typeName] = fields
    }

    /// The field of a relationship whose schema holds `data`: a to-one relationship's related id, a to-many
    /// one's related ids, optional when the relationship is `optional` (not required) or its data may be
    /// `null` or left out; `nil` for a relationship without data (only `links`).
    func relationshipField(_ key: String, _ schema: JSONSchema, optional: Bool) -> FieldSpec? {
        guard let members = objectProperties(schema), let data = members.first(where: { $0.key == "data" })?.value else { return nil }
        let linkage = nonNull(data)
        // Left out, or holding no data (`null`), the relationship reads as `nil`.
        let isOptional = optional || !requiredKeys(of: resolved(schema)).contains("data") || resolved(data).nullable || data.nullable || isNullable(data)
        let isToMany: Bool
        let identifier: JSONSchema
        if case let .array(_, array) = linkage.value, let items = array.items {
            (isToMany, identifier) = (true, nonNull(items))
        } else {
            (isToMany, identifier) = (false, linkage)
        }
        guard let parts = objectProperties(identifier), let id = parts.first(where: { $0.key == "id" })?.value else { return nil }
        // The related id is a string; one of format `uuid` is a `UUID`, as a resource's id is.
        let idType: TypeExpression = if case let .string(core, _) = resolved(id).value, core.format == .uuid { .named("UUID") } else { .named("String") }
        let type: TypeExpression = isToMany ? .array(idType) : idType
        let related = parts.first { $0.key == "type" }.flatMap { enumValues(of: resolved($0.value)) }.flatMap { $0.values.count == 1 ? $0.values[0] : nil }
        var field = FieldSpec(imported: key, type: isOptional ? type.optionalized : type)
        field.relationship = Located(unwritten: related ?? key)
        return field
    }

    /// Whether a schema allows `null` through an `anyOf` or `oneOf` member.
    func isNullable(_ schema: JSONSchema) -> Bool {
        switch resolved(schema).value {
        case let .any(of: members, _), let .one(of: members, _): members.contains { if case .null = $0.value { true } else { false } }
        default: false
        }
    }

    /// Gives the models read as JSON:API resource objects that no resource took their fields as written.
    mutating func restoreJSONAPIObjects() {
        for index in spec.models.indices {
            guard let object = jsonAPIObjects[spec.models[index].name.value] else { continue }
            spec.models[index].fields = object.original
        }
    }
}
