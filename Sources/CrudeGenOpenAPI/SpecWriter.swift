import CrudeGenEngine

/// Writes a ``SpecDraft`` as spec YAML the way a person would: sections in the spec's order, short
/// forms wherever they say the same, explicit keys only where the key style does not derive them.
enum SpecWriter {
    /// The YAML text, starting with a comment line holding `header`.
    static func yaml(of draft: SpecDraft, header: String) -> String {
        var writer = Writer(style: draft.keyStyle)
        writer.line("# \(header)")
        writer.line("api:")
        writer.line("  name: \(scalar(draft.apiName))")
        if let baseURL = draft.baseURL { writer.line("  base_url: \(scalar(baseURL))") }
        if let envelope = draft.envelope { writer.line("  envelope: \(scalar(envelope))") }
        if !draft.headers.isEmpty {
            writer.line("  headers: { \(draft.headers.map { "\(scalar($0.name, flow: true)): \(scalar($0.value, flow: true))" }.joined(separator: ", ")) }")
        }
        if !draft.methods.isEmpty {
            writer.line(
                "  methods: { " + CRUDOperation.allCases.compactMap { kind in draft.methods[kind].map { "\(kind.rawValue): \($0)" } }.joined(separator: ", ")
                    + " }")
        }
        if draft.keyStyle != .verbatim { writer.line("  keys: \(draft.keyStyle.rawValue)") }
        if let access = draft.access { writer.line("  access: \(access.rawValue)") }
        if let cache = draft.cache { writer.line("  cache: \(cache.rawValue)") }
        if let store = draft.store { writer.line("  store: \(store)") }
        if !draft.transforms.isEmpty {
            writer.line("")
            writer.line("transforms:")
            for (name, kind) in draft.transforms {
                switch kind {
                case let .dateFormat(format, timeZone):
                    let zone = timeZone.map { ", time_zone: \(scalar($0, flow: true))" } ?? ""
                    writer.line("  \(scalar(name)): { date_format: \(scalar(format, flow: true))\(zone) }")
                case let .custom(type, swift): writer.line("  \(scalar(name)): { type: \(scalar(type, flow: true)), swift: \(scalar(swift, flow: true)) }")
                }
            }
        }
        if !draft.enums.isEmpty {
            writer.line("")
            writer.line("enums:")
            for enumeration in draft.enums { writer.enumeration(enumeration) }
        }
        if !draft.unions.isEmpty {
            writer.line("")
            writer.line("unions:")
            for union in draft.unions { writer.union(union) }
        }
        if !draft.models.isEmpty {
            writer.line("")
            writer.line("models:")
            for model in draft.models {
                if model.fields.isEmpty, model.description == nil, model.swiftName == nil {
                    writer.line("  \(scalar(model.name)): {}")
                    continue
                }
                writer.line("  \(scalar(model.name)):")
                if let swiftName = model.swiftName { writer.line("    swift_name: \(scalar(swiftName))") }
                writer.description(model.description, indent: 4)
                writer.fields(model.fields, indent: 4, label: "fields")
            }
        }
        if !draft.resources.isEmpty {
            writer.line("")
            writer.line("resources:")
            for resource in draft.resources { writer.resource(resource) }
        }
        if !draft.actions.isEmpty {
            writer.line("")
            writer.line("actions:")
            for action in draft.actions { writer.action(action) }
        }
        return writer.text
    }

    /// The field name import gives a JSON key: the key, camel-cased when the style is `snake_case`.
    static func derivedName(forKey key: String, style: KeyStyle) -> String {
        guard style == .snakeCase, key.contains("_") else { return key }
        return SpecInterop.identifier(
            key.split(separator: "_").enumerated().map { $0.offset == 0 ? String($0.element) : String($0.element).capitalizedFirst }.joined(),
            uppercaseFirst: false)
    }

    /// A YAML scalar: plain when that reads back as the same string, else double-quoted. Inside flow
    /// collections (`{ a: b }`, `[a, b]`) braces end a plain scalar, so there they are quoted too.
    static func scalar(_ text: String, flow: Bool = false) -> String {
        let plainWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"]
        let allowed = flow ? "_-./?'():" : "_-./?'(){}:"
        let safe =
            !text.isEmpty && !plainWords.contains(text.lowercased())
            && text.first.map { $0.isLetter || $0 == "_" || $0 == "/" } == true
            && text.last != " " && text.last != ":"
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || allowed.unicodeScalars.contains($0))
            }
            && !text.contains(": ") && !text.contains(" #") && !text.contains("  ")
        if safe { return text }
        return DocumentValue.quoted(text)
    }

    /// `true`, or the message as a scalar the loader reads back as text.
    static func deprecation(_ deprecation: DeprecationSpec, flow: Bool) -> String {
        deprecation.message.map { scalar($0, flow: flow) } ?? "true"
    }
}

/// Accumulates the spec's lines; `style` decides which fields need an explicit key.
private struct Writer {
    let style: KeyStyle
    var text = ""

    /// Appends one line.
    mutating func line(_ content: String) {
        text += content + "\n"
    }

    /// Appends `description:` at `indent` spaces, when there is one.
    mutating func description(_ description: String?, indent: Int) {
        // Written as it stands: a trailing line break is part of what generated doc comments show.
        guard let description, !description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        line(String(repeating: " ", count: indent) + "description: " + SpecWriter.scalar(description))
    }

    /// Appends an enum: the short list form when case names derive from the values, else `cases` with names.
    /// A union: the list of its variants' types when that says everything, else a mapping.
    mutating func union(_ union: SpecDraft.Union) {
        let name = SpecWriter.scalar(union.name)
        let type = { (variant: SpecDraft.Union.Variant) in SpecWriter.scalar(variant.type.description, flow: true) }
        let listed = union.variants.allSatisfy { $0.name == nil && $0.swiftName == nil }
        if listed, union.discriminator == nil, union.description == nil, union.swiftName == nil {
            line("  \(name): [\(union.variants.map(type).joined(separator: ", "))]")
            return
        }
        line("  \(name):")
        if let swiftName = union.swiftName { line("    swift_name: \(SpecWriter.scalar(swiftName))") }
        description(union.description, indent: 4)
        if let discriminator = union.discriminator { line("    discriminator: \(SpecWriter.scalar(discriminator))") }
        if listed {
            line("    variants: [\(union.variants.map(type).joined(separator: ", "))]")
            return
        }
        line("    variants:")
        for variant in union.variants {
            let key = SpecWriter.scalar(variant.name ?? variant.type.description)
            if let swiftName = variant.swiftName {
                line("      \(key): { type: \(type(variant)), swift_name: \(SpecWriter.scalar(swiftName, flow: true)) }")
            } else {
                line("      \(key): \(type(variant))")
            }
        }
    }

    mutating func enumeration(_ enumeration: SpecDraft.Enumeration) {
        let derived = enumeration.values.map(SpecInterop.derivedCaseName)
        if let caseNames = enumeration.caseNames {
            line("  \(SpecWriter.scalar(enumeration.name)):")
            if let swiftName = enumeration.swiftName { line("    swift_name: \(SpecWriter.scalar(swiftName))") }
            if enumeration.isInteger { line("    type: Int") }
            description(enumeration.description, indent: 4)
            line("    cases:")
            for (caseName, value) in zip(caseNames, enumeration.values) {
                line("      \(SpecWriter.scalar(caseName)): \(enumeration.isInteger ? value : SpecWriter.scalar(value))")
            }
            return
        }
        let derivable =
            !enumeration.isInteger && Set(derived).count == derived.count && !derived.contains("unknown") && derived.allSatisfy { SpecInterop.isIdentifier($0) }
        let name = SpecWriter.scalar(enumeration.name)
        if derivable, enumeration.description == nil, enumeration.swiftName == nil {
            line("  \(name): [\(enumeration.values.map { SpecWriter.scalar($0, flow: true) }.joined(separator: ", "))]")
            return
        }
        line("  \(name):")
        if let swiftName = enumeration.swiftName { line("    swift_name: \(SpecWriter.scalar(swiftName))") }
        if enumeration.isInteger { line("    type: Int") }
        description(enumeration.description, indent: 4)
        if derivable {
            line("    cases: [\(enumeration.values.map { SpecWriter.scalar($0, flow: true) }.joined(separator: ", "))]")
            return
        }
        line("    cases:")
        var used: Set<String> = ["unknown"]
        for value in enumeration.values {
            var base = SpecInterop.derivedCaseName(value)
            if !SpecInterop.isIdentifier(base) || base.hasPrefix("_") && enumeration.isInteger {
                base = enumeration.isInteger ? "value" + value.replacingOccurrences(of: "-", with: "Minus") : "value"
            }
            var caseName = base
            var number = 2
            while used.contains(caseName) {
                caseName = "\(base)\(number)"
                number += 1
            }
            used.insert(caseName)
            line("      \(SpecWriter.scalar(caseName)): \(enumeration.isInteger ? value : SpecWriter.scalar(value))")
        }
    }

    /// Field names derived from JSON keys, with the explicit keys the style does not derive.
    func named(_ fields: [SpecDraft.Field], taken: Set<String> = []) -> [(name: String, key: String?, field: SpecDraft.Field)] {
        var used = taken
        return fields.map { field in
            if let explicit = field.name, !used.contains(SpecInterop.propertyName(explicit)) {
                used.insert(SpecInterop.propertyName(explicit))
                return (explicit, SpecInterop.jsonKey(forField: explicit, style: style) == field.key ? nil : field.key, field)
            }
            var name = SpecWriter.derivedName(forKey: field.key, style: style)
            var key: String? = SpecInterop.jsonKey(forField: name, style: style) == field.key ? nil : field.key
            if key != nil, !SpecInterop.isIdentifier(name) {
                name = SpecInterop.identifier(name, uppercaseFirst: false)
            }
            var number = 2
            let base = name
            while used.contains(SpecInterop.propertyName(name)) {
                name = "\(SpecInterop.propertyName(base))\(number)"
                number += 1
                key = field.key
            }
            if key == nil, SpecInterop.jsonKey(forField: name, style: style) != field.key { key = field.key }
            used.insert(SpecInterop.propertyName(name))
            return (name, key, field)
        }
    }

    /// Appends fields under `label`: the short `name: Type` form unless a key, flag or description needs the long one.
    mutating func fields(_ fields: [SpecDraft.Field], indent: Int, label: String, taken: Set<String> = []) {
        guard !fields.isEmpty else { return }
        let pad = String(repeating: " ", count: indent)
        line(pad + label + ":")
        for (name, key, field) in named(fields, taken: taken) {
            let type = SpecWriter.scalar(field.type.description)
            let described = field.description?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == false
            if key == nil, !field.readOnly, !field.writeOnly, !field.required, !described, field.arrayStyle == nil, field.transform == nil,
                field.swiftName == nil, field.relationship == nil
            {
                line(pad + "  \(SpecWriter.scalar(name)): \(type)")
                continue
            }
            var parts = ["type: \(type)"]
            if let key { parts.append("key: \(SpecWriter.scalar(key, flow: true))") }
            if let transform = field.transform { parts.append("transform: \(transform)") }
            if let swiftName = field.swiftName { parts.append("swift_name: \(SpecWriter.scalar(swiftName, flow: true))") }
            if field.readOnly { parts.append("read_only: true") }
            if field.writeOnly { parts.append("write_only: true") }
            if field.required { parts.append("required: true") }
            if let style = field.arrayStyle { parts.append("array_style: \(style)") }
            if let relationship = field.relationship { parts.append("relationship: \(SpecWriter.scalar(relationship, flow: true))") }
            if !described {
                line(pad + "  \(SpecWriter.scalar(name)): { \(parts.joined(separator: ", ")) }")
                continue
            }
            line(pad + "  \(SpecWriter.scalar(name)):")
            for part in parts { line(pad + "    " + part) }
            description(field.description, indent: indent + 4)
        }
    }

    /// Names each field a route names as the route does, by its JSON key (`{site_id}`), with the name its
    /// key would give it (`siteId`) as its `swift_name`, so that the route stays the document's path. Names
    /// are decided here, as the key style is known only once every key is.
    private func routeFieldsNamed(in resource: inout SpecDraft.Resource) {
        let routeNames = Set(resource.params.map(\.name) + [resource.idName])
        let written = Set(([resource.path] + resource.routes.values).flatMap(SpecInterop.parameterNames(inRoute:)))
        for (index, entry) in named(resource.fields, taken: [SpecInterop.propertyName(resource.idName)]).enumerated()
        where entry.name != entry.field.key && written.contains(entry.field.key) && !routeNames.contains(entry.field.key) {
            resource.fields[index].name = entry.field.key
            if resource.fields[index].swiftName == nil { resource.fields[index].swiftName = SpecInterop.propertyName(entry.name) }
        }
    }

    /// Appends a resource, writing only what differs from the defaults.
    mutating func resource(_ resource: SpecDraft.Resource) {
        var resource = resource
        routeFieldsNamed(in: &resource)
        line("  \(SpecWriter.scalar(resource.name)):")
        if let swiftName = resource.swiftName { line("    swift_name: \(SpecWriter.scalar(swiftName))") }
        description(resource.description, indent: 4)
        line("    path: \(SpecWriter.scalar(resource.path))")
        if let store = resource.store { line("    store: \(store)") }
        switch (resource.namespaceOne, resource.namespaceMany, resource.namespaceDirection) {
        case let (one?, nil, nil): line("    namespace: \(SpecWriter.scalar(one, flow: true))")
        case (nil, nil, _): break
        case let (one, many, direction):
            let parts =
                (one.map { ["one: \(SpecWriter.scalar($0, flow: true))"] } ?? []) + (many.map { ["many: \(SpecWriter.scalar($0, flow: true))"] } ?? [])
                + (direction.map { ["applies_to: \($0.rawValue)"] } ?? [])
            line("    namespace: { \(parts.joined(separator: ", ")) }")
        }
        if let type = resource.jsonAPIType { line("    jsonapi: \(SpecWriter.scalar(type, flow: true))") }
        let idKeyDerived = SpecInterop.jsonKey(forField: resource.idName, style: style) == resource.idKey
        if resource.idName != "id" || resource.idType != .named("Int") || !idKeyDerived || resource.idTransform != nil {
            var parts = ["name: \(SpecWriter.scalar(resource.idName, flow: true))", "type: \(resource.idType)"]
            if !idKeyDerived { parts.append("key: \(SpecWriter.scalar(resource.idKey, flow: true))") }
            if let transform = resource.idTransform { parts.append("transform: \(transform)") }
            line("    id: { \(parts.joined(separator: ", ")) }")
        }
        if resource.operations != CRUDOperation.defaults {
            line("    operations: [\(resource.operations.map(\.rawValue).joined(separator: ", "))]")
        }
        if !resource.routes.isEmpty {
            line("    routes:")
            for (operation, route) in resource.routes.sorted(by: { $0.key < $1.key }) {
                line("      \(operation.rawValue): \(SpecWriter.scalar(route))")
            }
        }
        if !resource.params.isEmpty { line("    params: " + Self.routeParams(resource.params)) }
        fields(resource.query, indent: 4, label: "query", taken: Set(["query"] + resource.params.map(\.propertyName)))
        if !resource.methods.isEmpty {
            line("    methods: { \(resource.methods.sorted { $0.key < $1.key }.map { "\($0.key.rawValue): \($0.value)" }.joined(separator: ", ")) }")
        }
        if !resource.headers.isEmpty {
            line("    headers:")
            for (operation, headers) in resource.headers.sorted(by: { $0.key < $1.key }) {
                line(
                    "      \(operation.rawValue): { \(headers.map { "\(SpecWriter.scalar($0.name, flow: true)): \(SpecWriter.scalar($0.value, flow: true))" }.joined(separator: ", ")) }"
                )
            }
        }
        if !resource.responsesNone.isEmpty {
            line("    responses: { \(resource.responsesNone.map { "\($0.rawValue): none" }.joined(separator: ", ")) }")
        }
        pagination(resource.pagination, indent: 4)
        if !resource.cache.isEmpty {
            line("    cache: { \(resource.cache.sorted { $0.key < $1.key }.map { "\($0.key.rawValue): \($0.value.rawValue)" }.joined(separator: ", ")) }")
        }
        if !resource.deprecated.isEmpty {
            let entries = resource.deprecated.sorted { $0.key < $1.key }.map { "\($0.key.rawValue): \(SpecWriter.deprecation($0.value, flow: true))" }
            line("    deprecated: { \(entries.joined(separator: ", ")) }")
        }
        fields(resource.fields, indent: 4, label: "fields", taken: [SpecInterop.propertyName(resource.idName)])
        if !resource.actions.isEmpty {
            line("    actions:")
            for action in resource.actions { self.action(action, indent: 6) }
        }
    }

    /// Route parameters as one flow mapping: `{ name: Type }`, or `{ name: { type: Type, swift_name: x } }`.
    private static func routeParams(_ params: [SpecDraft.RouteParam]) -> String {
        let entries = params.map { param in
            let type = SpecWriter.scalar(param.type.description, flow: true)
            let value = param.swiftName.map { "{ type: \(type), swift_name: \($0) }" } ?? type
            return SpecWriter.scalar(param.name, flow: true) + ": " + value
        }
        return "{ " + entries.joined(separator: ", ") + " }"
    }

    /// Appends an action, writing only what differs from the defaults.
    mutating func action(_ action: SpecDraft.Action, indent: Int = 2) {
        let pad = String(repeating: " ", count: indent)
        line(pad + "\(SpecWriter.scalar(action.name)):")
        description(action.description, indent: indent + 2)
        if let method = action.method { line(pad + "  method: \(method)") }
        line(pad + "  path: \(SpecWriter.scalar(action.path))")
        if !action.params.isEmpty { line(pad + "  params: " + Self.routeParams(action.params)) }
        // The route's parameters, the fields of a body declared in place and the query all become arguments of
        // one function, so their Swift names must differ (Intercom's `{jobIdentifier}` route beside a
        // `jobIdentifier` query parameter).
        let routeNames = Set(action.params.map(\.propertyName))
        var bodyNames: Set<String> = []
        if case let .fields(fields)? = action.body { bodyNames = Set(named(fields, taken: routeNames).map { SpecInterop.propertyName($0.name) }) }
        fields(action.query, indent: indent + 2, label: "query", taken: routeNames.union(bodyNames))
        if !action.headers.isEmpty {
            line(
                pad
                    + "  headers: { \(action.headers.map { "\(SpecWriter.scalar($0.name, flow: true)): \(SpecWriter.scalar($0.value, flow: true))" }.joined(separator: ", ")) }"
            )
        }
        payload(action.body, label: "body", indent: indent + 2, taken: routeNames)
        if let format = action.bodyFormat { line(pad + "  body_format: \(format.rawValue)") }
        payload(action.returns, label: "returns", indent: indent + 2)
        pagination(action.pagination, indent: indent + 2)
        if let cache = action.cache { line(pad + "  cache: \(cache.rawValue)") }
        if let deprecated = action.deprecated { line(pad + "  deprecated: \(SpecWriter.deprecation(deprecated, flow: false))") }
    }

    /// Appends `pagination:`: `true` for Django REST Framework's default, else the keys that differ from the style's defaults.
    mutating func pagination(_ pagination: PaginationSpec?, indent: Int) {
        guard let pagination else { return }
        let pad = String(repeating: " ", count: indent)
        if pagination == SpecDraft.standardPagination {
            line(pad + "pagination: true")
            return
        }
        var parts: [String] = []
        if pagination.style != .nextURL { parts.append("style: \(pagination.style.rawValue)") }
        for (key, value) in [
            ("items", pagination.items), ("next", pagination.next), ("count", pagination.count), ("count_header", pagination.countHeader),
            ("parameter", pagination.parameter), ("size_parameter", pagination.sizeParameter),
        ] {
            if let value { parts.append("\(key): \(SpecWriter.scalar(value.value, flow: true))") }
        }
        if let size = pagination.size { parts.append("size: \(size.value)") }
        line(pad + "pagination: { \(parts.joined(separator: ", ")) }")
    }

    /// Appends a body or response under `label`: a type, or fields declared in place.
    /// `taken` holds the Swift names the fields must not take.
    mutating func payload(_ payload: SpecDraft.Payload?, label: String, indent: Int, taken: Set<String> = []) {
        switch payload {
        case let .type(type)?: line(String(repeating: " ", count: indent) + "\(label): \(SpecWriter.scalar(type.description))")
        case let .fields(fields)?: self.fields(fields, indent: indent, label: label, taken: taken)
        case nil: break
        }
    }
}

/// Capitalization for derived names.
extension String {
    /// The string with its first character uppercased.
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
