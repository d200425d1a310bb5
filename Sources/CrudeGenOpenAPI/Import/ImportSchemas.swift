import CrudeGenCore
import Foundation
import OpenAPIKit

/// The importer's schemas: component schemas become enums, models and the types of fields.
extension Mapper {
    /// Names every enum and object schema first, so references resolve whatever the order.
    mutating func declareComponents() {
        for (name, schema) in componentSchemas {
            let swiftName = (schema.vendorExtensions[CrudegenExtension.swiftName]?.value as? String).flatMap { SpecInterop.isIdentifier($0) ? $0 : nil }
            let typeName = { (names: inout TypeNames) in
                (schema.vendorExtensions[CrudegenExtension.name]?.value as? String).flatMap { names.claim(specName: $0, swiftName: swiftName) }
                    ?? names.claim(name)
            }
            if enumValues(of: schema) != nil {
                components[name] = .enumeration(typeName(&names))
                swiftNames[name] = swiftName
            } else if unionMembers(of: schema) != nil {
                components[name] = .union(typeName(&names))
                swiftNames[name] = swiftName
            } else if isObjectLike(schema) {
                components[name] = .model(typeName(&names))
                swiftNames[name] = swiftName
            } else {
                components[name] = .alias
            }
        }
    }

    /// Maps one component schema into the enum or model declared for it.
    mutating func defineComponent(_ name: String, _ schema: JSONSchema) {
        let pointer = ["components", "schemas", name]
        switch components[name] {
        case let .enumeration(typeName)?:
            if let values = enumValues(of: schema) {
                let names = (schema.vendorExtensions["x-enum-varnames"]?.value as? [Any])?.compactMap { $0 as? String }
                spec.enums.append(
                    EnumSpec(
                        imported: typeName, swiftName: swiftNames[name], description: schema.description, isInteger: values.isInteger, values: values.values,
                        caseNames: names?.count == values.values.count ? names : nil))
            }
        case let .model(typeName)?:
            let index = reserveModel(typeName, pointer: pointer)
            let fields = fields(of: schema, owner: typeName, pointer: pointer)
            componentFields[typeName] = fields
            spec.models[index] = ModelSpec(imported: typeName, swiftName: swiftNames[name], description: schema.description, fields: fields)
        case let .union(typeName)?:
            var union = self.union(schema, name: typeName, pointer: pointer)
            union.swiftName = swiftNames[name].map(Located.init(unwritten:))
            spec.unions.append(union)
        case .alias?, nil:
            // Mapped now, in document order, so what it cannot express is reported even when unused.
            _ = aliasType(name, schema, depth: 0)
        }
    }

    /// Applies what `export` wrote about a field (property or parameter) in `x-crudegen-…` extensions: its
    /// name, Swift name, and transform with the spec type it applies to. A transform that does not apply
    /// to the type, or a type naming something the spec does not declare, is ignored.
    func applyExtensions(_ extensions: [String: AnyCodable], to field: inout FieldSpec) {
        field.givenName = (extensions[CrudegenExtension.name]?.value as? String).flatMap { $0.isEmpty ? nil : $0 }
        field.swiftName = (extensions[CrudegenExtension.swiftName]?.value as? String).flatMap { SpecInterop.isIdentifier($0) ? Located(unwritten: $0) : nil }
        guard let transform = extensions[CrudegenExtension.transform]?.value as? String else { return }
        var type = field.type.value
        if let written = extensions[CrudegenExtension.type]?.value as? String, case let .success(parsed) = TypeExpressionParser.parse(written),
            isKnownType(parsed.baseName)
        {
            type = parsed
        }
        guard transformApplies(transform, to: type.baseName) else { return }
        (field.type, field.transform) = (Located(unwritten: type), Located(unwritten: transform))
        let dateFormat = spec.transforms.first { $0.name.value == transform }.flatMap {
            if case let .dateFormat(format, _) = $0.kind { format.value } else { nil }
        }
        if let description = field.description,
            description == BuiltinTransform(rawValue: transform).flatMap(TransformNote.of) || description == dateFormat.map(TransformNote.of(dateFormat:))
        {
            field.description = nil
        }
    }

    /// The first of a schema's examples that is one value (a string, number or flag), as a spec writes it.
    static func example(of schema: JSONSchema) -> String? {
        example(schema.examples.first?.value)
    }

    /// `example` when it is a value of `type` (a number, flag or enum value where the type is one), else
    /// `nil` with a warning at `pointer`: the spec would warn of it at every generation.
    mutating func fittingExample(_ example: String?, of type: TypeExpression, at pointer: [String]) -> String? {
        guard let example, case let .named(name) = type.nonOptional else { return example }
        let fits =
            if let builtin = BuiltinType(rawValue: name) {
                builtin.reads(example: example)
            } else {
                spec.enums.first { $0.name.value == name }.map { $0.hasRawValue(example) } ?? true
            }
        guard fits else {
            warn("the example `\(example)` is no value of `\(name)`; it is left out", at: pointer)
            return nil
        }
        return example
    }

    /// An example value as a spec writes it, when it is one value (a string, number or flag).
    static func example(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let flag as Bool: flag ? "true" : "false"
        case let number as Int: String(number)
        case let number as Double: String(number)
        default: nil
        }
    }

    /// Whether a field whose innermost type is `base` can take the transform `name`, built-in or declared.
    func transformApplies(_ name: String, to base: String) -> Bool {
        if let builtin = BuiltinTransform(rawValue: name) { return builtin.appliesTo.contains { $0.rawValue == base } }
        switch spec.transforms.first(where: { $0.name.value == name })?.kind {
        case .dateFormat?: return base == BuiltinType.date.rawValue
        case let .custom(type, _)?: return type.value.baseName == base
        case nil: return false
        }
    }

    /// Whether `name` is a built-in type or one a component schema declares.
    func isKnownType(_ name: String) -> Bool {
        BuiltinType(rawValue: name) != nil
            || components.values.contains {
                switch $0 {
                case let .enumeration(typeName), let .union(typeName), let .model(typeName): typeName == name
                case .alias: false
                }
            }
    }

    /// The type references to a component that is neither enum nor object stand for, mapped once.
    mutating func aliasType(_ name: String, _ schema: JSONSchema, depth: Int) -> (TypeExpression, nullable: Bool) {
        if let known = aliasTypes[name] { return known }
        // A placeholder first: an alias that refers to itself ends as `JSON` instead of recursing.
        aliasTypes[name] = (.named("JSON"), false)
        let type = typeExpression(
            of: schema, hint: SpecInterop.identifier(name, uppercaseFirst: true), pointer: ["components", "schemas", name], depth: depth + 1)
        aliasTypes[name] = type
        return type
    }

    /// Appends an empty model to fill later, so that models stay in document order; returns its index.
    mutating func reserveModel(_ name: String, pointer: [String]) -> Int {
        modelPointers[name] = pointer
        spec.models.append(ModelSpec(imported: name, description: nil, fields: []))
        modelIndex[name] = spec.models.count - 1
        return spec.models.count - 1
    }

    /// String or integer enums: their raw values, without `null`, each once (Okta lists some twice; a value
    /// listed again adds nothing).
    func enumValues(of schema: JSONSchema) -> (isInteger: Bool, values: [String])? {
        guard let allowed = schema.allowedValues, !allowed.isEmpty else { return nil }
        let values = allowed.map(\.value).filter { !($0 is NSNull) }
        var seen: Set<String> = []
        if schema.isString, !values.isEmpty, values.allSatisfy({ $0 is String }) {
            // A case needs a name, so `""` (the Petstore's habitat filter) is no case; the open enum still
            // reads and sends it as an unknown value.
            let cases = values.compactMap { $0 as? String }.filter { !$0.isEmpty && seen.insert($0).inserted }
            return cases.isEmpty ? nil : (false, cases)
        }
        if schema.isInteger, !values.isEmpty, values.allSatisfy({ $0 is Int }) {
            return (true, values.compactMap { ($0 as? Int).map(String.init) }.filter { seen.insert($0).inserted })
        }
        return nil
    }

    /// Whether a schema is an object with properties, or an `allOf` of such objects.
    func isObjectLike(_ schema: JSONSchema, depth: Int = 0) -> Bool {
        guard depth < 16 else { return false }
        switch schema.value {
        case let .object(_, object):
            return !object.properties.isEmpty || object.additionalProperties == nil
        case let .all(of: members, _):
            return members.contains { member in
                if case let .reference(reference, _) = member.value, let target = reference.name.flatMap(componentSchema(named:)) {
                    return isObjectLike(target, depth: depth + 1)
                }
                return isObjectLike(member, depth: depth + 1)
            }
        default:
            return false
        }
    }

    /// The fields of an object schema, merging `allOf` members in order.
    mutating func fields(of schema: JSONSchema, owner: String, pointer: [String], depth: Int = 0) -> [FieldSpec] {
        guard depth < 16 else { return [] }
        switch schema.value {
        case let .object(_, object):
            var result: [FieldSpec] = []
            for (key, property) in source.inDocumentOrder(object.properties.map { ($0.key, $0.value) }, at: pointer + ["properties"]) {
                let propertyPointer = pointer + ["properties", key]
                let (type, nullable) = typeExpression(of: property, hint: owner + SpecInterop.identifier(key, uppercaseFirst: true), pointer: propertyPointer)
                let isRequiredKey = object.requiredProperties.contains(key)
                var field = FieldSpec(imported: key, type: nullable || !isRequiredKey ? type.optionalized : type, description: property.description)
                field.readOnly = property.readOnly
                field.writeOnly = property.writeOnly && !property.readOnly
                // A key the object requires that may be `null` (pydantic's `x: int | None` without a default) is sent as `null`.
                field.required = nullable && isRequiredKey && !property.readOnly && !field.writeOnly
                applyExtensions(property.vendorExtensions, to: &field)
                if field.transform == nil, isDateOnly(property) { field.transform = Located(unwritten: dateOnlyTransform()) }
                // Checked against the spec's type, which a transform's extensions give (a `Date` written as an integer).
                field.example = fittingExample(Self.example(of: property), of: field.type.value, at: propertyPointer).map(Located.init(unwritten:))
                result.append(field)
            }
            return result
        case let .all(of: members, _):
            var result: [FieldSpec] = []
            for (index, member) in members.enumerated() {
                let memberPointer = pointer + ["allOf", String(index)]
                let memberFields: [FieldSpec]
                if case let .reference(reference, _) = member.value, let name = reference.name, let target = componentSchema(named: name) {
                    memberFields = fields(of: target, owner: owner, pointer: ["components", "schemas", name], depth: depth + 1)
                } else {
                    memberFields = fields(of: member, owner: owner, pointer: memberPointer, depth: depth + 1)
                }
                // A member that only lists a property as required (PagerDuty's `Reference`: `{required: [type, id]}`)
                // makes it required and keeps its type: an empty schema adds nothing to what `allOf` says.
                let onlyRequired: Set<String> =
                    if case let .object(_, object) = member.value {
                        Set(object.properties.filter { if case .fragment = $0.value.value { true } else { false } }.map(\.key))
                    } else { [] }
                for field in memberFields {
                    // A later member restating a property (often to make it required) refines it.
                    if let existing = result.firstIndex(where: { $0.documentKey == field.documentKey }) {
                        if onlyRequired.contains(field.documentKey) {
                            if !field.type.value.isOptional { result[existing].type.value = result[existing].type.value.nonOptional }
                        } else {
                            result[existing] = field
                        }
                    } else {
                        result.append(field)
                    }
                }
            }
            return result
        case let .reference(reference, _):
            guard let name = reference.name, let target = componentSchema(named: name) else { return [] }
            return fields(of: target, owner: owner, pointer: ["components", "schemas", name], depth: depth + 1)
        default:
            return []
        }
    }

    /// The spec type of a schema, and whether the schema allows `null`. Objects and enums declared in
    /// place become types named after `hint`.
    mutating func typeExpression(of schema: JSONSchema, hint: String, pointer: [String], depth: Int = 0) -> (TypeExpression, nullable: Bool) {
        let nullable = schema.nullable
        guard depth < 32 else { return (.named("JSON"), nullable) }
        switch schema.value {
        case let .reference(reference, _):
            guard let name = reference.name, reference.isInternal, let target = componentSchema(named: name) else {
                warn("reference `\(reference.absoluteString)` is not to a component schema of this document; approximated as `JSON`", at: pointer)
                return (.named("JSON"), nullable)
            }
            switch components[name] {
            case let .enumeration(typeName)?, let .union(typeName)?, let .model(typeName)?:
                return (.named(typeName), nullable)
            case .alias?, nil:
                let (type, targetNullable) = aliasType(name, target, depth: depth)
                return (type, nullable || targetNullable)
            }
        case .boolean:
            return (.named("Bool"), nullable)
        case let .integer(core, _):
            if let values = enumValues(of: schema) {
                return (.named(inlineEnum(values, hint: hint, description: schema.description)), nullable)
            }
            switch core.format {
            case .int32: return (.named("Int32"), nullable)
            case .int64: return (.named("Int64"), nullable)
            case let .other(other) where other == "uint" || other == "uint64": return (.named("UInt"), nullable)
            default: return (.named("Int"), nullable)
            }
        case let .number(core, _):
            switch core.format {
            case .float: return (.named("Float"), nullable)
            case let .other(other) where other == "decimal": return (.named("Decimal"), nullable)
            default: return (.named("Double"), nullable)
            }
        case let .string(core, string):
            if let values = enumValues(of: schema) {
                return (.named(inlineEnum(values, hint: hint, description: schema.description)), nullable)
            }
            if string.contentEncoding?.rawValue == "base64" { return (.named("Data"), nullable) }
            switch core.format.rawValue {
            case "date-time", "date": return (.named("Date"), nullable)
            case "byte": return (.named("Data"), nullable)
            case "uuid": return (.named("UUID"), nullable)
            case "uri", "url": return (.named("URL"), nullable)
            default: return (.named("String"), nullable)
            }
        case let .array(_, array):
            guard let items = array.items else { return (.array(.named("JSON")), nullable) }
            let (element, elementNullable) = typeExpression(of: items, hint: hint + "Item", pointer: pointer + ["items"], depth: depth + 1)
            return (.array(elementNullable ? element.optionalized : element), nullable)
        case let .object(_, object):
            if !object.properties.isEmpty {
                return (.named(inlineModel(schema, hint: hint, pointer: pointer)), nullable)
            }
            switch object.additionalProperties {
            case let .b(values)?:
                let (value, valueNullable) = typeExpression(of: values, hint: hint + "Value", pointer: pointer + ["additionalProperties"], depth: depth + 1)
                return (.dictionary(valueNullable ? value.optionalized : value), nullable)
            default:
                return (.dictionary(.named("JSON")), nullable)
            }
        case let .all(of: members, _):
            let meaningful = members.filter { !$0.isFragment || $0.allowedValues != nil }
            if meaningful.count == 1 {
                let (type, memberNullable) = typeExpression(
                    of: meaningful[0], hint: hint, pointer: pointer + ["allOf", String(members.firstIndex(of: meaningful[0]) ?? 0)], depth: depth + 1)
                return (type, nullable || memberNullable)
            }
            if isObjectLike(schema) {
                return (.named(inlineModel(schema, hint: hint, pointer: pointer)), nullable)
            }
            warn("`allOf` that is not a combination of objects is approximated as `JSON`", at: pointer)
            return (.named("JSON"), nullable)
        case let .one(of: members, _), let .any(of: members, _):
            let keyword = if case .one = schema.value { "oneOf" } else { "anyOf" }
            // drf-spectacular writes a field with choices that may be blank as `oneOf: [ColorEnum, BlankEnum]`;
            // a spec enum keeps `""` as an unknown value, so the blank alternative needs no type of its own.
            let nonNull = members.filter { !$0.isNull && !isBlankEnum($0) }
            if nonNull.count == 1, schema.discriminator == nil {
                let index = members.firstIndex(of: nonNull[0]) ?? 0
                let (type, memberNullable) = typeExpression(of: nonNull[0], hint: hint, pointer: pointer + [keyword, String(index)], depth: depth + 1)
                return (type, nullable || memberNullable || nonNull.count < members.count)
            }
            // drf-spectacular writes a string that may be blank but otherwise has a format or a pattern (an
            // `EmailField` or `URLField` with `blank=True`) as `oneOf: [{format: email}, {maxLength: 0}]`: a
            // String, since `""` has no format (it is no URL).
            if nonNull.count == 2, let blank = nonNull.firstIndex(where: isBlankString), case .string = nonNull[1 - blank].value,
                enumValues(of: nonNull[1 - blank]) == nil
            {
                return (.named("String"), nullable || nonNull.count < members.count)
            }
            let name = names.claim(hint)
            spec.unions.append(union(schema, name: name, pointer: pointer))
            return (.named(name), nullable || nonNull.count < members.count)
        case .not:
            warn("`not` is approximated as `JSON`", at: pointer)
            return (.named("JSON"), nullable)
        case .null:
            return (.named("JSON"), true)
        case .fragment:
            return (.named("JSON"), nullable)
        }
    }

    /// The members of a `oneOf` or `anyOf` that is a union: two or more besides `null` and the blank
    /// alternatives that ``typeExpression(of:hint:pointer:depth:)`` reads as one type, or one under a
    /// discriminator, with their indexes.
    func unionMembers(of schema: JSONSchema) -> (keyword: String, members: [(index: Int, schema: JSONSchema)])? {
        let keyword: String
        let members: [JSONSchema]
        switch schema.value {
        case let .one(of: all, _): (keyword, members) = ("oneOf", all)
        case let .any(of: all, _): (keyword, members) = ("anyOf", all)
        default: return nil
        }
        let kept = members.enumerated().filter { !$0.element.isNull && !isBlankEnum($0.element) }.map { (index: $0.offset, schema: $0.element) }
        // One member with a discriminator is a union too: its tag is sent, and the variants to come read;
        // so is one `export` wrote for a union of one variant (`x-crudegen-variants`).
        let isMarked = schema.vendorExtensions[CrudegenExtension.variants] != nil
        guard kept.count >= 2 || (kept.count == 1 && (schema.discriminator != nil || isMarked)) else { return nil }
        if kept.count == 2, let blank = kept.firstIndex(where: { isBlankString($0.schema) }), case .string = kept[1 - blank].schema.value,
            enumValues(of: kept[1 - blank].schema) == nil
        {
            return nil
        }
        return (keyword, kept)
    }

    /// A `oneOf` or `anyOf` as a union named `name`. With a discriminator whose variants are all models,
    /// each is named by its tag (the `mapping`'s, else the component's name, as OpenAPI reads them);
    /// without, the variants are the members' types in order, each once, a type reading every value last.
    /// A variant's `null` moves to the field, and dates and bytes, which a variant reads without their
    /// transform, are read as strings.
    mutating func union(_ schema: JSONSchema, name: String, pointer: [String]) -> UnionSpec {
        modelPointers[name] = pointer
        var union = UnionSpec(name: Located(unwritten: name), description: schema.description.keptDescription, variants: [])
        guard let (keyword, members) = unionMembers(of: schema) else { return union }
        var typed: [(type: TypeExpression, component: String?)] = []
        for (index, member) in members {
            let hint = member.title.map { SpecInterop.identifier($0, uppercaseFirst: true) } ?? name + "Variant\(index + 1)"
            let (type, _) = typeExpression(of: member, hint: hint, pointer: pointer + [keyword, String(index)])
            let component: String? = if case let .reference(reference, _) = member.value { reference.name } else { nil }
            typed.append((readableWithoutTransform(type.nonOptional), component))
        }
        let models = Set(spec.models.map(\.name.value) + components.values.compactMap { if case let .model(typeName) = $0 { typeName } else { nil } })
        let isModel = { (type: TypeExpression) in if case let .named(name) = type { models.contains(name) } else { false } }
        if let discriminator = schema.discriminator, typed.allSatisfy({ isModel($0.type) }) {
            let mapping = source.inDocumentOrder((discriminator.mapping ?? [:]).map { ($0.key, $0.value) }, at: pointer + ["discriminator", "mapping"])
            var tagged: [(tag: String, type: TypeExpression)] = mapping.compactMap { tag, target in
                let component = target.split(separator: "/").last.map(String.init) ?? target
                guard case let .model(typeName)? = components[component] else { return nil }
                return (tag, .named(typeName))
            }
            for member in typed where !tagged.contains(where: { $0.type == member.type }) {
                guard let component = member.component else {
                    tagged = []
                    break
                }
                tagged.append((component, member.type))
            }
            if !tagged.isEmpty {
                union.discriminator = Located(unwritten: discriminator.propertyName)
                union.variants = tagged.map { UnionSpec.Variant(name: Located(unwritten: $0.tag), type: Located(unwritten: $0.type), isListed: false) }
            }
        }
        if union.discriminator == nil {
            var seen: Set<String> = []
            let distinct = typed.map(\.type).filter { seen.insert($0.description).inserted }
            let readingAll = distinct.filter { type in
                guard case let .named(typeName) = type else { return false }
                // A model named `JSON` reads objects only, as the built-in's name means that model then.
                return typeName == BuiltinType.json.rawValue && !models.contains(typeName) || typeName == name || isUnion(typeName)
            }
            let readingSome = distinct.filter { !readingAll.contains($0) }
            union.variants = (readingSome + readingAll.prefix(1)).map(UnionSpec.Variant.init(listed:))
        }
        applyVariantNames(schema.vendorExtensions[CrudegenExtension.variants]?.value, to: &union)
        return union
    }

    /// Names and Swift names `export` wrote for a union's variants (`x-crudegen-variants`), else case names
    /// made unique where two variants would derive the same one or `unknown`. A variant given either is
    /// no longer listed by its type only.
    func applyVariantNames(_ written: Any?, to union: inout UnionSpec) {
        let entries = (written as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
        if entries.count == union.variants.count {
            for (index, entry) in entries.enumerated() {
                if let name = entry["name"] as? String, !name.isEmpty, name != union.variants[index].type.value.description {
                    union.variants[index].name = Located(unwritten: name)
                    union.variants[index].isListed = false
                }
                if let swiftName = (entry["swift_name"] as? String).flatMap({ SpecInterop.isIdentifier($0) ? $0 : nil }) {
                    union.variants[index].swiftName = Located(unwritten: swiftName)
                    union.variants[index].isListed = false
                }
            }
        }
        var used: Set<String> = ["unknown"]
        for index in union.variants.indices {
            let variant = union.variants[index]
            let caseName =
                variant.swiftName?.value ?? SpecInterop.unionCaseName(name: variant.isListed ? nil : variant.name.value, type: variant.type.value)
            var unique = caseName
            var number = index + 1
            while !used.insert(unique).inserted {
                unique = caseName + String(number)
                number += 1
            }
            if unique != caseName {
                union.variants[index].swiftName = Located(unwritten: unique)
                union.variants[index].isListed = false
            }
        }
    }

    /// Whether `typeName` is a union, declared or yet to be.
    func isUnion(_ typeName: String) -> Bool {
        spec.unions.contains { $0.name.value == typeName } || components.values.contains { if case .union(typeName) = $0 { true } else { false } }
    }

    /// `type` with `Date` and `Data` read as `String`: a union's variant has no transform to read them.
    /// A model, enum or union the document names `Date` or `Data` is itself.
    func readableWithoutTransform(_ type: TypeExpression) -> TypeExpression {
        switch type {
        case let .named(name) where name == "Date" || name == "Data":
            components.values.contains { component in
                switch component {
                case let .enumeration(declared), let .union(declared), let .model(declared): declared == name
                case .alias: false
                }
            } ? type : .named("String")
        case .named: type
        case let .optional(wrapped): .optional(readableWithoutTransform(wrapped))
        case let .array(element): .array(readableWithoutTransform(element))
        case let .dictionary(value): .dictionary(readableWithoutTransform(value))
        }
    }

    /// Whether a schema is a date without a time (`format: date`, Django's `DateField`), directly, through a
    /// reference, as the one alternative to `null`, or as an array's items.
    func isDateOnly(_ schema: JSONSchema, depth: Int = 0) -> Bool {
        guard depth < 8 else { return false }
        switch schema.value {
        case let .string(core, _): return core.format.rawValue == "date"
        case let .reference(reference, _): return reference.name.flatMap(componentSchema(named:)).map { isDateOnly($0, depth: depth + 1) } ?? false
        case let .array(_, array): return array.items.map { isDateOnly($0, depth: depth + 1) } ?? false
        case let .one(of: members, _), let .any(of: members, _), let .all(of: members, _):
            let meaningful = members.filter { !$0.isNull && !$0.isFragment }
            return meaningful.count == 1 && isDateOnly(meaningful[0], depth: depth + 1)
        default: return false
        }
    }

    /// The transform of dates without a time, `yyyy-MM-dd` in UTC, declared under `transforms` on first use.
    mutating func dateOnlyTransform() -> String {
        if let declared = spec.transforms.first(where: { if case .dateFormat(let format, nil) = $0.kind { format.value == "yyyy-MM-dd" } else { false } }) {
            return declared.name.value
        }
        var name = "date"
        var number = 2
        while spec.transforms.contains(where: { $0.name.value == name }) {
            name = "date\(number)"
            number += 1
        }
        spec.transforms.append(TransformSpec(name: Located(unwritten: name), kind: .dateFormat(Located(unwritten: "yyyy-MM-dd"), timeZone: nil)))
        return name
    }

    /// An enum whose only values are `""` and `null` (drf-spectacular's `BlankEnum` and `NullEnum`).
    func isBlankEnum(_ schema: JSONSchema) -> Bool {
        let resolved = (try? document.components.lookup(schema)) ?? schema
        guard let values = resolved.allowedValues, !values.isEmpty else { return false }
        return values.allSatisfy { $0.value is NSNull || ($0.value as? String) == "" }
    }

    /// A string that can only be empty (`{type: string, maxLength: 0}`), drf-spectacular's blank alternative.
    func isBlankString(_ schema: JSONSchema) -> Bool {
        guard case let .string(_, string) = ((try? document.components.lookup(schema)) ?? schema).value else { return false }
        return string.maxLength == 0
    }

    /// Declares an enum written in place in a property, named after its owner and property.
    mutating func inlineEnum(_ values: (isInteger: Bool, values: [String]), hint: String, description: String?) -> String {
        let name = names.claim(hint)
        spec.enums.append(EnumSpec(imported: name, description: description, isInteger: values.isInteger, values: values.values))
        return name
    }

    /// Declares an object written in place in a property, named after its owner and property.
    mutating func inlineModel(_ schema: JSONSchema, hint: String, pointer: [String]) -> String {
        let name = names.claim(hint)
        let index = reserveModel(name, pointer: pointer)
        spec.models[index] = ModelSpec(imported: name, description: schema.description, fields: fields(of: schema, owner: name, pointer: pointer))
        flattenJSONAPIObject(name, schema: schema, pointer: pointer)
        return name
    }

    /// The type of a path or query parameter, `String` when its schema is not one a route can hold.
    mutating func pathType(of schema: JSONSchema, hint: String, pointer: [String]) -> TypeExpression {
        let (type, _) = typeExpression(of: schema, hint: hint, pointer: pointer)
        if case let .named(name) = type, BuiltinType(rawValue: name)?.isRouteParameterType == true || spec.enums.contains(where: { $0.name.value == name }) {
            return type
        }
        if case .named("Int32") = type { return .named("Int") }
        return .named("String")
    }
}

/// Optionality of imported field types.
extension TypeExpression {
    /// The type made optional, unless it already is.
    var optionalized: TypeExpression {
        isOptional ? self : .optional(self)
    }
}
