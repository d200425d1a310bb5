/// Writes a ``Spec`` as spec YAML that the loader reads back as the same spec, the way a person would:
/// sections in the spec's order, and the shortest form that says the same (`name: Type` for a plain field,
/// `pagination: true` for the default pagination, an enum's raw values as a list when its case names
/// derive from them).
///
/// Locations are not written: a spec read back has the locations of the text. Everything else round-trips,
/// which `SpecSerializerTests` checks on every fixture and on random specs; the one rewriting is a union
/// variant listed by type beside named ones (no text mixes the two forms), which keeps its case name as a
/// `swift_name`.
package enum SpecSerializer {
    /// The YAML text of `spec`, starting with a comment line holding `header` when there is one.
    ///
    /// A spec that uses others (`uses`) is written with its `uses` and its own declarations; with
    /// `inliningUsedTypes`, without `uses` and with the used specs' declarations as its own, a text that
    /// needs no other file (the one a generated server embeds).
    package static func yaml(of spec: Spec, header: String? = nil, inliningUsedTypes: Bool = false) -> String {
        var writer = Writer()
        if let header { writer.line("# \(header)") }
        writer.api(spec.api)
        let used = inliningUsedTypes ? UsedTypes() : spec.usedTypes
        if !inliningUsedTypes { writer.uses(spec.uses) }
        writer.section("transforms", spec.transforms.filter { used.declaresHere(transform: $0.name.value) }) { $0.transform($1) }
        writer.section("enums", spec.enums.filter { used.declaresHere(type: $0.name.value) }) { $0.enumeration($1) }
        writer.section("unions", spec.unions.filter { used.declaresHere(type: $0.name.value) }) { $0.union($1) }
        writer.section("models", spec.models.filter { used.declaresHere(type: $0.name.value) }) { $0.model($1) }
        writer.section("resources", spec.resources) { $0.resource($1) }
        writer.section("actions", spec.actions) { $0.action($1, indent: 2) }
        return writer.text
    }

    /// A YAML scalar the loader reads back as `text`: plain when that is safe, else double-quoted. Inside
    /// flow collections (`{ a: b }`, `[a, b]`) braces end a plain scalar, so there they are quoted too.
    package static func scalar(_ text: String, flow: Bool = false) -> String {
        let allowed = flow ? "_-./?'():" : "_-./?'(){}:"
        let safe =
            !text.isEmpty && !wordsYAMLReadsAsValues.contains(text.lowercased())
            && text.first.map { $0.isLetter || $0 == "_" || $0 == "/" } == true
            && text.last != " " && text.last != ":"
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || allowed.unicodeScalars.contains($0))
            }
            && !text.contains(": ") && !text.contains(" #") && !text.contains("  ")
        return safe ? text : doubleQuoted(text)
    }

    /// Plain words YAML reads as a flag, a null or a letter it may take for one: written quoted. Built once,
    /// as an import writes thousands of scalars.
    private static let wordsYAMLReadsAsValues: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"]

    /// `text` in double quotes, read back the same by YAML and by JSON: quotes, backslashes, control
    /// characters and the characters YAML would take as line breaks or a byte order mark are escaped.
    package static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar == "\u{FEFF}" || scalar == "\u{2028}"
                || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Accumulates the spec's lines.
private struct Writer {
    var text = ""

    mutating func line(_ content: String) {
        text += content + "\n"
    }

    /// A top-level section after a blank line, each of `items` written by `write`; nothing for no items.
    mutating func section<Item>(_ name: String, _ items: [Item], _ write: (inout Writer, Item) -> Void) {
        guard !items.isEmpty else { return }
        line("")
        line(name + ":")
        for item in items { write(&self, item) }
    }

    /// `{ a: b, c: d }`.
    static func flowMapping(_ entries: [String]) -> String {
        "{ " + entries.joined(separator: ", ") + " }"
    }

    /// A mapping keyed by operation, in the order of ``CRUDOperation``.
    static func byOperation<T>(_ values: [CRUDOperation: T], _ write: (T) -> String) -> String {
        flowMapping(values.sorted { $0.key < $1.key }.map { "\($0.key.rawValue): \(write($0.value))" })
    }

    static func headers(_ headers: [HeaderSpec]) -> String {
        flowMapping(headers.map { "\(SpecSerializer.scalar($0.name.value, flow: true)): \(SpecSerializer.scalar($0.value.value, flow: true))" })
    }

    static func type(_ type: TypeExpression, flow: Bool = false) -> String {
        SpecSerializer.scalar(type.description, flow: flow)
    }

    /// `true`, or the message, which the loader reads as a message because it is quoted when it spells a flag.
    static func deprecation(_ deprecation: DeprecationSpec, flow: Bool) -> String {
        deprecation.message.map { SpecSerializer.scalar($0, flow: flow) } ?? "true"
    }

    mutating func description(_ description: String?, indent: Int) {
        guard let description else { return }
        line(String(repeating: " ", count: indent) + "description: " + SpecSerializer.scalar(description))
    }

    mutating func swiftName(_ swiftName: Located<String>?, indent: Int) {
        guard let swiftName else { return }
        line(String(repeating: " ", count: indent) + "swift_name: " + SpecSerializer.scalar(swiftName.value))
    }

    // MARK: api and transforms

    /// `uses:`, a target by its name, a spec by its path (and module when given).
    mutating func uses(_ uses: [SpecUse]) {
        section("uses", uses) { writer, use in
            switch use.reference.value {
            case let .target(target): writer.line("  - \(SpecSerializer.scalar(target))")
            case let .file(path):
                let module = use.module.map { ["module: \(SpecSerializer.scalar($0.value, flow: true))"] } ?? []
                writer.line("  - " + Self.flowMapping(["spec: \(SpecSerializer.scalar(path, flow: true))"] + module))
            }
        }
    }

    mutating func api(_ api: APISpec) {
        line("api:")
        line("  name: \(SpecSerializer.scalar(api.name.value))")
        if let baseURL = api.baseURL { line("  base_url: \(SpecSerializer.scalar(baseURL.value))") }
        if let envelope = api.envelope { line("  envelope: \(SpecSerializer.scalar(envelope.value))") }
        if !api.headers.isEmpty { line("  headers: " + Self.headers(api.headers)) }
        if !api.methods.isEmpty { line("  methods: " + Self.byOperation(api.methods) { SpecSerializer.scalar($0.value, flow: true) }) }
        if api.keyStyle != .verbatim { line("  keys: \(api.keyStyle.rawValue)") }
        if api.access != .public { line("  access: \(api.access.rawValue)") }
        if let cache = api.cache { line("  cache: \(cache.value.rawValue)") }
        if let store = api.store { line("  store: \(store.value)") }
    }

    mutating func transform(_ transform: TransformSpec) {
        let name = SpecSerializer.scalar(transform.name.value)
        switch transform.kind {
        case let .dateFormat(format, timeZone):
            let zone = timeZone.map { ", time_zone: \(SpecSerializer.scalar($0.value, flow: true))" } ?? ""
            line("  \(name): { date_format: \(SpecSerializer.scalar(format.value, flow: true))\(zone) }")
        case let .custom(valueType, swiftType):
            line("  \(name): { type: \(Self.type(valueType.value, flow: true)), swift: \(SpecSerializer.scalar(swiftType.value, flow: true)) }")
        }
    }

    // MARK: types

    /// The short list form when case names derive from the raw values, else `cases` with names.
    mutating func enumeration(_ enumeration: EnumSpec) {
        let name = SpecSerializer.scalar(enumeration.name.value)
        let isInteger = enumeration.rawType == .int
        let rawValues = enumeration.cases.map { SpecSerializer.scalar($0.rawValue.value, flow: true) }
        if enumeration.derivesCaseNames, !isInteger, enumeration.description == nil, enumeration.swiftName == nil {
            line("  \(name): [\(rawValues.joined(separator: ", "))]")
            return
        }
        line("  \(name):")
        swiftName(enumeration.swiftName, indent: 4)
        if isInteger { line("    type: Int") }
        description(enumeration.description, indent: 4)
        if enumeration.derivesCaseNames {
            line("    cases: [\(rawValues.joined(separator: ", "))]")
            return
        }
        guard !enumeration.cases.isEmpty else {
            line("    cases: {}")
            return
        }
        line("    cases:")
        for (caseName, rawValue) in enumeration.cases {
            // An integer raw value reads the same plain; it is written so, as a person would.
            let isNumber = isInteger && Int(rawValue.value) != nil && !rawValue.value.hasPrefix("+")
            line("      \(SpecSerializer.scalar(caseName.value)): \(isNumber ? rawValue.value : SpecSerializer.scalar(rawValue.value))")
        }
    }

    /// The list of its variants' types when that says everything, else a mapping.
    mutating func union(_ union: UnionSpec) {
        let name = SpecSerializer.scalar(union.name.value)
        let listed = union.variants.allSatisfy(\.isListed)
        let types = union.variants.map { Self.type($0.type.value, flow: true) }.joined(separator: ", ")
        if listed, union.discriminator == nil, union.description == nil, union.swiftName == nil {
            line("  \(name): [\(types)]")
            return
        }
        line("  \(name):")
        swiftName(union.swiftName, indent: 4)
        description(union.description, indent: 4)
        if let discriminator = union.discriminator { line("    discriminator: \(SpecSerializer.scalar(discriminator.value))") }
        if listed {
            line("    variants: [\(types)]")
            return
        }
        line("    variants:")
        for variant in union.variants {
            let key = SpecSerializer.scalar(variant.name.value)
            // A listed variant's case name derives from its type, a named one's from its name: kept as written.
            let swiftName = variant.swiftName?.value ?? (variant.isListed ? variant.caseName : nil)
            if let swiftName {
                line("      \(key): { type: \(Self.type(variant.type.value, flow: true)), swift_name: \(SpecSerializer.scalar(swiftName, flow: true)) }")
            } else {
                line("      \(key): \(Self.type(variant.type.value))")
            }
        }
    }

    mutating func model(_ model: ModelSpec) {
        let name = SpecSerializer.scalar(model.name.value)
        if model.fields.isEmpty, model.description == nil, model.swiftName == nil {
            line("  \(name): {}")
            return
        }
        line("  \(name):")
        swiftName(model.swiftName, indent: 4)
        description(model.description, indent: 4)
        if !model.fields.isEmpty { fields(model.fields, indent: 4, label: "fields") }
    }

    // MARK: fields

    /// A field's settings beyond its type, in the order a person reads them; empty for a plain field.
    static func settings(of field: FieldSpec) -> [String] {
        var parts: [String] = []
        if let key = field.key { parts.append("key: \(SpecSerializer.scalar(key.value, flow: true))") }
        if let transform = field.transform { parts.append("transform: \(SpecSerializer.scalar(transform.value, flow: true))") }
        if let swiftName = field.swiftName { parts.append("swift_name: \(SpecSerializer.scalar(swiftName.value, flow: true))") }
        if field.readOnly { parts.append("read_only: true") }
        if field.writeOnly { parts.append("write_only: true") }
        if field.required { parts.append("required: true") }
        if let style = field.arrayStyle { parts.append("array_style: \(SpecSerializer.scalar(style.value, flow: true))") }
        if let relationship = field.relationship { parts.append("relationship: \(SpecSerializer.scalar(relationship.value, flow: true))") }
        if let example = field.example { parts.append("example: \(SpecSerializer.scalar(example.value, flow: true))") }
        return parts
    }

    /// Fields under `label`: `name: Type`, a flow mapping when settings need the long form, a block when
    /// there is a description. `alwaysLong` keeps a lone field named `String` from reading as `[String: T]`.
    mutating func fields(_ fields: [FieldSpec], indent: Int, label: String, alwaysLong: Bool = false) {
        let pad = String(repeating: " ", count: indent)
        guard !fields.isEmpty else {
            line(pad + label + ": {}")
            return
        }
        line(pad + label + ":")
        for field in fields {
            let name = SpecSerializer.scalar(field.name.value)
            let settings = Self.settings(of: field)
            if settings.isEmpty, field.description == nil, !alwaysLong {
                line(pad + "  \(name): \(Self.type(field.type.value))")
                continue
            }
            let parts = ["type: \(Self.type(field.type.value, flow: true))"] + settings
            guard field.description != nil else {
                line(pad + "  \(name): " + Self.flowMapping(parts))
                continue
            }
            line(pad + "  \(name):")
            for part in parts { line(pad + "    " + part) }
            description(field.description, indent: indent + 4)
        }
    }

    /// Route parameters as one flow mapping when each is a type with at most a Swift name
    /// (`{ name: Type, other: { type: Type, swift_name: x } }`), else as fields.
    mutating func params(_ params: [FieldSpec], indent: Int) {
        guard !params.isEmpty else { return }
        let simple = params.allSatisfy { param in param.description == nil && Self.settings(of: param).count == (param.swiftName == nil ? 0 : 1) }
        guard simple else { return fields(params, indent: indent, label: "params") }
        let entries = params.map { param in
            let type = Self.type(param.type.value, flow: true)
            let value = param.swiftName.map { Self.flowMapping(["type: \(type)", "swift_name: \(SpecSerializer.scalar($0.value, flow: true))"]) } ?? type
            return SpecSerializer.scalar(param.name.value, flow: true) + ": " + value
        }
        line(String(repeating: " ", count: indent) + "params: " + Self.flowMapping(entries))
    }

    // MARK: resources and actions

    mutating func resource(_ resource: ResourceSpec) {
        line("  \(SpecSerializer.scalar(resource.name.value)):")
        swiftName(resource.swiftName, indent: 4)
        description(resource.description, indent: 4)
        line("    path: \(SpecSerializer.scalar(resource.path.value))")
        if let store = resource.store { line("    store: \(store.value)") }
        if let namespace = resource.namespace { self.namespace(namespace) }
        if let type = resource.jsonAPIType { line("    jsonapi: \(SpecSerializer.scalar(type.value, flow: true))") }
        id(resource.id)
        let operations = resource.operations.map(\.value)
        if operations != CRUDOperation.defaults { line("    operations: [\(operations.map(\.rawValue).joined(separator: ", "))]") }
        if !resource.routes.isEmpty {
            line("    routes:")
            for (operation, route) in resource.routes.sorted(by: { $0.key < $1.key }) {
                line("      \(operation.rawValue): \(SpecSerializer.scalar(route.value))")
            }
        }
        params(resource.params, indent: 4)
        if !resource.query.isEmpty { fields(resource.query, indent: 4, label: "query") }
        if !resource.methods.isEmpty { line("    methods: " + Self.byOperation(resource.methods) { SpecSerializer.scalar($0.value, flow: true) }) }
        if !resource.headers.isEmpty {
            line("    headers:")
            for (operation, headers) in resource.headers.sorted(by: { $0.key < $1.key }) {
                line("      \(operation.rawValue): " + Self.headers(headers))
            }
        }
        if !resource.responses.isEmpty { line("    responses: " + Self.byOperation(resource.responses) { $0.value.rawValue }) }
        pagination(resource.pagination, indent: 4)
        if !resource.cache.isEmpty { line("    cache: " + Self.byOperation(resource.cache) { $0.value.rawValue }) }
        if !resource.deprecated.isEmpty { line("    deprecated: " + Self.byOperation(resource.deprecated) { Self.deprecation($0.value, flow: true) }) }
        if !resource.fields.isEmpty { fields(resource.fields, indent: 4, label: "fields") }
        if !resource.actions.isEmpty {
            line("    actions:")
            for action in resource.actions { self.action(action, indent: 6) }
        }
    }

    /// `namespace: key` for one key both ways, else the mapping.
    mutating func namespace(_ namespace: NamespaceSpec) {
        if let one = namespace.one, namespace.many == nil, namespace.direction == .both {
            line("    namespace: \(SpecSerializer.scalar(one.value, flow: true))")
            return
        }
        var parts: [String] = []
        if let one = namespace.one { parts.append("one: \(SpecSerializer.scalar(one.value, flow: true))") }
        if let many = namespace.many { parts.append("many: \(SpecSerializer.scalar(many.value, flow: true))") }
        if namespace.direction != .both { parts.append("applies_to: \(namespace.direction.rawValue)") }
        line("    namespace: " + Self.flowMapping(parts))
    }

    /// Nothing for the default id (`id`, an `Int`, its key derived), else its mapping.
    mutating func id(_ id: IDSpec) {
        guard id.name.value != "id" || id.type.value != .named("Int") || id.key != nil || id.transform != nil else { return }
        var parts = ["name: \(SpecSerializer.scalar(id.name.value, flow: true))", "type: \(Self.type(id.type.value, flow: true))"]
        if let key = id.key { parts.append("key: \(SpecSerializer.scalar(key.value, flow: true))") }
        if let transform = id.transform { parts.append("transform: \(SpecSerializer.scalar(transform.value, flow: true))") }
        line("    id: " + Self.flowMapping(parts))
    }

    mutating func action(_ action: ActionSpec, indent: Int) {
        let pad = String(repeating: " ", count: indent)
        line(pad + "\(SpecSerializer.scalar(action.name.value)):")
        description(action.description, indent: indent + 2)
        if let method = action.method { line(pad + "  method: \(SpecSerializer.scalar(method.value))") }
        line(pad + "  path: \(SpecSerializer.scalar(action.path.value))")
        params(action.params, indent: indent + 2)
        if !action.query.isEmpty { fields(action.query, indent: indent + 2, label: "query") }
        if !action.headers.isEmpty { line(pad + "  headers: " + Self.headers(action.headers)) }
        payload(action.body, label: "body", indent: indent + 2)
        if let format = action.bodyFormat { line(pad + "  body_format: \(format.value.rawValue)") }
        payload(action.returns, label: "returns", indent: indent + 2)
        pagination(action.pagination, indent: indent + 2)
        if let cache = action.cache { line(pad + "  cache: \(cache.value.rawValue)") }
        if let deprecated = action.deprecated { line(pad + "  deprecated: \(Self.deprecation(deprecated.value, flow: false))") }
    }

    /// `none`, a type, or fields declared in place.
    mutating func payload(_ payload: PayloadSpec?, label: String, indent: Int) {
        let pad = String(repeating: " ", count: indent)
        switch payload {
        case let .type(type)?: line(pad + "\(label): \(Self.type(type.value))")
        case let .fields(fields, _)?: self.fields(fields, indent: indent, label: label, alwaysLong: fields.count == 1 && fields[0].name.value == "String")
        case .none?: line(pad + "\(label): none")
        case nil: break
        }
    }

    /// `pagination: true` for Django REST Framework's default, else the keys the spec sets.
    mutating func pagination(_ pagination: PaginationSpec?, indent: Int) {
        guard let pagination else { return }
        let pad = String(repeating: " ", count: indent)
        var parts: [String] = []
        if pagination.style != .nextURL { parts.append("style: \(pagination.style.rawValue)") }
        for (key, value) in [
            ("items", pagination.items), ("next", pagination.next), ("count", pagination.count), ("count_header", pagination.countHeader),
            ("parameter", pagination.parameter), ("size_parameter", pagination.sizeParameter),
        ] {
            if let value { parts.append("\(key): \(SpecSerializer.scalar(value.value, flow: true))") }
        }
        if let size = pagination.size { parts.append("size: \(size.value)") }
        line(pad + "pagination: " + (parts.isEmpty ? "true" : Self.flowMapping(parts)))
    }
}
