import CrudeGenCore
import Foundation
import OpenAPIKit

/// Translates an OpenAPI 3.0 or 3.1 document into crudegen spec YAML.
///
/// Component schemas become enums and models; a collection path with its item path (`/pets` and
/// `/pets/{id}`) becomes a resource with the CRUD operations its verbs and shapes allow; every other
/// operation becomes an action. What a spec cannot say is reported as a located warning and left out or
/// approximated (see docs/openapi.md). The text is loaded and validated by crudegen before it is
/// returned, so an import never yields a spec crudegen rejects.
public enum OpenAPIImporter {
    /// What an import produced.
    public struct Result: Sendable {
        /// The spec, as YAML text.
        public var yaml: String
        /// What could not be mapped, one located warning per item, in document order.
        public var warnings: [Diagnostic]
        /// How many operations went where.
        public var summary: Summary
    }

    /// How many of a document's operations became what.
    public struct Summary: Sendable, Equatable, CustomStringConvertible {
        /// Every operation of every path.
        public var operations = 0
        /// The resources made of collection and item paths.
        public var resources = 0
        /// The operations those resources took as their CRUD operations.
        public var resourceOperations = 0
        /// The operations that became actions.
        public var actions = 0
        /// The operations left out, each with a warning.
        public var leftOut = 0

        /// `12 operations read: 2 resources (9 operations), 3 actions, 0 left out`.
        public var description: String {
            "\(operations) operation\(operations == 1 ? "" : "s") read: \(resources) resource\(resources == 1 ? "" : "s") (\(resourceOperations) operation\(resourceOperations == 1 ? "" : "s")), \(actions) action\(actions == 1 ? "" : "s"), \(leftOut) left out"
        }
    }

    /// Imports the document in `data`; `file` names it in warnings, `specFile` names the spec in the
    /// validation of the result.
    public static func importDocument(_ data: Data, file: String, specFile: String = "imported.crude.yaml") throws(DiagnosticsError) -> Result {
        let source = try OpenAPISource(data, file: file)
        var mapper = Mapper(source: source)
        let draft = mapper.map()
        let yaml = SpecWriter.yaml(
            of: draft,
            header: "Imported by crudegen \(CrudeGenVersion.current) from \(URL(fileURLWithPath: file).lastPathComponent) (OpenAPI \(source.declaredVersion)).")
        // Loading and validating is what decides whether `generate` accepts a spec; rendering adds nothing to it.
        let loaded = SpecLoader.load(Data(yaml.utf8), file: specFile)
        let problems = loaded.diagnostics + (loaded.spec.map(SpecValidator.validate) ?? [])
        if loaded.spec == nil || problems.containsErrors {
            let errors = problems.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
            throw DiagnosticsError([.error("internal error: the imported spec does not validate; please report it with the document:\n\(errors)", at: nil)])
        }
        var seen: Set<Diagnostic> = []
        return Result(yaml: yaml, warnings: mapper.warnings.filter { seen.insert($0).inserted }.sortedByLocation(), summary: mapper.summary)
    }
}

/// Ordering of the importer's warnings.
extension [Diagnostic] {
    /// Warnings in document order, unlocated ones last, keeping the order of equal places.
    fileprivate func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case let (left?, right?) where left != right: left < right
            case (nil, _?): false
            case (_?, nil): true
            default: lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}

/// Names the spec declares, unique even ignoring case, never reserved or built in.
private struct TypeNames {
    /// Every name taken so far, lowercased.
    private var taken: Set<String> = []

    /// Takes a name derived from `preferred`, numbered when it is taken.
    mutating func claim(_ preferred: String) -> String {
        var base = preferred.camelCased(uppercaseFirst: true)
        if SpecInterop.reservedTypeNames.contains(base) || SpecInterop.builtinTypeNames.contains(base) { base += "Model" }
        var name = base
        var number = 2
        while taken.contains(name.lowercased()) {
            name = "\(base)\(number)"
            number += 1
        }
        taken.insert(name.lowercased())
        return name
    }

    /// Takes the spec name `export` wrote (`x-crudegen-name`), which may be a keyword or a built-in type's
    /// name, when a spec can declare it: an identifier not yet taken, whose Swift name is not reserved.
    mutating func claim(specName name: String, swiftName: String?) -> String? {
        guard SpecInterop.isIdentifier(name), !taken.contains(name.lowercased()), !SpecInterop.reservedTypeNames.contains(swiftName ?? name) else {
            return nil
        }
        taken.insert(name.lowercased())
        return name
    }

    /// Takes exactly `name` when it is free; `false` otherwise.
    mutating func claimExactly(_ name: String) -> Bool {
        guard !taken.contains(name.lowercased()), !SpecInterop.reservedTypeNames.contains(name), !SpecInterop.builtinTypeNames.contains(name) else {
            return false
        }
        taken.insert(name.lowercased())
        return true
    }
}

/// One import: the document's schemas and paths mapped into a ``SpecDraft``.
private struct Mapper {
    let source: OpenAPISource
    var warnings: [Diagnostic] = []
    /// How many operations went where, counted as the paths are mapped.
    var summary = OpenAPIImporter.Summary()
    /// The type names the spec declares so far.
    private var names = TypeNames()
    /// Component schema name → what it became.
    private var components: [String: Component] = [:]
    /// The spec being built.
    private var draft: SpecDraft
    /// Models by name, with their position in `draft.models` (resources take theirs out later).
    private var modelIndex: [String: Int] = [:]
    /// Where each model's schema is, for warnings about its fields.
    private var modelPointers: [String: [String]] = [:]
    /// The Swift names (`x-crudegen-swift-name`) of component schemas, by component name.
    private var swiftNames: [String: String] = [:]
    /// Models that became part of a resource (its page component, its partial-update body): dropped at the
    /// end unless something else refers to them.
    private var consumedModels: Set<String> = []
    /// The types of component schemas that are neither enums nor objects, computed once so that the
    /// types they declare in place are declared once.
    private var aliasTypes: [String: (TypeExpression, nullable: Bool)] = [:]
    /// The fields of each model component, by type name, as mapped before any resource takes one: what
    /// decides whether two schemas are one resource.
    private var componentFields: [String: [SpecDraft.Field]] = [:]

    /// What a component schema maps to.
    private enum Component {
        /// An enum of this name.
        case enumeration(String)
        /// A model of this name (or the resource that takes it).
        case model(String)
        /// Anything else: references to it use its type directly.
        case alias
    }

    /// Prepares to map `source`; the API is named after the document's title.
    init(source: OpenAPISource) {
        self.source = source
        var names = TypeNames()
        let title = source.document.info.title.trimmingCharacters(in: .whitespaces)
        let apiName =
            (source.document.vendorExtensions[CrudegenExtension.name]?.value as? String).flatMap { names.claim(specName: $0, swiftName: nil) }
            ?? names.claim(title.isEmpty ? "API" : title)
        self.names = names
        draft = SpecDraft(apiName: apiName)
    }

    /// The document, as OpenAPIKit reads it.
    private var document: OpenAPI.Document { source.document }

    /// The component schema a reference names; `nil` for a name no component can have.
    private func componentSchema(named name: String) -> JSONSchema? {
        OpenAPI.ComponentKey(rawValue: name).flatMap { document.components.schemas[$0] }
    }

    /// The component schemas in document order.
    private var componentSchemas: [(key: String, value: JSONSchema)] {
        source.inDocumentOrder(document.components.schemas.map { ($0.key.rawValue, $0.value) }, at: ["components", "schemas"])
    }

    /// The paths in document order.
    private var orderedPaths: [(key: String, value: Either<OpenAPI.Reference<OpenAPI.PathItem>, OpenAPI.PathItem>)] {
        source.inDocumentOrder(document.paths.map { ($0.key.rawValue, $0.value) }, at: ["paths"])
    }

    /// Records a warning at the place `pointer` names, ending with the pointer itself.
    mutating func warn(_ message: String, at pointer: [String], hint: String? = nil) {
        warnings.append(.warning(message + " (\(JSONPointer.text(pointer)))", at: source.location(of: pointer), hint: hint))
    }

    /// Maps the whole document.
    mutating func map() -> SpecDraft {
        mapServers()
        readCrudegenAPI()
        declareComponents()
        for (name, schema) in componentSchemas {
            defineComponent(name, schema)
        }
        detectEnvelope()
        mapPaths()
        for (name, _) in document.webhooks {
            warn("webhook `\(name)` is not imported: a spec describes calls the client makes", at: ["webhooks", name])
        }
        for (name, _) in document.components.securitySchemes {
            warn(
                "security scheme `\(name.rawValue)` is not imported; give the client an `Authenticator` or default headers",
                at: ["components", "securitySchemes", name.rawValue])
        }
        dropConsumedModels()
        breakValueCycles()
        if let givenKeyStyle { draft.keyStyle = givenKeyStyle } else { chooseKeyStyle() }
        return draft
    }

    // MARK: servers

    /// The first server: an absolute URL becomes `base_url`, a relative one a prefix of every route.
    private mutating func mapServers() {
        guard let server = document.servers.first else { return }
        var url = server.urlTemplate.absoluteString
        for (name, variable) in server.variables {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
        }
        if let parsed = URL(string: url), parsed.scheme != nil, parsed.host != nil {
            draft.baseURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        } else if url.hasPrefix("/"), url != "/" {
            basePath = String(url.dropFirst()).trimmingSuffix("/") + "/"
        }
    }

    /// A relative server URL (`/api/v3`), prefixed to every route since the spec has no base URL then.
    private var basePath = ""

    /// Keys wrapping every JSON response (`{"data": …}`), outermost first.
    private var envelope: [String] = []

    /// The key style `export` wrote (`x-crudegen-keys`); `nil` lets the keys decide.
    private var givenKeyStyle: KeyStyle?

    /// What `export` keeps of the `api` section and `transforms` in top-level `x-crudegen-…` extensions,
    /// which OpenAPI itself cannot say. Values a spec would not accept are ignored.
    private mutating func readCrudegenAPI() {
        let extensions = document.vendorExtensions
        for entry in extensions[CrudegenExtension.headers]?.value as? [Any] ?? [] {
            guard let pair = entry as? [String: Any], let name = pair["name"] as? String, let value = pair["value"] as? String else { continue }
            draft.headers.append((name, value))
        }
        draft.access = (extensions[CrudegenExtension.access]?.value as? String).flatMap(AccessLevel.init(rawValue:)).map(\.rawValue)
        draft.cache = Self.cachePolicy(extensions)
        givenKeyStyle = (extensions[CrudegenExtension.keys]?.value as? String).flatMap(KeyStyle.init(rawValue:))
        draft.store = extensions[CrudegenExtension.store]?.value as? Bool
        guard let transforms = extensions[CrudegenExtension.transforms]?.value as? [String: Any] else { return }
        for (name, value) in source.inDocumentOrder(transforms.map { ($0.key, $0.value) }, at: [CrudegenExtension.transforms]) {
            guard SpecInterop.isIdentifier(name), !SpecInterop.isBuiltinTransform(name), let body = value as? [String: Any] else { continue }
            if let format = body["date_format"] as? String {
                let zone = (body["time_zone"] as? String).flatMap { SpecInterop.isTimeZone($0) ? $0 : nil }
                draft.transforms.append((name, .dateFormat(format, timeZone: zone)))
            } else if let type = body["type"] as? String, let swift = body["swift"] as? String, SpecInterop.isIdentifier(swift),
                case .success = TypeExpressionParser.parse(type)
            {
                draft.transforms.append((name, .custom(type: type, swift: swift)))
            }
        }
    }

    /// The cache policy `x-crudegen-cache` names in `extensions`, when it is one.
    private static func cachePolicy(_ extensions: [String: AnyCodable]) -> String? {
        (extensions[CrudegenExtension.cache]?.value as? String).flatMap(CachePolicySpec.init(rawValue:)).map(\.rawValue)
    }

    // MARK: schemas

    /// Names every enum and object schema first, so references resolve whatever the order.
    private mutating func declareComponents() {
        for (name, schema) in componentSchemas {
            let swiftName = (schema.vendorExtensions[CrudegenExtension.swiftName]?.value as? String).flatMap { SpecInterop.isIdentifier($0) ? $0 : nil }
            let typeName = { (names: inout TypeNames) in
                (schema.vendorExtensions[CrudegenExtension.name]?.value as? String).flatMap { names.claim(specName: $0, swiftName: swiftName) }
                    ?? names.claim(name)
            }
            if enumValues(of: schema) != nil {
                components[name] = .enumeration(typeName(&names))
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
    private mutating func defineComponent(_ name: String, _ schema: JSONSchema) {
        let pointer = ["components", "schemas", name]
        switch components[name] {
        case let .enumeration(typeName)?:
            if let values = enumValues(of: schema) {
                let names = (schema.vendorExtensions["x-enum-varnames"]?.value as? [Any])?.compactMap { $0 as? String }
                draft.enums.append(
                    .init(
                        name: typeName, swiftName: swiftNames[name], description: schema.description, isInteger: values.isInteger, values: values.values,
                        caseNames: names?.count == values.values.count ? names : nil))
            }
        case let .model(typeName)?:
            let index = reserveModel(typeName, pointer: pointer)
            let fields = fields(of: schema, owner: typeName, pointer: pointer)
            componentFields[typeName] = fields
            draft.models[index] = .init(name: typeName, swiftName: swiftNames[name], description: schema.description, fields: fields)
        case .alias?, nil:
            // Mapped now, in document order, so what it cannot express is reported even when unused.
            _ = aliasType(name, schema, depth: 0)
        }
    }

    /// Applies what `export` wrote about a field (property or parameter) in `x-crudegen-…` extensions: its
    /// name, Swift name, and transform with the spec type it applies to. A transform that does not apply
    /// to the type, or a type naming something the spec does not declare, is ignored.
    private func applyExtensions(_ extensions: [String: AnyCodable], to field: inout SpecDraft.Field) {
        field.name = (extensions[CrudegenExtension.name]?.value as? String).flatMap { $0.isEmpty ? nil : $0 }
        field.swiftName = (extensions[CrudegenExtension.swiftName]?.value as? String).flatMap { SpecInterop.isIdentifier($0) ? $0 : nil }
        guard let transform = extensions[CrudegenExtension.transform]?.value as? String else { return }
        var type = field.type
        if let written = extensions[CrudegenExtension.type]?.value as? String, case let .success(parsed) = TypeExpressionParser.parse(written),
            isKnownType(parsed.baseName)
        {
            type = parsed
        }
        guard transformApplies(transform, to: type.baseName) else { return }
        (field.type, field.transform) = (type, transform)
        let dateFormat = draft.transforms.first { $0.name == transform }.flatMap { if case let .dateFormat(format, _) = $0.kind { format } else { nil } }
        if let description = field.description, description == TransformNote.of(transform) || description == dateFormat.map(TransformNote.of(dateFormat:)) {
            field.description = nil
        }
    }

    /// Whether a field whose innermost type is `base` can take the transform `name`, built-in or declared.
    private func transformApplies(_ name: String, to base: String) -> Bool {
        if SpecInterop.isBuiltinTransform(name) { return SpecInterop.builtinTransform(name, appliesTo: base) }
        switch draft.transforms.first(where: { $0.name == name })?.kind {
        case .dateFormat?: return base == "Date"
        case let .custom(type, _)?: return (try? TypeExpressionParser.parse(type).get())?.baseName == base
        case nil: return false
        }
    }

    /// Whether `name` is a built-in type or one a component schema declares.
    private func isKnownType(_ name: String) -> Bool {
        SpecInterop.builtinTypeNames.contains(name)
            || components.values.contains {
                switch $0 {
                case let .enumeration(typeName), let .model(typeName): typeName == name
                case .alias: false
                }
            }
    }

    /// The type references to a component that is neither enum nor object stand for, mapped once.
    private mutating func aliasType(_ name: String, _ schema: JSONSchema, depth: Int) -> (TypeExpression, nullable: Bool) {
        if let known = aliasTypes[name] { return known }
        // A placeholder first: an alias that refers to itself ends as `JSON` instead of recursing.
        aliasTypes[name] = (.named("JSON"), false)
        let type = typeExpression(
            of: schema, hint: SpecInterop.identifier(name, uppercaseFirst: true), pointer: ["components", "schemas", name], depth: depth + 1)
        aliasTypes[name] = type
        return type
    }

    /// Appends an empty model to fill later, so that models stay in document order; returns its index.
    private mutating func reserveModel(_ name: String, pointer: [String]) -> Int {
        modelPointers[name] = pointer
        draft.models.append(.init(name: name, fields: []))
        modelIndex[name] = draft.models.count - 1
        return draft.models.count - 1
    }

    /// String or integer enums: their raw values, without `null`.
    private func enumValues(of schema: JSONSchema) -> (isInteger: Bool, values: [String])? {
        guard let allowed = schema.allowedValues, !allowed.isEmpty else { return nil }
        let values = allowed.map(\.value).filter { !($0 is NSNull) }
        if schema.isString, !values.isEmpty, values.allSatisfy({ $0 is String }) {
            // A case needs a name, so `""` (the Petstore's habitat filter) is no case; the open enum still
            // reads and sends it as an unknown value.
            let cases = values.map { $0 as! String }.filter { !$0.isEmpty }
            return cases.isEmpty ? nil : (false, cases)
        }
        if schema.isInteger, !values.isEmpty, values.allSatisfy({ $0 is Int }) {
            return (true, values.map { String($0 as! Int) })
        }
        return nil
    }

    /// Whether a schema is an object with properties, or an `allOf` of such objects.
    private func isObjectLike(_ schema: JSONSchema, depth: Int = 0) -> Bool {
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
    private mutating func fields(of schema: JSONSchema, owner: String, pointer: [String], depth: Int = 0) -> [SpecDraft.Field] {
        guard depth < 16 else { return [] }
        switch schema.value {
        case let .object(_, object):
            var result: [SpecDraft.Field] = []
            for (key, property) in source.inDocumentOrder(object.properties.map { ($0.key, $0.value) }, at: pointer + ["properties"]) {
                let propertyPointer = pointer + ["properties", key]
                let (type, nullable) = typeExpression(of: property, hint: owner + SpecInterop.identifier(key, uppercaseFirst: true), pointer: propertyPointer)
                let optional = nullable || !object.requiredProperties.contains(key)
                var field = SpecDraft.Field(key: key, type: optional ? type.optionalized : type, readOnly: property.readOnly, description: property.description)
                field.writeOnly = property.writeOnly && !property.readOnly
                applyExtensions(property.vendorExtensions, to: &field)
                if field.transform == nil, isDateOnly(property) { field.transform = dateOnlyTransform() }
                result.append(field)
            }
            return result
        case let .all(of: members, _):
            var result: [SpecDraft.Field] = []
            for (index, member) in members.enumerated() {
                let memberPointer = pointer + ["allOf", String(index)]
                let memberFields: [SpecDraft.Field]
                if case let .reference(reference, _) = member.value, let name = reference.name, let target = componentSchema(named: name) {
                    memberFields = fields(of: target, owner: owner, pointer: ["components", "schemas", name], depth: depth + 1)
                } else {
                    memberFields = fields(of: member, owner: owner, pointer: memberPointer, depth: depth + 1)
                }
                for field in memberFields {
                    // A later member restating a property (often to make it required) refines it.
                    if let existing = result.firstIndex(where: { $0.key == field.key }) {
                        result[existing] = field
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
    private mutating func typeExpression(of schema: JSONSchema, hint: String, pointer: [String], depth: Int = 0) -> (TypeExpression, nullable: Bool) {
        let nullable = schema.nullable
        guard depth < 32 else { return (.named("JSON"), nullable) }
        switch schema.value {
        case let .reference(reference, _):
            guard let name = reference.name, reference.isInternal, let target = componentSchema(named: name) else {
                warn("reference `\(reference.absoluteString)` is not to a component schema of this document; approximated as `JSON`", at: pointer)
                return (.named("JSON"), nullable)
            }
            switch components[name] {
            case let .enumeration(typeName)?, let .model(typeName)?:
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
            if nonNull.count == 1 {
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
            let how = schema.discriminator == nil ? "without a discriminator" : "with a discriminator (a spec has no union types)"
            warn("`\(keyword)` \(how) is approximated as `JSON`", at: pointer, hint: "decode the value yourself from `JSONValue`")
            return (.named("JSON"), nullable || nonNull.count < members.count)
        case .not:
            warn("`not` is approximated as `JSON`", at: pointer)
            return (.named("JSON"), nullable)
        case .null:
            return (.named("JSON"), true)
        case .fragment:
            return (.named("JSON"), nullable)
        }
    }

    /// Whether a schema is a date without a time (`format: date`, Django's `DateField`), directly, through a
    /// reference, as the one alternative to `null`, or as an array's items.
    private func isDateOnly(_ schema: JSONSchema, depth: Int = 0) -> Bool {
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
    private mutating func dateOnlyTransform() -> String {
        if let declared = draft.transforms.first(where: { if case .dateFormat("yyyy-MM-dd", nil) = $0.kind { true } else { false } }) {
            return declared.name
        }
        var name = "date"
        var number = 2
        while draft.transforms.contains(where: { $0.name == name }) {
            name = "date\(number)"
            number += 1
        }
        draft.transforms.append((name, .dateFormat("yyyy-MM-dd", timeZone: nil)))
        return name
    }

    /// An enum whose only values are `""` and `null` (drf-spectacular's `BlankEnum` and `NullEnum`).
    private func isBlankEnum(_ schema: JSONSchema) -> Bool {
        let resolved = (try? document.components.lookup(schema)) ?? schema
        guard let values = resolved.allowedValues, !values.isEmpty else { return false }
        return values.allSatisfy { $0.value is NSNull || ($0.value as? String) == "" }
    }

    /// A string that can only be empty (`{type: string, maxLength: 0}`), drf-spectacular's blank alternative.
    private func isBlankString(_ schema: JSONSchema) -> Bool {
        guard case let .string(_, string) = ((try? document.components.lookup(schema)) ?? schema).value else { return false }
        return string.maxLength == 0
    }

    /// Declares an enum written in place in a property, named after its owner and property.
    private mutating func inlineEnum(_ values: (isInteger: Bool, values: [String]), hint: String, description: String?) -> String {
        let name = names.claim(hint)
        draft.enums.append(.init(name: name, description: description, isInteger: values.isInteger, values: values.values))
        return name
    }

    /// Declares an object written in place in a property, named after its owner and property.
    private mutating func inlineModel(_ schema: JSONSchema, hint: String, pointer: [String]) -> String {
        let name = names.claim(hint)
        let index = reserveModel(name, pointer: pointer)
        draft.models[index] = .init(name: name, description: schema.description, fields: fields(of: schema, owner: name, pointer: pointer))
        return name
    }

    // MARK: paths

    /// One operation of the document, with where it is.
    private struct Endpoint {
        var path: OpenAPI.Path
        var method: String
        var operation: OpenAPI.Operation
        var pathParameters: OpenAPI.Parameter.Array
        var pointer: [String]
    }

    /// Maps the paths: resources first (path pairs), then every operation no resource took as an action.
    private mutating func mapPaths() {
        var endpoints: [Endpoint] = []
        for (rawPath, item) in orderedPaths {
            let path = OpenAPI.Path(rawValue: rawPath)
            let pointer = ["paths", rawPath]
            guard let item = document.components[item] else {
                warn("path item reference is not resolvable; the path is left out", at: pointer)
                continue
            }
            for endpoint in item.endpoints {
                endpoints.append(
                    Endpoint(
                        path: path, method: endpoint.method.rawValue.uppercased(), operation: endpoint.operation, pathParameters: item.parameters,
                        pointer: pointer + [endpoint.method.rawValue.lowercased()]))
            }
        }
        var consumed = Set<String>()
        // The models resources took leave `models`, and references to a renamed one follow it, once every
        // resource is found: doing either per resource made import quadratic in the resources.
        var adopted: Set<String> = []
        var renamed: [String: String] = [:]
        let adopt = { (mapper: inout Mapper, resource: SpecDraft.Resource, used: [[String]], model: String) in
            for pointer in used { consumed.insert(JSONPointer.text(pointer)) }
            adopted.insert(model)
            mapper.draft.resources.append(resource)
            if resource.name != model {
                renamed[model] = resource.name
                mapper.renameComponent(model, to: resource.name)
            }
        }
        for case let .resource(resource, used, model) in markedResources(endpoints: endpoints) { adopt(&self, resource, used, model) }
        // Each path's operations by method, and each collection's item path (the first in document order),
        // found once: searching them for every path made import quadratic in the paths.
        var operations: [OpenAPI.Path: [String: Endpoint]] = [:]
        // An operation `export` marked as an action stays one, whatever its path.
        let isMarkedAction = { (endpoint: Endpoint) in endpoint.operation.vendorExtensions[CrudegenExtension.action] != nil }
        for endpoint in endpoints
        where !consumed.contains(JSONPointer.text(endpoint.pointer)) && !isMarkedAction(endpoint) && operations[endpoint.path]?[endpoint.method] == nil {
            operations[endpoint.path, default: [:]][endpoint.method] = endpoint
        }
        var itemPaths: [[String]: OpenAPI.Path] = [:]
        for (rawPath, _) in orderedPaths.reversed() {
            let path = OpenAPI.Path(rawValue: rawPath)
            if let last = path.components.last, isSingleParameter(last) { itemPaths[Array(path.components.dropLast())] = path }
        }
        for (rawPath, _) in orderedPaths {
            let collection = OpenAPI.Path(rawValue: rawPath)
            guard let itemPath = itemPaths[collection.components] else { continue }
            switch resource(collection: collection, itemPath: itemPath, operations: operations) {
            case let .resource(resource, used, model)?: adopt(&self, resource, used, model)
            case let .rejected(reason)?:
                warn(
                    "`\(rawPath)` and its item path are not imported as a resource: \(reason); their operations become actions", at: ["paths", rawPath])
            case nil: break
            }
        }
        draft.models.removeAll { adopted.contains($0.name) }
        modelIndex = Dictionary(uniqueKeysWithValues: draft.models.enumerated().map { ($0.element.name, $0.offset) })
        renameReferences(renamed)
        summary.operations = endpoints.count
        summary.resources = draft.resources.count
        summary.resourceOperations = endpoints.count { consumed.contains(JSONPointer.text($0.pointer)) }
        var actionNames = Set<String>()
        for endpoint in endpoints where !consumed.contains(JSONPointer.text(endpoint.pointer)) {
            guard let action = action(endpoint, names: &actionNames) else {
                summary.leftOut += 1
                continue
            }
            summary.actions += 1
            if let owner = action.owner, let index = draft.resources.firstIndex(where: { $0.name == owner }) {
                draft.resources[index].actions.append(action)
            } else {
                draft.actions.append(action)
            }
        }
        let updateMethods = Set(draft.resources.filter { $0.operations.contains(.update) }.map { $0.methods[.update] ?? "PUT" })
        if updateMethods.count == 1, let only = updateMethods.first, only != "PUT" {
            draft.updateMethod = only
            for index in draft.resources.indices { draft.resources[index].methods[.update] = nil }
        }
    }

    /// An inline object with one required property and nothing else: the shape of envelopes and namespaces.
    private func singleKeyWrapper(_ schema: JSONSchema?) -> (key: String, inner: JSONSchema)? {
        guard case let .object(_, object)? = schema?.value, object.properties.count == 1, let (key, inner) = object.properties.first,
            object.requiredProperties == [key]
        else { return nil }
        return (key, inner)
    }

    /// The envelope: the wrapper keys every JSON success response shares, when there are at least two
    /// such responses (one alone cannot tell an envelope from a namespace).
    private mutating func detectEnvelope() {
        var chains: [[String]] = []
        for (_, item) in document.paths {
            guard let item = document.components[item] else { continue }
            for endpoint in item.endpoints {
                guard let success = rawSuccess(endpoint.operation), let schema = success.schema else { continue }
                var chain: [String] = []
                var current: JSONSchema? = schema
                while chain.count < 4, let (key, inner) = singleKeyWrapper(current) {
                    chain.append(key)
                    current = inner
                }
                chains.append(chain)
            }
        }
        guard chains.count >= 2, var common = chains.first else { return }
        for chain in chains.dropFirst() {
            common = Array(zip(common, chain).prefix { $0.0 == $0.1 }.map(\.0))
        }
        envelope = common
        if !envelope.isEmpty { draft.envelope = envelope.joined(separator: ".") }
    }

    /// `schema` without the envelope's wrappers; `nil` when it is not wrapped in them.
    private func withoutEnvelope(_ schema: JSONSchema?) -> JSONSchema? {
        var current = schema
        for key in envelope {
            guard let (found, inner) = singleKeyWrapper(current), found == key else { return nil }
            current = inner
        }
        return current
    }

    /// `schema` without `owner`'s namespace where a resource's action sends or answers the resource (or, answering,
    /// an array of it) wrapped in it, as the generated action does; else `schema` itself.
    private func withoutNamespace(_ schema: JSONSchema, of owner: SpecDraft.Resource?) -> JSONSchema {
        guard let owner, let (key, inner) = singleKeyWrapper(schema) else { return schema }
        if key == owner.namespaceOne, referencedModel(inner)?.typeName == owner.name { return inner }
        if key == owner.namespaceMany, case let .array(_, array) = inner.value, referencedModel(array.items)?.typeName == owner.name { return inner }
        return schema
    }

    /// The model a response names, directly or wrapped in one namespace key.
    private func modelWithNamespace(_ schema: JSONSchema?) -> (model: (component: String, typeName: String), namespace: String?)? {
        if let model = referencedModel(schema) { return (model, nil) }
        if let (key, inner) = singleKeyWrapper(schema), let model = referencedModel(inner) { return (model, key) }
        return nil
    }

    /// The model a response or body schema names by reference, when it is a model component.
    private func referencedModel(_ schema: JSONSchema?) -> (component: String, typeName: String)? {
        guard case let .reference(reference, _)? = schema?.value, let name = reference.name, case let .model(typeName)? = components[name] else { return nil }
        return (name, typeName)
    }

    /// An operation's success response: its status, its JSON schema inside the envelope (`nil` for a
    /// success without a body or with another media type, named by `contentType`), and where the schema
    /// is relative to the operation.
    private typealias Success = (status: String, schema: JSONSchema?, contentType: String?, pointer: [String])

    /// The JSON schema of an operation's success response inside the envelope.
    private func successSchema(_ operation: OpenAPI.Operation) -> Success? {
        guard let success = rawSuccess(operation) else { return nil }
        guard success.schema != nil, !envelope.isEmpty, let inner = withoutEnvelope(success.schema) else { return success }
        return (success.status, inner, success.contentType, success.pointer + envelope.flatMap { ["properties", $0] })
    }

    /// The JSON schema of an operation's lowest success response as written.
    private func rawSuccess(_ operation: OpenAPI.Operation) -> Success? {
        guard let (status, response) = lowestSuccess(operation) else { return nil }
        let pointer = ["responses", status]
        guard !response.content.isEmpty else { return (status, nil, nil, pointer) }
        if let (type, content) = jsonContent(response.content) {
            return (status, content.schema, "json", pointer + ["content", type, "schema"])
        }
        return (status, nil, response.content.keys.first?.rawValue, pointer)
    }

    /// The JSON media type of a content map (`application/json`, `application/problem+json`, `*/*`).
    private func jsonContent(_ content: OpenAPI.Content.Map) -> (String, OpenAPI.Content)? {
        for (type, value) in content {
            let raw = type.typeAndSubtype
            guard raw == "application/json" || raw.hasSuffix("+json") || raw == "*/*" else { continue }
            guard let resolved = document.components[value] else { continue }
            return (type.rawValue, resolved)
        }
        return nil
    }

    /// An operation's JSON request body inside the envelope (where it is, relative to the operation), or
    /// the media type it has instead.
    private func requestSchema(_ operation: OpenAPI.Operation) -> (schema: JSONSchema?, otherType: String?, pointer: [String])? {
        guard let body = operation.requestBody, let request = document.components[body] else { return nil }
        guard let (type, content) = jsonContent(request.content) else {
            return (nil, request.content.keys.first?.rawValue ?? "an unknown media type", ["requestBody"])
        }
        let pointer = ["requestBody", "content", type, "schema"]
        if !envelope.isEmpty, let inner = withoutEnvelope(content.schema) {
            return (inner, nil, pointer + envelope.flatMap { ["properties", $0] })
        }
        return (content.schema, nil, pointer)
    }

    /// An operation's form body, when it has no JSON one: `application/x-www-form-urlencoded` as `form`,
    /// else `multipart/form-data` as `multipart`, with its schema and where it is relative to the operation.
    private func formRequest(_ operation: OpenAPI.Operation) -> (format: String, schema: JSONSchema, pointer: [String])? {
        guard let body = operation.requestBody, let request = document.components[body] else { return nil }
        for (mediaType, format) in [("application/x-www-form-urlencoded", "form"), ("multipart/form-data", "multipart")] {
            guard let (type, content) = request.content.first(where: { $0.key.typeAndSubtype == mediaType }), let resolved = document.components[content],
                let schema = resolved.schema
            else { continue }
            return (format, schema, ["requestBody", "content", type.rawValue, "schema"])
        }
        return nil
    }

    /// The fields of a form body, its file properties typed `File` in a multipart body; `nil` when a field
    /// is something a form cannot carry, such as an object.
    private mutating func formFields(_ form: (format: String, schema: JSONSchema, pointer: [String]), owner: String, pointer: [String]) -> [SpecDraft.Field]? {
        var object = form.schema
        if case let .reference(reference, _) = object.value, let name = reference.name, let target = componentSchema(named: name) { object = target }
        guard case let .object(_, properties) = object.value, !properties.properties.isEmpty else { return nil }
        var fields = fields(of: form.schema, owner: owner, pointer: pointer)
        for index in fields.indices {
            if form.format == "multipart", let property = properties.properties[fields[index].key], Self.isFile(property) {
                fields[index].type = Self.fileType(fields[index].type)
            } else if !isQueryType(fields[index].type.nonOptional), ![.named("Data"), .array(.named("Data"))].contains(fields[index].type.nonOptional) {
                return nil  // forms also carry `Data`, as base64
            }
        }
        return fields
    }

    /// Whether a property is a file: `format: binary` (OpenAPI 3.0), `contentMediaType` or
    /// `contentEncoding: binary` (3.1; FastAPI's `UploadFile`), an array of files, or one of them or `null`.
    private static func isFile(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case let .string(core, string): core.format.rawValue == "binary" || string.contentMediaType != nil || string.contentEncoding?.rawValue == "binary"
        case let .array(_, array): array.items.map(isFile) ?? false
        case let .any(of: members, _), let .one(of: members, _): members.contains(where: isFile)
        default: false
        }
    }

    /// `type` with its scalar replaced by `File`: `String?` → `File?`, `[String]` → `[File]`.
    private static func fileType(_ type: TypeExpression) -> TypeExpression {
        switch type {
        case .named, .dictionary: .named("File")
        case let .optional(wrapped): .optional(fileType(wrapped))
        case let .array(element): .array(fileType(element))
        }
    }

    /// All parameters of an endpoint, the operation's overriding the path item's of the same name and place.
    private func parameters(of endpoint: Endpoint) -> [(parameter: OpenAPI.Parameter, pointer: [String])] {
        var result: [(OpenAPI.Parameter, [String])] = []
        for (index, parameter) in endpoint.operation.parameters.enumerated() {
            guard let resolved = document.components[parameter] else { continue }
            result.append((resolved, endpoint.pointer + ["parameters", String(index)]))
        }
        for (index, parameter) in endpoint.pathParameters.enumerated() {
            guard let resolved = document.components[parameter], !result.contains(where: { $0.0.name == resolved.name && $0.0.location == resolved.location })
            else { continue }
            result.append((resolved, Array(endpoint.pointer.dropLast()) + ["parameters", String(index)]))
        }
        return result
    }

    /// The schema of a parameter, from `schema` or from its first content type.
    private func parameterSchema(_ parameter: OpenAPI.Parameter) -> JSONSchema? {
        switch parameter.schemaOrContent {
        // A reference stays one, so that a parameter of a component enum has that enum's type.
        case let .a(context): context.schema.a.map { JSONSchema.reference($0.jsonReference) } ?? context.schema.b
        case let .b(content): content.values.first.flatMap { document.components[$0]?.schema }
        }
    }

    /// A spec route for an OpenAPI path: relative, with parameter names made identifiers.
    private func route(_ path: OpenAPI.Path, renaming: [String: String] = [:]) -> String {
        let segments = path.components.map { segment -> String in
            var result = ""
            var parameter: String?
            for character in segment {
                switch (character, parameter) {
                case ("{", nil): parameter = ""
                case ("}", let name?):
                    result += "{" + (renaming[name] ?? Self.parameterName(name)) + "}"
                    parameter = nil
                case (_, let name?): parameter = name + String(character)
                case (_, nil): result.append(character)
                }
            }
            return result
        }
        return basePath + segments.joined(separator: "/") + (path.trailingSlash && !segments.isEmpty ? "/" : "")
    }

    /// The spec's name of a path parameter: camel case, as Swift arguments read (`{hero_id}` → `heroId`).
    private static func parameterName(_ name: String) -> String {
        name.camelCased(uppercaseFirst: false)
    }

    /// The names of a path's parameters, in order.
    private func parameterNames(_ path: OpenAPI.Path) -> [String] {
        path.components.flatMap { segment -> [String] in
            segment.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap {
                $0.split(separator: "}", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            }
        }
    }

    /// The endpoints that may become a resource's CRUD operations.
    private struct CRUDEndpoints {
        var list, create, read, update, patch, delete: Endpoint?

        /// Each operation with its endpoint, in the spec's order of operations.
        var all: [(CRUDOperation, Endpoint?)] { [(.list, list), (.create, create), (.read, read), (.update, update), (.patch, patch), (.delete, delete)] }
    }

    /// A resource for `collection` and `itemPath`, when they have CRUD operations over one model, among
    /// `operations` by path and method.
    private mutating func resource(collection: OpenAPI.Path, itemPath: OpenAPI.Path, operations: [OpenAPI.Path: [String: Endpoint]]) -> ResourceOutcome? {
        let at = { (path: OpenAPI.Path, method: String) in operations[path]?[method] }
        let candidates = CRUDEndpoints(
            list: at(collection, "GET"), create: at(collection, "POST") ?? at(collection, "PUT"), read: at(itemPath, "GET"),
            // With both verbs (Django REST Framework's viewsets), PUT updates and PATCH patches.
            update: at(itemPath, "PUT") ?? at(itemPath, "PATCH"), patch: at(itemPath, "PUT").flatMap { _ in at(itemPath, "PATCH") },
            delete: at(itemPath, "DELETE")
        )
        guard candidates.all.contains(where: { $0.1 != nil }) else { return nil }
        // The model: what a read returns, else what a create returns, else what a list's items are.
        var model: (component: String, typeName: String)?
        if let read = candidates.read, let success = successSchema(read.operation) { model = modelWithNamespace(success.schema)?.model }
        if model == nil, let create = candidates.create, let success = successSchema(create.operation) { model = modelWithNamespace(success.schema)?.model }
        if model == nil, let list = candidates.list, let success = successSchema(list.operation), let shape = listShape(success.schema) { model = shape.model }
        guard var model else {
            return .rejected(because: "no read, create or list of theirs answers with an object schema of `components`, which a resource's model must be")
        }
        // One component served at several paths (one serializer behind several viewsets): each path after the
        // first gets a resource of its own, named after the path, with the same fields.
        if let taken = draft.resources.first(where: { $0.name == model.typeName }) {
            model.typeName = declareCopy(of: taken, servedAt: collection)
        }
        return resource(model: model, candidates: candidates, path: route(collection), idParameter: String(itemPath.components.last!.dropFirst().dropLast()))
    }

    /// The type name a resource takes from the last literal segment of its collection path in the singular,
    /// with the parent's in front for a nested collection (`teams/{team_id}/heroes` → `team hero`), to be
    /// camel-cased.
    private static func nameFromPath(_ segments: [String]) -> String {
        let literals = segments.filter { !$0.contains("{") && !$0.isEmpty }
        let singular = ResourceMatching.singular(of:)
        let own = literals.last.map(singular) ?? "Item"
        let isNested = segments.filter { !$0.isEmpty }.dropLast().contains { $0.contains("{") }
        let parent = isNested ? literals.dropLast().last.map(singular) : nil
        return (parent.map { $0 + " " } ?? "") + own
    }

    /// Declares a model with the id and fields of `resource`, named after `collection`, for the resource at
    /// that path.
    private mutating func declareCopy(of resource: SpecDraft.Resource, servedAt collection: OpenAPI.Path) -> String {
        let name = names.claim(Self.nameFromPath(collection.components))
        var id = SpecDraft.Field(key: resource.idKey, type: resource.idType)
        (id.name, id.transform) = (resource.idName, resource.idTransform)
        let index = reserveModel(name, pointer: modelPointers[resource.name] ?? ["components", "schemas"])
        draft.models[index] = .init(name: name, swiftName: nil, description: resource.description, fields: [id] + resource.fields)
        return name
    }

    /// The resources `export` marked: component schemas carrying `x-crudegen-path` (a resource even without
    /// operations) and operations carrying `x-crudegen-resource` and `x-crudegen-operation`, whatever their
    /// routes, so that route overrides survive the round trip.
    private mutating func markedResources(endpoints: [Endpoint]) -> [ResourceOutcome] {
        var groups: [(name: String, candidates: CRUDEndpoints)] = componentSchemas.compactMap { name, schema in
            schema.vendorExtensions[CrudegenExtension.path]?.value is String ? (name, CRUDEndpoints()) : nil
        }
        for endpoint in endpoints {
            guard let name = endpoint.operation.vendorExtensions[CrudegenExtension.resource]?.value as? String,
                let kind = (endpoint.operation.vendorExtensions[CrudegenExtension.operation]?.value as? String).flatMap(CRUDOperation.init(rawValue:))
            else { continue }
            let index =
                groups.firstIndex { $0.name == name }
                ?? {
                    groups.append((name, CRUDEndpoints()))
                    return groups.count - 1
                }()
            switch kind {
            case .list: groups[index].candidates.list = endpoint
            case .create: groups[index].candidates.create = endpoint
            case .read: groups[index].candidates.read = endpoint
            case .update: groups[index].candidates.update = endpoint
            case .patch: groups[index].candidates.patch = endpoint
            case .delete: groups[index].candidates.delete = endpoint
            }
        }
        return groups.compactMap { group in
            guard case let .model(typeName)? = components[group.name] else { return nil }
            let candidates = group.candidates
            let member = [candidates.read, candidates.update, candidates.patch, candidates.delete].compactMap { $0 }.first
            // A marked path whose parameters no operation declares could not be called: the routes decide then.
            let declared = Set(candidates.all.compactMap(\.1).flatMap { parameterNames($0.path) })
            let markedPath = (componentSchema(named: group.name)?.vendorExtensions[CrudegenExtension.path]?.value as? String).flatMap { path in
                !path.isEmpty && parameterNames(OpenAPI.Path(rawValue: path)).allSatisfy(declared.contains) ? path : nil
            }
            let collection =
                (candidates.list ?? candidates.create)?.path
                ?? member.map { OpenAPI.Path(Array($0.path.components.dropLast()), trailingSlash: $0.path.trailingSlash) }
            guard let path = markedPath ?? collection.map({ route($0) }) else { return nil }
            let idParameter = member.flatMap { $0.path.components.last.flatMap { isSingleParameter($0) ? String($0.dropFirst().dropLast()) : nil } } ?? "id"
            return resource(
                model: (group.name, typeName), candidates: candidates, path: path, idParameter: idParameter, isMarked: true,
                withoutOperations: markedPath != nil)
        }
    }

    /// The `pagination` `export` wrote on a list operation or action (`x-crudegen-pagination`).
    private static func paginationExtension(_ extensions: [String: AnyCodable]) -> PaginationSpec? {
        guard let object = extensions[CrudegenExtension.pagination]?.value as? [String: Any] else { return nil }
        let style = (object["style"] as? String).map(PaginationSpec.Style.init(rawValue:))
        // A style no spec has makes the rest meaningless: the page's shape decides instead.
        if case .some(nil) = style { return nil }
        let pagination = PaginationSpec(
            style: style?.flatMap { $0 } ?? .nextURL, items: object["items"] as? String, next: object["next"] as? String,
            count: object["count"] as? String, countHeader: object["count_header"] as? String, parameter: object["parameter"] as? String,
            sizeParameter: object["size_parameter"] as? String, size: (object["size"] as? Int).flatMap { $0 > 0 ? $0 : nil }, at: SpecDraft.unwritten)
        return isAccepted(pagination) ? pagination : nil
    }

    /// Whether crudegen accepts `pagination` on a list, asked of its validator, the one judge of what a spec may say.
    private static func isAccepted(_ pagination: PaginationSpec) -> Bool {
        var draft = SpecDraft(apiName: "Check")
        draft.resources = [
            .init(name: "Item", path: "items", idName: "id", idKey: "id", idType: .named("Int"), operations: [.list], pagination: pagination, fields: [])
        ]
        let loaded = SpecLoader.load(Data(SpecWriter.yaml(of: draft, header: "pagination check").utf8), file: "check.crude.yaml")
        guard let spec = loaded.spec, !loaded.diagnostics.containsErrors else { return false }
        return !SpecValidator.validate(spec).containsErrors
    }

    /// The query parameters that ask for a page's position or size in Django REST Framework's paginators
    /// (`page`, `page_size`, `limit`, `offset`, `cursor`), which a paged list leaves to its pages.
    static let pagingQueryNames: Set<String> = ["page", "page_size", "limit", "offset", "cursor"]

    /// The query parameters a pagination sends itself (the page, offset or cursor and the page size).
    private static func pageQueryNames(_ pagination: PaginationSpec) -> Set<String> {
        let resolved = pagination.resolved
        return Set([resolved.parameter, resolved.size?.parameter].compactMap { $0 })
    }

    /// What a collection path and its item path make.
    private enum ResourceOutcome {
        /// A resource, with the pointers of the operations it took and the model it was made of.
        case resource(SpecDraft.Resource, used: [[String]], model: String)
        /// No resource, for the reason given; the operations become actions.
        case rejected(because: String)
    }

    /// The resource of `model` at `path` with the CRUD operations among `candidates` whose shapes fit,
    /// routes where an operation's differs from the default, and the id the member path's parameter
    /// `idParameter` identifies (see ``ResourceMatching/idField(in:parameter:collectionSegment:modelName:)``);
    /// rejected when no operation fits, unless the resource may be `withoutOperations`. A resource `export`
    /// marked keeps its name; another seen through several models is named after its path.
    private mutating func resource(
        model: (component: String, typeName: String), candidates: CRUDEndpoints, path: String, idParameter: String, isMarked: Bool = false,
        withoutOperations: Bool = false
    ) -> ResourceOutcome {
        guard let index = modelIndex[model.typeName], !draft.resources.contains(where: { $0.name == model.typeName }) else {
            return .rejected(because: "`\(model.typeName)` is already another resource's model")
        }
        let modelFields = draft.models[index].fields
        var fields = modelFields
        let segment = path.split(separator: "/").last { !$0.contains("{") }.map(String.init)
        guard let (idIndex, parameterIsID) = ResourceMatching.idField(in: fields, parameter: idParameter, collectionSegment: segment, modelName: model.typeName)
        else {
            return .rejected(
                because: "`\(model.typeName)` has no field `\(idParameter)`, `id` or `pk` for the item path's `{\(idParameter)}` to identify; "
                    + "a resource needs its id among its fields")
        }
        let idField = fields[idIndex]
        guard case let .named(idTypeName) = idField.type.nonOptional, ["Int", "Int64", "String", "UUID"].contains(idTypeName) else {
            return .rejected(because: "the id `\(idField.key)` of `\(model.typeName)` is `\(idField.type)`; a resource's id is an integer, a string or a UUID")
        }
        fields.remove(at: idIndex)
        // A key that is no identifier (`user id`) is a name a spec can give the id as it stands.
        let idName = idField.name ?? (SpecInterop.isIdentifier(idField.key) ? SpecInterop.propertyName(idField.key) : idField.key)
        var resource = SpecDraft.Resource(
            name: model.typeName, swiftName: draft.models[index].swiftName, description: draft.models[index].description, path: path, idName: idName,
            idKey: idField.key, idType: .named(idTypeName), operations: [], fields: fields
        )
        resource.idTransform = idField.transform
        var used: [[String]] = []
        // The member route's parameter is the id when it identifies the id field; else it is a param.
        let routeID = parameterIsID ? idParameter : idField.key
        let renaming = [routeID: idName]
        // Another component is the same resource when its values decode as the model (FastAPI's `HeroPublic`
        // beside `HeroPublicWithTeam`); it is then consumed like a page component.
        let componentFields = self.componentFields
        var related: Set<String> = []
        let isResource = { (found: (component: String, typeName: String)) -> Bool in
            if found.component == model.component { return true }
            guard let other = componentFields[found.typeName], ResourceMatching.decodes(other, as: modelFields, idKey: idField.key) else { return false }
            related.insert(found.typeName)
            return true
        }
        // Single objects must all use the same namespace (or none), as the spec has one per resource.
        var namespaceOne: String??
        func returnsModel(_ endpoint: Endpoint) -> Bool? {
            guard let success = successSchema(endpoint.operation) else { return nil }
            if success.schema == nil && success.contentType == nil { return false }
            guard let found = modelWithNamespace(success.schema), isResource(found.model) else { return nil }
            if let chosen = namespaceOne, chosen != found.namespace { return nil }
            namespaceOne = found.namespace
            return true
        }
        if let list = candidates.list, let pagination = Self.paginationExtension(list.operation.vendorExtensions) {
            resource.operations.append(.list)
            resource.pagination = pagination
            used.append(list.pointer)
        } else if let list = candidates.list, let success = successSchema(list.operation),
            case let query = Set(parameters(of: list).filter { $0.parameter.location == .query }.map(\.parameter.name)),
            let shape = listShape(success.schema, query: query), isResource(shape.model)
        {
            resource.operations.append(.list)
            resource.pagination = shape.pagination
            // Django REST Framework's LimitOffsetPagination: the page of PageNumberPagination, asked for by `limit` and `offset`.
            if shape.pagination == SpecDraft.standardPagination, query.isSuperset(of: ["limit", "offset"]) { resource.pagination?.style = .offset }
            if shape.pagination == nil, shape.namespace == nil { resource.pagination = headerPagination(list, query: query) }
            resource.namespaceMany = shape.namespace
            used.append(list.pointer)
        }
        // A page component (`PaginatedPersonList`) says nothing `pagination` does not.
        if let list = candidates.list, used.contains(list.pointer), resource.pagination != nil,
            let page = successSchema(list.operation)?.schema.flatMap(referencedModel)
        {
            consumedModels.insert(page.typeName)
        }
        // A body of a model of its own fits when the resource can send it (see `adoptRequestBodies`); a body
        // that is not JSON (an upload's multipart) never does, as resources send JSON.
        func bodyFits(_ endpoint: Endpoint) -> Bool {
            if requestSchema(endpoint.operation)?.otherType != nil { return false }
            guard let body = requestModel(endpoint), body.component != model.component, let bodyFields = componentFields[body.typeName] else { return true }
            return ResourceMatching.canSend(bodyFields, as: modelFields)
        }
        if let create = candidates.create, bodyFits(create), let returns = returnsModel(create) {
            resource.operations.append(.create)
            if create.method != "POST" { resource.methods[.create] = create.method }
            if !returns { resource.responsesNone.append(.create) }
            used.append(create.pointer)
        }
        if let read = candidates.read, returnsModel(read) == true {
            resource.operations.append(.read)
            used.append(read.pointer)
        }
        if let update = candidates.update, bodyFits(update), let returns = returnsModel(update) {
            resource.operations.append(.update)
            if update.method != "PUT" { resource.methods[.update] = update.method }
            if !returns { resource.responsesNone.append(.update) }
            used.append(update.pointer)
        }
        if let patch = candidates.patch, bodyFits(patch), let returns = returnsModel(patch) {
            resource.operations.append(.patch)
            if patch.method != "PATCH" { resource.methods[.patch] = patch.method }
            if !returns { resource.responsesNone.append(.patch) }
            used.append(patch.pointer)
        }
        if let delete = candidates.delete, delete.method == "DELETE", successSchema(delete.operation) != nil {
            resource.operations.append(.delete)
            used.append(delete.pointer)
        }
        guard !resource.operations.isEmpty || withoutOperations else {
            return .rejected(because: "none of their operations answers with `\(model.typeName)` or a model whose values decode as one")
        }
        let tookBodies = adoptRequestBodies(candidates, used: used, model: model, idKey: idField.key, into: &resource)
        consumedModels.formUnion(related)
        resource.operations.sort()
        resource.namespaceOne = namespaceOne ?? nil
        namespaceOfRequests(candidates, used: used, model: model.component, into: &resource)
        resource.store = componentSchema(named: model.component)?.vendorExtensions[CrudegenExtension.store]?.value as? Bool
        if let marked = componentSchema(named: model.component)?.vendorExtensions[CrudegenExtension.namespace]?.value as? [String: Any] {
            // What `export` wrote wins over the shapes, which do not show `many` beside a page.
            let key = { (name: String) in (marked[name] as? String).flatMap { $0.isEmpty ? nil : $0 } }
            resource.namespaceOne = key("one")
            resource.namespaceMany = key("many")
            resource.namespaceDirection = key("applies_to").flatMap(NamespaceSpec.Direction.init(rawValue:)).flatMap { $0 == .both ? nil : $0.rawValue }
        }
        for kind in [CRUDOperation.read, .list] {
            if let endpoint = kind == .read ? candidates.read : candidates.list, used.contains(endpoint.pointer) {
                resource.cache[kind] = Self.cachePolicy(endpoint.operation.vendorExtensions)
            }
        }
        let fieldNames = Set(fields.flatMap { [$0.key] + ($0.name.map { [$0] } ?? []) })
        for case let (kind, endpoint?) in candidates.all where used.contains(endpoint.pointer) {
            let written = route(endpoint.path, renaming: renaming)
            let member = resource.path.hasSuffix("/") ? "\(resource.path){\(idName)}/" : "\(resource.path)/{\(idName)}"
            if written != ([.list, .create].contains(kind) ? resource.path : member) { resource.routes[kind] = written }
            // Route parameters that are neither the id nor a field are the resource's params.
            for name in parameterNames(endpoint.path) where name != routeID && !fieldNames.contains(name) {
                let param = Self.parameterName(name)
                guard !resource.params.contains(where: { $0.name == param }) else { continue }
                let declared = parameters(of: endpoint).first { $0.parameter.name == name && $0.parameter.location == .path }
                let type =
                    declared.flatMap { parameterSchema($0.parameter) }.map {
                        pathType(
                            of: $0, hint: model.typeName + SpecInterop.identifier(name, uppercaseFirst: true), pointer: declared?.pointer ?? endpoint.pointer)
                    } ?? .named("String")
                resource.params.append((param, type))
            }
            for (parameter, pointer) in parameters(of: endpoint) where parameter.location == .header || parameter.location == .cookie {
                if parameter.location == .header, let value = parameterSchema(parameter).flatMap(constantValue) {
                    resource.headers[kind, default: []].append((parameter.name, value))
                    continue
                }
                warn(
                    "\(parameter.location.rawValue) parameter `\(parameter.name)` of \(endpoint.method) \(endpoint.path.rawValue) is not imported: a spec's headers are fixed values",
                    at: pointer, hint: "set it per operation through `ClientConfiguration.operationHeaders` or middleware")
            }
            // A list's query parameters are its typed `query`, but for a paged list's position and page size,
            // which its pages send (in their next URLs, for Django REST Framework's paginators).
            let pageQuery = kind == .list ? resource.pagination.map { Self.pageQueryNames($0).union(Self.pagingQueryNames) } ?? [] : []
            for (parameter, pointer) in parameters(of: endpoint) where parameter.location == .query && !pageQuery.contains(parameter.name) {
                guard kind == .list else {
                    warn(
                        "query parameter `\(parameter.name)` of \(endpoint.method) \(endpoint.path.rawValue) is not imported: only `list` takes a query",
                        at: pointer)
                    continue
                }
                let described = "\(endpoint.method) \(endpoint.path.rawValue)"
                if let field = queryField(parameter, at: pointer, typeBase: model.typeName, of: described) { resource.query.append(field) }
            }
            warnCallbacks(endpoint)
        }
        // A resource seen through several models (`HeroCreate`, `HeroPublic`, `HeroPublicWithTeam`) is named
        // after its path (`Hero`) when the model's name starts with that.
        if !isMarked, !related.isEmpty || tookBodies {
            let preferred = Self.nameFromPath(path.split(separator: "/").map(String.init)).camelCased(uppercaseFirst: true)
            if preferred != model.typeName, model.typeName.lowercased().hasPrefix(preferred.lowercased()), names.claimExactly(preferred) {
                resource.name = preferred
            }
        }
        return .resource(resource, used: used, model: model.typeName)
    }

    /// Makes the component schema that declared the type `old` declare `new` (a resource named after its
    /// path), so that what is mapped later refers to `new`.
    private mutating func renameComponent(_ old: String, to new: String) {
        if let fields = componentFields.removeValue(forKey: old) { componentFields[new] = fields }
        if let pointer = modelPointers[old] { modelPointers[new] = pointer }
        if let component = components.first(where: { if case .model(old) = $0.value { true } else { false } })?.key {
            components[component] = .model(new)
        }
    }

    /// Replaces every reference to a type among the keys of `renamed` in the fields mapped so far.
    private mutating func renameReferences(_ renamed: [String: String]) {
        guard !renamed.isEmpty else { return }
        let rename = { (fields: inout [SpecDraft.Field]) in
            for index in fields.indices { fields[index].type = fields[index].type.renamed(renamed) }
        }
        for index in draft.models.indices { rename(&draft.models[index].fields) }
        for index in draft.resources.indices {
            rename(&draft.resources[index].fields)
            for param in draft.resources[index].params.indices {
                draft.resources[index].params[param].type = draft.resources[index].params[param].type.renamed(renamed)
            }
        }
    }

    /// Makes the resource send what its create, update and partial update take when their bodies are models
    /// of their own (FastAPI's `HeroCreate` and `HeroUpdate`, drf-spectacular's `PatchedPerson`): a field
    /// only a body has is added as `write_only` (FastAPI's `UserCreate.password`), a field no body has is
    /// `read_only` (what the server sets), and the body models are consumed. Returns whether a body was
    /// such a model.
    private mutating func adoptRequestBodies(
        _ candidates: CRUDEndpoints, used: [[String]], model: (component: String, typeName: String), idKey: String, into resource: inout SpecDraft.Resource
    ) -> Bool {
        var sentKeys: Set<String> = []
        var everyBodyKnown = true
        for case let (kind, endpoint?) in candidates.all where [.create, .update, .patch].contains(kind) && used.contains(endpoint.pointer) {
            guard let body = requestModel(endpoint), body.component != model.component else {
                everyBodyKnown = false
                continue
            }
            let bodyFields = componentFields[body.typeName] ?? []
            sentKeys.formUnion(bodyFields.map(\.key))
            consumedModels.insert(body.typeName)
            for var field in bodyFields where field.key != idKey && !resource.fields.contains(where: { $0.key == field.key }) {
                (field.readOnly, field.writeOnly) = (false, true)
                resource.fields.append(field)
            }
        }
        guard everyBodyKnown, !sentKeys.isEmpty else { return !sentKeys.isEmpty }
        for index in resource.fields.indices where !sentKeys.contains(resource.fields[index].key) && !resource.fields[index].writeOnly {
            resource.fields[index].readOnly = true
        }
        return true
    }

    /// The model an operation's request body names, directly or wrapped in one namespace key.
    private func requestModel(_ endpoint: Endpoint) -> (component: String, typeName: String)? {
        guard let schema = requestSchema(endpoint.operation)?.schema else { return nil }
        return referencedModel(schema) ?? singleKeyWrapper(schema).flatMap { referencedModel($0.inner) }
    }

    /// How a list answering a bare array pages when its headers say so: by the `Link` header (GitHub), or
    /// by page number or offset with the total in a header (json-server's `?_page=&_limit=` and
    /// `X-Total-Count`); `nil` for a list that does not page.
    private func headerPagination(_ list: Endpoint, query: Set<String>) -> PaginationSpec? {
        let headers = successHeaderNames(list.operation)
        let total = headers.first { ["x-total-count", "x-total", "total-count"].contains($0.lowercased()) }
        let pagination: PaginationSpec
        if headers.contains(where: { $0.lowercased() == "link" }) {
            pagination = PaginationSpec(style: .linkHeader, countHeader: total, at: SpecDraft.unwritten)
        } else if total != nil, let page = ["_page", "page"].first(where: query.contains) {
            pagination = PaginationSpec(style: .page, items: "", countHeader: total, parameter: page == "page" ? nil : page, at: SpecDraft.unwritten)
        } else if total != nil, query.contains("offset") {
            pagination = PaginationSpec(style: .offset, items: "", countHeader: total, at: SpecDraft.unwritten)
        } else {
            return nil
        }
        return Self.isAccepted(pagination) ? pagination : nil
    }

    /// The names of the headers an operation's lowest success response declares.
    private func successHeaderNames(_ operation: OpenAPI.Operation) -> [String] {
        lowestSuccess(operation).map { Array(($0.response.headers ?? [:]).keys) } ?? []
    }

    /// An operation's lowest 2xx response, resolved, with its status: the one import reads.
    private func lowestSuccess(_ operation: OpenAPI.Operation) -> (status: String, response: OpenAPI.Response)? {
        let successes = operation.responses.compactMap { status, response -> (String, OpenAPI.Response)? in
            guard status.isSuccess, let response = document.components[response] else { return nil }
            return (status.rawValue, response)
        }
        return successes.min { $0.0 < $1.0 }
    }

    /// Compares the namespace of request bodies with that of responses: a namespace only responses have is
    /// `applies_to: responses`, one only requests have `applies_to: requests`.
    private func namespaceOfRequests(_ candidates: CRUDEndpoints, used: [[String]], model component: String, into resource: inout SpecDraft.Resource) {
        var requestKey: String??
        for case let (kind, endpoint?) in [(CRUDOperation.create, candidates.create), (.update, candidates.update), (.patch, candidates.patch)]
        where used.contains(endpoint.pointer) && requestKey == nil {
            guard let schema = requestSchema(endpoint.operation)?.schema else { continue }
            if referencedModel(schema)?.component == component {
                requestKey = .some(nil)
            } else if let (key, inner) = singleKeyWrapper(schema), referencedModel(inner)?.component == component || kind == .patch {
                requestKey = key
            }
        }
        switch (resource.namespaceOne, requestKey) {
        case (_?, nil?): resource.namespaceDirection = "responses"
        case let (nil, key??):
            resource.namespaceOne = key
            resource.namespaceDirection = "requests"
        default: break
        }
    }

    /// Whether a path segment is exactly one parameter, as `{id}`.
    private func isSingleParameter(_ segment: String) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}") && segment.dropFirst().dropLast().allSatisfy { $0 != "{" && $0 != "}" } && segment.count > 2
    }

    /// What a list response is: an array of a model, or a page object holding one. `query` names the list's
    /// query parameters, which say what a page-number page is asked for by.
    private func listShape(_ schema: JSONSchema?, query: Set<String> = []) -> (
        model: (component: String, typeName: String), pagination: PaginationSpec?, namespace: String?
    )? {
        if let shape = pageOrArray(schema, query: query) { return (shape.model, shape.pagination, nil) }
        if let (key, inner) = singleKeyWrapper(schema), let shape = pageOrArray(inner, query: query), shape.pagination == nil { return (shape.model, nil, key) }
        return nil
    }

    /// The keys of a page's total number of items.
    private static let countKeys = ["count", "total", "total_count", "totalCount"]
    /// The keys of a page's number, in a page asked for by page number (Litestar's `ClassicPagination`).
    private static let pageNumberKeys = ["current_page", "currentPage", "page", "page_number", "pageNumber"]

    /// An array of a model, or a page object holding one: with a next URL (the spec's default), an offset
    /// (Litestar's `OffsetPagination`, `{items, limit, offset, total}`) or a page number (its
    /// `ClassicPagination`, `{items, page_size, current_page, total_pages}`).
    private func pageOrArray(_ schema: JSONSchema?, query: Set<String>) -> (
        model: (component: String, typeName: String), pagination: PaginationSpec?
    )? {
        guard var schema else { return nil }
        // A page is often a component of its own (`PaginatedPetList`).
        if case let .reference(reference, _) = schema.value, let target = reference.name.flatMap(componentSchema(named:)) {
            schema = target
        }
        if case let .array(_, array) = schema.value, let model = referencedModel(array.items) {
            return (model, nil)
        }
        guard case let .object(_, object) = schema.value else { return nil }
        let itemKeys = object.properties.compactMap { key, value -> (String, (String, String))? in
            guard case let .array(_, array) = value.value, let model = referencedModel(array.items) else { return nil }
            return (key, model)
        }
        guard itemKeys.count == 1, let (items, model) = itemKeys.first else { return nil }
        let keys = Set(object.properties.keys)
        let isInteger = { (key: String) in object.properties[key]?.isInteger == true }
        let count = Self.countKeys.first(where: keys.contains)
        // The spec's default paging follows a next URL: a page number or cursor under `next` is another style.
        if let next = ["next", "next_page", "nextPage", "next_url"].first(where: keys.contains) {
            guard object.properties[next]?.isString == true else { return nil }
            // Keys at the next-URL style's defaults are left out (`count: none` for a page without a total).
            return (
                model,
                PaginationSpec(
                    items: items == "results" ? nil : items, next: next == "next" ? nil : next, count: count == "count" ? nil : (count ?? "none"),
                    at: SpecDraft.unwritten)
            )
        }
        // An offset page says which offset it is; the offset style sends `offset` and counts `count` by default.
        if isInteger("offset") {
            return (
                model,
                PaginationSpec(style: .offset, items: items == "results" ? nil : items, count: count == "count" ? nil : (count ?? "none"), at: SpecDraft.unwritten)
            )
        }
        // A page-number page counts pages, not items (`total_pages`), so only the end of the items ends a walk.
        // The page is asked for by the query parameter of the page's key, else `page`, the style's default.
        if let number = Self.pageNumberKeys.first(where: { keys.contains($0) && isInteger($0) }) {
            let parameter = query.contains(number) || !query.contains("page") ? number : "page"
            return (
                model,
                PaginationSpec(
                    style: .page, items: items == "results" ? nil : items, count: count.flatMap { isInteger($0) ? $0 : nil },
                    parameter: parameter == "page" ? nil : parameter, at: SpecDraft.unwritten)
            )
        }
        return nil
    }

    /// The type of a path or query parameter, `String` when its schema is not one a route can hold.
    private mutating func pathType(of schema: JSONSchema, hint: String, pointer: [String]) -> TypeExpression {
        let (type, _) = typeExpression(of: schema, hint: hint, pointer: pointer)
        if case let .named(name) = type, SpecInterop.pathParameterTypes.contains(name) || draft.enums.contains(where: { $0.name == name }) {
            return type
        }
        if case .named("Int32") = type { return .named("Int") }
        return .named("String")
    }

    /// Reports the callbacks of an endpoint, which import leaves out.
    private mutating func warnCallbacks(_ endpoint: Endpoint) {
        for (name, _) in endpoint.operation.callbacks {
            warn("callback `\(name)` of \(endpoint.method) \(endpoint.path.rawValue) is not imported", at: endpoint.pointer + ["callbacks", name])
        }
    }

    // MARK: actions

    /// The action for an endpoint no resource took; `nil`, with a warning, when a spec cannot call it.
    private mutating func action(_ endpoint: Endpoint, names actionNames: inout Set<String>) -> SpecDraft.Action? {
        let operation = endpoint.operation
        let described = "\(endpoint.method) \(endpoint.path.rawValue)"
        guard ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].contains(endpoint.method) else {
            warn("\(described) is left out: a spec has no \(endpoint.method) calls", at: endpoint.pointer)
            return nil
        }
        var body: SpecDraft.Payload?
        var bodySchema: JSONSchema?
        var bodyPointer = endpoint.pointer
        var form: (format: String, schema: JSONSchema, pointer: [String])?
        if let request = requestSchema(operation) {
            bodyPointer += request.pointer
            if let other = request.otherType {
                form = formRequest(operation)
                guard form != nil else {
                    warn(
                        "\(described) is left out: its request body is `\(other)`, and a spec sends JSON, forms and multipart bodies of objects only",
                        at: endpoint.pointer + ["requestBody"])
                    return nil
                }
            }
            bodySchema = request.schema
        }
        // An action `export` marked keeps its name, and goes back to its resource when it had one.
        let markedName = (operation.vendorExtensions[CrudegenExtension.action]?.value as? String).flatMap { SpecInterop.isIdentifier($0) ? $0 : nil }
        let marked = markedName.flatMap { name in
            (operation.vendorExtensions[CrudegenExtension.resource]?.value as? String).flatMap { owner in
                draft.resources.first { $0.name == owner }.map { (owner: $0, name: name) }
            }
        }
        let base =
            markedName
            ?? operation.operationId.map {
                OperationIDs.authorsName(of: $0, path: endpoint.path.rawValue, method: endpoint.method).camelCased(uppercaseFirst: false)
            }
            ?? (endpoint.method.lowercased() + " "
            + endpoint.path.components.map { $0.replacingOccurrences(of: "{", with: "by ").replacingOccurrences(of: "}", with: "") }.joined(separator: " "))
            .camelCased(uppercaseFirst: false)
        let scope = marked.map { $0.owner.name + "." } ?? ""
        var name = base
        var number = 2
        while actionNames.contains(scope + name) || actionNames.contains((scope + name).lowercased()) {
            name = "\(base)\(number)"
            number += 1
        }
        actionNames.insert(scope + name)
        actionNames.insert((scope + name).lowercased())
        let typeBase = (marked?.owner.name ?? "") + SpecInterop.payloadTypeName(action: name, suffix: "")
        if let form {
            // Declared in place, where a property can be a `File`; the component the body names (FastAPI's
            // `Body_login_token_post`) is dropped unless something else refers to it. A body left out leaves
            // nothing behind: reading its fields may have declared types named after them.
            let beforeBody = self
            guard let fields = formFields(form, owner: typeBase + "Body", pointer: endpoint.pointer + form.pointer), names.claimExactly(typeBase + "Body")
            else {
                self = beforeBody
                warn(
                    "\(described) is left out: its `\(form.format == "form" ? "application/x-www-form-urlencoded" : "multipart/form-data")` body is not an object of fields a form can carry",
                    at: endpoint.pointer + form.pointer, hint: "a form field is a scalar, an enum, a file (in multipart bodies) or an array of them")
                return nil
            }
            if let model = referencedModel(form.schema) { consumedModels.insert(model.typeName) }
            body = .fields(fields)
        } else if let bodySchema {
            body = payload(withoutNamespace(bodySchema, of: marked?.owner), typeName: typeBase + "Body", pointer: bodyPointer)
        } else if operation.requestBody != nil {
            body = .type(.named("JSON"))
        }
        // A body declared in place is all sent: what its schema marks read-only (DRF's `token` beside the
        // `username` and `password` of `AuthTokenSerializer`) is not an argument, and write-only says nothing.
        if case let .fields(fields)? = body {
            body = .fields(
                fields.filter { !$0.readOnly }.map { field in
                    var sent = field
                    sent.writeOnly = false
                    return sent
                })
        }
        var returns: SpecDraft.Payload?
        var pagination = Self.paginationExtension(operation.vendorExtensions)
        if let success = successSchema(operation) {
            // A paged action returns the items' array, found at its key path inside the page (the body itself
            // for `Link` header pages); without one there, it is no paged action.
            var items: TypeExpression?
            if let page = pagination, let schema = success.schema {
                let keys = page.resolved.items.split(separator: ".").map(String.init)
                let array = keys.reduce(Optional(schema)) { found, key in
                    guard case let .object(_, object)? = found?.value else { return nil }
                    return object.properties[key]
                }
                let pointer = endpoint.pointer + success.pointer + keys.flatMap { ["properties", $0] }
                if let array, case let (.array(element), _) = typeExpression(of: array, hint: typeBase + "Item", pointer: pointer) { items = .array(element) }
            }
            if items == nil { pagination = nil }
            if let items {
                returns = .type(items)
            } else if let schema = success.schema {
                returns = payload(withoutNamespace(schema, of: marked?.owner), typeName: typeBase + "Response", pointer: endpoint.pointer + success.pointer)
            } else if let other = success.contentType {
                warn(
                    "the `\(other)` response of \(described) is not decoded: a spec reads JSON only; the action returns nothing",
                    at: endpoint.pointer + ["responses", success.status])
            }
        } else {
            warn(
                "\(described) declares no 2xx response, so the action returns nothing", at: endpoint.pointer + ["responses"],
                hint: "a `default` response is not taken as the success; read the response yourself with `APIClient.request` if it has a body")
        }
        var action = SpecDraft.Action(
            name: name, description: operation.description ?? operation.summary, path: route(endpoint.path), body: body, bodyFormat: form?.format,
            returns: returns, owner: marked?.owner.name, pagination: pagination, cache: Self.cachePolicy(operation.vendorExtensions))
        let pageQuery = pagination.map(Self.pageQueryNames) ?? []
        // In a resource's action, the id and fields in the route are the resource's, not params.
        let ownNames = marked.map { Set([$0.owner.idName] + $0.owner.fields.flatMap { [$0.key] + ($0.name.map { [$0] } ?? []) }) } ?? []
        let defaultMethod = body == nil ? "GET" : "POST"
        if endpoint.method != defaultMethod { action.method = endpoint.method }
        for (parameter, pointer) in parameters(of: endpoint) {
            let schema = parameterSchema(parameter)
            switch parameter.location {
            case .path:
                guard !ownNames.contains(parameter.name) else { continue }
                action.params.append(
                    (
                        Self.parameterName(parameter.name),
                        schema.map { pathType(of: $0, hint: typeBase + SpecInterop.identifier(parameter.name, uppercaseFirst: true), pointer: pointer) }
                            ?? .named("String")
                    ))
            case .query:
                guard !pageQuery.contains(parameter.name) else { continue }
                if let field = queryField(parameter, at: pointer, typeBase: typeBase, of: described) { action.query.append(field) }
            case .header:
                if let value = schema.flatMap(constantValue) {
                    action.headers.append((parameter.name, value))
                } else {
                    warn(
                        "header parameter `\(parameter.name)` of \(described) is not imported: a spec's headers are fixed values", at: pointer,
                        hint: "set it through `ClientConfiguration.operationHeaders` or middleware")
                }
            case .cookie:
                warn("cookie parameter `\(parameter.name)` of \(described) is not imported: a spec has no cookies", at: pointer)
            case .querystring:
                warn("query string parameter `\(parameter.name)` of \(described) is not imported", at: pointer)
            }
        }
        // Every `{name}` of the route needs a param, even when the document forgot to declare one.
        for name in parameterNames(endpoint.path).map(Self.parameterName)
        where !action.params.contains(where: { $0.name == name }) && !ownNames.contains(name) {
            action.params.append((name, .named("String")))
        }
        warnCallbacks(endpoint)
        return action
    }

    /// A query parameter as a field of an action's or a list's `query`, `nil` (with a warning) when its type
    /// cannot be sent in a query.
    private mutating func queryField(_ parameter: OpenAPI.Parameter, at pointer: [String], typeBase: String, of described: String) -> SpecDraft.Field? {
        let schema = parameterSchema(parameter)
        let type =
            schema.map {
                typeExpression(of: $0, hint: typeBase + SpecInterop.identifier(parameter.name, uppercaseFirst: true), pointer: pointer + ["schema"]).0
            }
            ?? .named("String")
        guard isQueryType(type) else {
            warn("query parameter `\(parameter.name)` of \(described) is not imported: a spec's query values are scalars or arrays of scalars", at: pointer)
            return nil
        }
        var field = SpecDraft.Field(key: parameter.name, type: parameter.required ? type : type.optionalized, description: parameter.description)
        // OpenAPI's default for query arrays is `form` exploded: `ids=1&ids=2`, the spec's default too.
        if case .array = type, case let .a(context) = parameter.schemaOrContent, !context.explode { field.arrayStyle = "comma" }
        applyExtensions(parameter.vendorExtensions, to: &field)
        if field.transform == nil, let schema, isDateOnly(schema) { field.transform = dateOnlyTransform() }
        return field
    }

    /// Whether a query parameter of `type` can be sent: a scalar the spec writes in a query, an enum, or an array of them.
    private func isQueryType(_ type: TypeExpression) -> Bool {
        let scalars: Set<String> = ["Int", "Int32", "Int64", "UInt", "Double", "Float", "Decimal", "Bool", "String", "UUID", "URL", "Date"]
        switch type {
        case let .named(name): return scalars.contains(name) || draft.enums.contains { $0.name == name }
        case let .array(element): return !element.isOptional && isQueryType(element)
        case .optional, .dictionary: return false
        }
    }

    /// A header's only possible value: its `const`, single enum value or default.
    private func constantValue(_ schema: JSONSchema) -> String? {
        if let values = schema.allowedValues, values.count == 1 { return "\(values[0].value)" }
        return schema.defaultValue.map { "\($0.value)" }
    }

    /// A body or response: a named type, or an object declared in place as fields.
    private mutating func payload(_ schema: JSONSchema, typeName: String, pointer: [String]) -> SpecDraft.Payload {
        if case let .object(_, object) = schema.value, !object.properties.isEmpty, names.claimExactly(typeName) {
            return .fields(fields(of: schema, owner: typeName, pointer: pointer))
        }
        let (type, _) = typeExpression(of: schema, hint: typeName, pointer: pointer)
        return .type(type)
    }

    // MARK: finishing

    /// Drops the models a resource consumed that nothing else refers to (another consumed model, as a
    /// page referring to its items' type, keeps nothing alive).
    private mutating func dropConsumedModels() {
        guard !consumedModels.isEmpty else { return }
        var referenced: Set<String> = []
        for model in draft.models where !consumedModels.contains(model.name) { referenced.formUnion(model.fields.map(\.type.baseName)) }
        for resource in draft.resources {
            referenced.formUnion(resource.fields.map(\.type.baseName) + resource.params.map(\.type.baseName) + resource.query.map(\.type.baseName))
        }
        for action in draft.actions + draft.resources.flatMap(\.actions) {
            referenced.formUnion(action.params.map(\.type.baseName) + action.query.map(\.type.baseName))
            for payload in [action.body, action.returns] {
                switch payload {
                case let .type(type)?: referenced.insert(type.baseName)
                case let .fields(fields)?: referenced.formUnion(fields.map(\.type.baseName))
                case nil: break
                }
            }
        }
        draft.models.removeAll { consumedModels.contains($0.name) && !referenced.contains($0.name) }
    }

    /// Replaces fields that make a type contain itself by value (which Swift cannot lay out) with `JSON`.
    private mutating func breakValueCycles() {
        while let (owner, fieldIndex, cycle) = findValueCycle() {
            let field: SpecDraft.Field
            if let model = draft.models.firstIndex(where: { $0.name == owner }) {
                field = draft.models[model].fields[fieldIndex]
                draft.models[model].fields[fieldIndex].type = field.type.isOptional ? .optional(.named("JSON")) : .named("JSON")
            } else if let resource = draft.resources.firstIndex(where: { $0.name == owner }) {
                field = draft.resources[resource].fields[fieldIndex]
                draft.resources[resource].fields[fieldIndex].type = field.type.isOptional ? .optional(.named("JSON")) : .named("JSON")
            } else {
                return
            }
            let pointer = modelPointers[owner] ?? ["components", "schemas"]
            warnings.append(
                .warning(
                    "field `\(field.key)` of `\(owner)` makes it contain itself by value (\(cycle)); approximated as `JSON` (\(JSONPointer.text(pointer + ["properties", field.key])))",
                    at: source.location(of: pointer + ["properties", field.key]),
                    hint: "Swift cannot store a struct inside itself; hold it in an array or refer to it by id"))
        }
    }

    /// The first field that closes a by-value cycle between models, with the cycle's description.
    private func findValueCycle() -> (owner: String, field: Int, cycle: String)? {
        var edges: [String: [(field: Int, target: String)]] = [:]
        let types = Set(draft.models.map(\.name) + draft.resources.map(\.name))
        for (owner, fields) in draft.models.map({ ($0.name, $0.fields) }) + draft.resources.map({ ($0.name, $0.fields) }) {
            for (index, field) in fields.enumerated() {
                if let target = field.type.valueContainedName, types.contains(target) {
                    edges[owner, default: []].append((index, target))
                }
            }
        }
        for start in edges.keys.sorted() {
            var stack: [(node: String, path: [String])] = [(start, [start])]
            var visited: Set<String> = [start]
            while let (node, path) = stack.popLast() {
                for edge in edges[node] ?? [] {
                    if edge.target == start {
                        return (node, edge.field, (path + [start]).map { "`\($0)`" }.joined(separator: " → "))
                    }
                    if visited.insert(edge.target).inserted {
                        stack.append((edge.target, path + [edge.target]))
                    }
                }
            }
        }
        return nil
    }

    /// `snake_case` when most JSON keys of several words are snake case, else keys verbatim; a key the
    /// style does not derive keeps an explicit `key` (see `SpecWriter`), so one odd key changes only its
    /// own field's name.
    private mutating func chooseKeyStyle() {
        var keys = draft.models.flatMap { $0.fields.map(\.key) } + draft.resources.flatMap { $0.fields.map(\.key) + $0.query.map(\.key) + [$0.idKey] }
        for action in draft.actions {
            keys += action.query.map(\.key)
            for payload in [action.body, action.returns] {
                if case let .fields(fields)? = payload { keys += fields.map(\.key) }
            }
        }
        let isSnake = { (key: String) in
            key.first.map { $0.isLowercase && $0.isASCII } == true && key.allSatisfy { ($0.isLowercase && $0.isASCII) || $0.isNumber || $0 == "_" }
                && !key.contains("__") && !key.hasSuffix("_")
        }
        let severalWords = keys.filter { $0.contains("_") || $0.dropFirst().contains(where: \.isUppercase) }
        let snake = severalWords.filter(isSnake).count
        if snake * 2 > severalWords.count {
            draft.keyStyle = .snakeCase
        }
    }
}

/// Helpers the importer uses on spec types.
extension TypeExpression {
    /// The type made optional, unless it already is.
    var optionalized: TypeExpression {
        isOptional ? self : .optional(self)
    }

    /// The type with every reference to a key of `names` naming its value instead.
    func renamed(_ names: [String: String]) -> TypeExpression {
        switch self {
        case let .named(name): .named(names[name] ?? name)
        case let .optional(wrapped): .optional(wrapped.renamed(names))
        case let .array(element): .array(element.renamed(names))
        case let .dictionary(value): .dictionary(value.renamed(names))
        }
    }

    /// The named type stored inline (through optionals, not arrays or dictionaries).
    var valueContainedName: String? {
        switch self {
        case let .named(name): name
        case let .optional(wrapped): wrapped.valueContainedName
        case .array, .dictionary: nil
        }
    }
}

/// Name helpers the importer uses.
extension String {
    /// `pets_list` → `petsList` (`PetsList` with `uppercaseFirst`): words split at anything that is not a
    /// letter or digit, made a valid identifier the way the generator does it.
    func camelCased(uppercaseFirst: Bool) -> String {
        let words = split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard !words.isEmpty else { return SpecInterop.identifier(self, uppercaseFirst: uppercaseFirst) }
        let joined = words.enumerated().map { index, word in
            index == 0 && !uppercaseFirst ? word.lowercasedFirst : word.capitalizedFirst
        }.joined()
        return SpecInterop.identifier(joined, uppercaseFirst: uppercaseFirst)
    }

    /// The string with its first character lowercased.
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }

    /// The string without one trailing `suffix`.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
