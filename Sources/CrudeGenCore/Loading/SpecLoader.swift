import CrudeGenEngine
import CrudeYAML
import Foundation

/// Maps a spec's YAML node tree into a ``Spec`` in one pass, keeping every value's location.
///
/// Shape problems (a list where a name belongs, an unknown key) are collected, not thrown, so that one
/// run reports all of them.
public enum SpecLoader {
    /// Loads a spec from bytes, with the types of the specs it uses (`uses`) read from `files`; `file` names
    /// it in diagnostics, and the paths in `uses` start at its folder.
    public static func load(_ data: Data, file: String, files: SpecFiles = .fileSystem) -> (spec: Spec?, diagnostics: [Diagnostic]) {
        let loaded = read(data, file: file)
        guard let spec = loaded.spec, !spec.uses.isEmpty else { return loaded }
        var uses = UsedSpecs(files: files)
        let merged = uses.declaringUsedTypes(in: spec, chain: [SpecPath.normalized(file)])
        // Without the types of a spec it cannot use, every field naming one would be one more error.
        return (uses.diagnostics.containsErrors ? nil : merged, loaded.diagnostics + uses.diagnostics)
    }

    /// A spec read from bytes, without the specs it uses.
    static func read(_ data: Data, file: String) -> (spec: Spec?, diagnostics: [Diagnostic]) {
        switch YAMLDocument.compose(data, file: file) {
        case let .failure(diagnostic):
            return (nil, [diagnostic])
        case let .success(root):
            var loader = Loader(reader: NodeReader(file: file))
            let spec = loader.spec(from: root)
            return (spec, loader.reader.diagnostics)
        }
    }

    /// Loads the spec at `path`.
    public static func load(contentsOf path: String) -> (spec: Spec?, diagnostics: [Diagnostic]) {
        switch contents(of: path) {
        case let .success(data): load(data, file: path)
        case let .failure(diagnostic): (nil, [diagnostic])
        }
    }

    /// The bytes of the spec file at `path`, or the error saying why it cannot be read.
    public static func contents(of path: String) -> Result<Data, Diagnostic> {
        switch FileSystemReason.kind(of: path) {
        case .missing:
            return .failure(.error("no spec at `\(path)`", at: nil, hint: "check the path; relative paths start at the folder crudegen runs in"))
        case .folder:
            return .failure(
                .error("`\(path)` is a folder, not a spec", at: nil, hint: "name the spec files, as `\(path.hasSuffix("/") ? path : path + "/")*.crude.yaml`"))
        case .file:
            break
        }
        do {
            return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return .failure(.error("cannot read spec `\(path)`: \(FileSystemReason.describe(error))", at: nil, hint: "check its permissions"))
        }
    }
}

private struct Loader {
    var reader: NodeReader

    mutating func spec(from root: YAMLNode) -> Spec? {
        guard let top = reader.entries(root, "the spec", keys: .spec) else {
            return nil
        }
        guard let apiNode = top["api"], let api = api(apiNode) else { return nil }
        var spec = Spec(file: reader.file, api: api)
        spec.uses = top["uses"].map { uses($0) } ?? []
        spec.enums = named(top["enums"], "`enums`") { loader, name, node in loader.enumSpec(name, node) }
        spec.unions = named(top["unions"], "`unions`") { loader, name, node in loader.union(name, node) }
        spec.models = named(top["models"], "`models`") { loader, name, node in loader.model(name, node) }
        spec.resources = named(top["resources"], "`resources`") { loader, name, node in loader.resource(name, node) }
        spec.transforms = named(top["transforms"], "`transforms`") { loader, name, node in loader.transform(name, node) }
        spec.actions = named(top["actions"], "`actions`") { loader, name, node in loader.action(name, node, owner: "the API") }
        return spec
    }

    /// The entries of `uses`: a target's name, or `{ spec: path, module: Name }`.
    mutating func uses(_ node: YAMLNode) -> [SpecUse] {
        guard let items = reader.sequence(node, "`uses`") else { return [] }
        return items.compactMap { item in
            if case .scalar = item {
                return reader.text(item, "a target in `uses`").map { SpecUse(reference: Located(.target($0.value), at: $0.location)) }
            }
            guard let entries = reader.entries(item, "an entry of `uses`", keys: .use),
                let path = entries["spec"].flatMap({ reader.text($0, "`spec` in `uses`") })
            else { return nil }
            let module = entries["module"].flatMap { reader.text($0, "`module` in `uses`") }
            return SpecUse(reference: Located(.file(path.value), at: path.location), module: module)
        }
    }

    /// Reads a mapping of names to definitions, in file order.
    mutating func named<T>(_ node: YAMLNode?, _ what: String, _ read: (inout Loader, Located<String>, YAMLNode) -> T?) -> [T] {
        guard let node, let pairs = reader.pairs(node, what) else { return [] }
        return pairs.compactMap { read(&self, $0.key, $0.value) }
    }

    // MARK: api

    mutating func api(_ node: YAMLNode) -> APISpec? {
        guard let entries = reader.entries(node, "`api`", keys: .api) else {
            return nil
        }
        guard let nameNode = entries["name"], let name = reader.text(nameNode, "`api.name`") else { return nil }
        var api = APISpec(name: name, location: entries.location)
        api.baseURL = entries["base_url"].flatMap { reader.text($0, "`api.base_url`") }
        api.envelope = entries["envelope"].flatMap { reader.text($0, "`api.envelope`") }
        api.headers = entries["headers"].map { headers($0, "`api.headers`") } ?? []
        api.methods = entries["methods"].map { operationMap($0, "`api.methods`") { $0.reader.text($1, $2) } } ?? [:]
        if let node = entries["keys"], let style = choice(node, "`api.keys`", KeyStyle.self) {
            api.keyStyle = style
        }
        if let node = entries["cache"], let policy = choice(node, "`api.cache`", CachePolicySpec.self) {
            api.cache = Located(policy, at: reader.location(of: node))
        }
        if let node = entries["access"], let access = choice(node, "`api.access`", AccessLevel.self) {
            api.access = access
        }
        api.store = entries["store"].flatMap { node in reader.bool(node, "`api.store`").map { Located($0, at: reader.location(of: node)) } }
        return api
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ what: String, _ type: T.Type) -> T? where T.RawValue == String {
        guard let value = reader.scalar(node, what) else { return nil }
        if let choice = T(rawValue: value.value) { return choice }
        let names = T.allCases.map(\.rawValue)
        reader.report(
            .error(
                "\(what) must be one of \(names.map { "`\($0)`" }.joined(separator: ", ")), not `\(value.value)`",
                at: value.location,
                hint: Suggestions.didYouMean(value.value, in: names)
            ))
        return nil
    }

    mutating func headers(_ node: YAMLNode, _ what: String) -> [HeaderSpec] {
        guard let pairs = reader.pairs(node, what) else { return [] }
        return pairs.compactMap { pair in
            reader.scalar(pair.value, "the value of header `\(pair.key.value)`").map { HeaderSpec(name: pair.key, value: $0) }
        }
    }

    /// A mapping keyed by CRUD operation names.
    mutating func operationMap<T>(_ node: YAMLNode, _ what: String, _ read: (inout Loader, YAMLNode, String) -> T?) -> [CRUDOperation: T] {
        guard let pairs = reader.pairs(node, what) else { return [:] }
        var result: [CRUDOperation: T] = [:]
        for pair in pairs {
            guard let operation = operation(pair.key, in: what) else { continue }
            if let value = read(&self, pair.value, "\(what).\(operation.rawValue)") {
                result[operation] = value
            }
        }
        return result
    }

    mutating func operation(_ name: Located<String>, in what: String) -> CRUDOperation? {
        if let operation = CRUDOperation(rawValue: name.value) { return operation }
        let names = CRUDOperation.allCases.map(\.rawValue)
        reader.report(
            .error(
                "`\(name.value)` in \(what) is not a CRUD operation",
                at: name.location,
                hint: Suggestions.didYouMean(name.value, in: names) ?? "operations are " + names.joined(separator: ", ")
                    + "; declare other calls under `actions`"
            ))
        return nil
    }

    // MARK: types and fields

    mutating func typeExpression(_ node: YAMLNode, _ what: String) -> Located<TypeExpression>? {
        switch node {
        case let .sequence(items):
            // `tags: [String]` is a YAML list of one type name: read it as an array type.
            guard items.count == 1, let element = typeExpression(items[0], what) else {
                reader.error(
                    "\(what): a list type names exactly one element type, as `[String]`", at: node,
                    hint: "quote dictionary and optional array types: \"[String: Int]\", \"[String]?\"")
                return nil
            }
            return Located(.array(element.value), at: reader.location(of: node))
        case let .mapping(mapping) where mapping.count == 1:
            // `[String: Int]` unquoted is a list holding the mapping `String: Int`.
            guard let pair = mapping.first, pair.key.string == "String", let value = typeExpression(pair.value, what) else { break }
            return Located(.dictionary(value.value), at: reader.location(of: node))
        default:
            break
        }
        guard let text = reader.text(node, what) else { return nil }
        switch TypeExpressionParser.parse(text.value) {
        case let .success(type):
            return Located(type, at: text.location)
        case let .failure(failure):
            var location = text.location
            location.column += failure.offset
            reader.report(.error("\(what): \(failure.message)", at: location, hint: "types are written as `String`, `Int?`, `[Person]`, `[String: Double]`"))
            return nil
        }
    }

    mutating func fields(_ node: YAMLNode, _ what: String) -> [FieldSpec] {
        guard let pairs = reader.pairs(node, what) else { return [] }
        return pairs.compactMap { field($0.key, $0.value) }
    }

    mutating func field(_ name: Located<String>, _ node: YAMLNode) -> FieldSpec? {
        let what = "field `\(name.value)`"
        guard case .mapping = node else {
            return typeExpression(node, "the type of \(what)").map { FieldSpec(name: name, type: $0) }
        }
        guard let entries = reader.entries(node, what, keys: .field),
            let typeNode = entries["type"], let type = typeExpression(typeNode, "the type of \(what)")
        else {
            return nil
        }
        var field = FieldSpec(name: name, type: type)
        field.key = entries["key"].flatMap { reader.text($0, "the key of \(what)") }
        field.swiftName = entries["swift_name"].flatMap { reader.text($0, "the Swift name of \(what)") }
        field.arrayStyle = entries["array_style"].flatMap { reader.text($0, "the array style of \(what)") }
        field.transform = entries["transform"].flatMap { reader.text($0, "the transform of \(what)") }
        field.readOnly = entries["read_only"].flatMap { reader.bool($0, "`read_only` of \(what)") } ?? false
        field.writeOnly = entries["write_only"].flatMap { reader.bool($0, "`write_only` of \(what)") } ?? false
        field.required = entries["required"].flatMap { reader.bool($0, "`required` of \(what)") } ?? false
        field.relationship = entries["relationship"].flatMap { reader.text($0, "the relationship of \(what)") }
        field.description = entries["description"].flatMap { reader.scalar($0, "the description of \(what)")?.value }
        field.example = entries["example"].flatMap { reader.scalar($0, "the example of \(what)") }
        return field
    }

    // MARK: enums, models, transforms

    mutating func enumSpec(_ name: Located<String>, _ node: YAMLNode) -> EnumSpec? {
        let what = "enum `\(name.value)`"
        if case .sequence = node {
            return EnumSpec(name: name, rawType: .string, cases: enumCases(node, what), derivesCaseNames: true)
        }
        guard let entries = reader.entries(node, what, keys: .enumeration) else { return nil }
        var rawType = EnumSpec.RawType.string
        if let typeNode = entries["type"], let type = reader.scalar(typeNode, "the type of \(what)") {
            guard let parsed = EnumSpec.RawType(rawValue: type.value) else {
                reader.report(.error("the type of \(what) must be `String` or `Int`, not `\(type.value)`", at: type.location))
                return nil
            }
            rawType = parsed
        }
        let cases = entries["cases"].map { enumCases($0, what) } ?? []
        let derived: Bool = if case .sequence? = entries["cases"] { true } else { false }
        var enumeration = EnumSpec(
            name: name, description: entries["description"].flatMap { reader.scalar($0, "the description of \(what)")?.value }, rawType: rawType, cases: cases,
            derivesCaseNames: derived)
        enumeration.swiftName = entries["swift_name"].flatMap { reader.text($0, "the Swift name of \(what)") }
        return enumeration
    }

    /// `[a, b]` (the raw values; case names are derived) or `{name: raw}`.
    mutating func enumCases(_ node: YAMLNode, _ what: String) -> [(name: Located<String>, rawValue: Located<String>)] {
        if case .sequence = node {
            return (reader.sequence(node, "the cases of \(what)") ?? []).compactMap { item in
                reader.text(item, "a case of \(what)").map { ($0, $0) }
            }
        }
        guard let pairs = reader.pairs(node, "the cases of \(what)") else { return [] }
        return pairs.compactMap { pair in
            reader.scalar(pair.value, "the raw value of case `\(pair.key.value)`").map { (pair.key, $0) }
        }
    }

    /// `[Cat, Dog]` (the variants' types), or a mapping with `variants` and a `discriminator`.
    mutating func union(_ name: Located<String>, _ node: YAMLNode) -> UnionSpec? {
        let what = "union `\(name.value)`"
        if case .sequence = node {
            return UnionSpec(name: name, variants: variants(node, what))
        }
        guard let entries = reader.entries(node, what, keys: .union) else { return nil }
        var union = UnionSpec(
            name: name, description: entries["description"].flatMap { reader.scalar($0, "the description of \(what)")?.value },
            discriminator: entries["discriminator"].flatMap { reader.text($0, "the discriminator of \(what)") },
            variants: entries["variants"].map { variants($0, what) } ?? [])
        union.swiftName = entries["swift_name"].flatMap { reader.text($0, "the Swift name of \(what)") }
        return union
    }

    /// `[Cat, Dog]` (types; names derive from them) or `{cat: Cat, dog: { type: Dog, swift_name: … }}`.
    mutating func variants(_ node: YAMLNode, _ what: String) -> [UnionSpec.Variant] {
        if case .sequence = node {
            return (reader.sequence(node, "the variants of \(what)") ?? []).compactMap { item in
                typeExpression(item, "a variant of \(what)").map { type in
                    UnionSpec.Variant(name: Located(type.value.description, at: type.location), type: type, isListed: true)
                }
            }
        }
        guard let pairs = reader.pairs(node, "the variants of \(what)") else { return [] }
        return pairs.compactMap { pair in
            let variant = "variant `\(pair.key.value)` of \(what)"
            guard case .mapping = pair.value else {
                return typeExpression(pair.value, "the type of \(variant)").map { UnionSpec.Variant(name: pair.key, type: $0, isListed: false) }
            }
            guard let entries = reader.entries(pair.value, variant, keys: .variant), let typeNode = entries["type"],
                let type = typeExpression(typeNode, "the type of \(variant)")
            else { return nil }
            return UnionSpec.Variant(
                name: pair.key, type: type, swiftName: entries["swift_name"].flatMap { reader.text($0, "the Swift name of \(variant)") }, isListed: false)
        }
    }

    mutating func model(_ name: Located<String>, _ node: YAMLNode) -> ModelSpec? {
        let what = "model `\(name.value)`"
        guard let entries = reader.entries(node, what, keys: .model) else { return nil }
        var model = ModelSpec(name: name)
        model.swiftName = entries["swift_name"].flatMap { reader.text($0, "the Swift name of \(what)") }
        model.description = entries["description"].flatMap { reader.scalar($0, "the description of \(what)")?.value }
        model.fields = entries["fields"].map { fields($0, "the fields of \(what)") } ?? []
        return model
    }

    mutating func transform(_ name: Located<String>, _ node: YAMLNode) -> TransformSpec? {
        let what = "transform `\(name.value)`"
        guard let entries = reader.entries(node, what, keys: .transform) else { return nil }
        if let formatNode = entries["date_format"] {
            if entries["type"] != nil || entries["swift"] != nil {
                reader.error("\(what) has `date_format` and `type`/`swift`; a transform is either a date format or a Swift type", at: node)
            }
            let timeZone = entries["time_zone"].flatMap { reader.text($0, "the `time_zone` of \(what)") }
            return reader.text(formatNode, "the `date_format` of \(what)").map { TransformSpec(name: name, kind: .dateFormat($0, timeZone: timeZone)) }
        }
        if let timeZoneNode = entries["time_zone"] {
            reader.error("`time_zone` of \(what) applies to a `date_format`", at: timeZoneNode, hint: "Swift transforms handle zones themselves")
        }
        guard let typeNode = entries["type"], let swiftNode = entries["swift"] else {
            reader.error(
                "\(what) needs either `date_format` or both `type` and `swift`", at: node, hint: "for example `cents: { type: Decimal, swift: CentsTransform }`"
            )
            return nil
        }
        guard let type = typeExpression(typeNode, "the type of \(what)"), let swift = reader.text(swiftNode, "the Swift type of \(what)") else { return nil }
        return TransformSpec(name: name, kind: .custom(valueType: type, swiftType: swift))
    }

    // MARK: resources and actions

    mutating func resource(_ name: Located<String>, _ node: YAMLNode) -> ResourceSpec? {
        let what = "resource `\(name.value)`"
        guard let entries = reader.entries(node, what, keys: .resource),
            let pathNode = entries["path"], let path = reader.scalar(pathNode, "the path of \(what)")
        else {
            return nil
        }
        let defaultID = IDSpec(name: Located("id", at: entries.location), type: Located(.named("Int"), at: entries.location))
        let operations: [Located<CRUDOperation>]
        if let node = entries["operations"] {
            operations = (reader.sequence(node, "the operations of \(what)") ?? []).compactMap { item in
                reader.scalar(item, "an operation of \(what)").flatMap { name in
                    operation(name, in: "the operations of \(what)").map { Located($0, at: name.location) }
                }
            }
        } else {
            operations = CRUDOperation.defaults.map { Located($0, at: entries.location) }
        }
        var resource = ResourceSpec(name: name, path: path, id: entries["id"].flatMap { id($0, what) } ?? defaultID, operations: operations)
        resource.description = entries["description"].flatMap { reader.scalar($0, "the description of \(what)")?.value }
        resource.swiftName = entries["swift_name"].flatMap { reader.text($0, "the Swift name of \(what)") }
        resource.namespace = entries["namespace"].flatMap { namespace($0, what) }
        resource.jsonAPIType = entries["jsonapi"].flatMap { reader.text($0, "the JSON:API type of \(what)") }
        resource.cache =
            entries["cache"].map {
                operationMap($0, "the cache policies of \(what)") { loader, node, what in
                    loader.choice(node, what, CachePolicySpec.self).map { Located($0, at: loader.reader.location(of: node)) }
                }
            } ?? [:]
        resource.routes = entries["routes"].map { operationMap($0, "the routes of \(what)") { $0.reader.scalar($1, $2) } } ?? [:]
        resource.methods = entries["methods"].map { operationMap($0, "the methods of \(what)") { $0.reader.text($1, $2) } } ?? [:]
        resource.headers = entries["headers"].map { operationMap($0, "the headers of \(what)") { $0.headers($1, $2) } } ?? [:]
        resource.responses =
            entries["responses"].map {
                operationMap($0, "the responses of \(what)") { loader, node, what in
                    loader.choice(node, what, ResponseKind.self).map { Located($0, at: loader.reader.location(of: node)) }
                }
            } ?? [:]
        resource.params = entries["params"].map { fields($0, "the params of \(what)") } ?? []
        resource.query = entries["query"].map { fields($0, "the query of \(what)") } ?? []
        resource.store = entries["store"].flatMap { node in reader.bool(node, "the store setting of \(what)").map { Located($0, at: reader.location(of: node)) }
        }
        resource.pagination = entries["pagination"].flatMap { pagination($0, what) }
        resource.deprecated =
            entries["deprecated"].map {
                operationMap($0, "the deprecated operations of \(what)") { loader, node, what in loader.deprecation(node, what) }
            } ?? [:]
        resource.fields = entries["fields"].map { fields($0, "the fields of \(what)") } ?? []
        resource.actions = named(entries["actions"], "the actions of \(what)") { loader, actionName, node in
            loader.action(actionName, node, owner: what)
        }
        return resource
    }

    mutating func id(_ node: YAMLNode, _ what: String) -> IDSpec? {
        if case .scalar = node {
            return reader.text(node, "the id of \(what)").map { IDSpec(name: $0, type: Located(.named("Int"), at: $0.location)) }
        }
        guard let entries = reader.entries(node, "the id of \(what)", keys: .id) else { return nil }
        let name = entries["name"].flatMap { reader.text($0, "the id name of \(what)") } ?? Located("id", at: entries.location)
        let type = entries["type"].flatMap { typeExpression($0, "the id type of \(what)") } ?? Located(.named("Int"), at: entries.location)
        var id = IDSpec(name: name, type: type)
        id.key = entries["key"].flatMap { reader.text($0, "the id key of \(what)") }
        id.transform = entries["transform"].flatMap { reader.text($0, "the id transform of \(what)") }
        return id
    }

    /// `true` (Django REST Framework's `{count, next, previous, results}`) or a mapping with a `style`.
    mutating func pagination(_ node: YAMLNode, _ what: String) -> PaginationSpec? {
        let location = reader.location(of: node)
        if case .scalar = node {
            return reader.bool(node, "the pagination of \(what)") == true ? PaginationSpec(location: location) : nil
        }
        guard let entries = reader.entries(node, "the pagination of \(what)", keys: .pagination) else { return nil }
        var pagination = PaginationSpec(location: location)
        if let node = entries["style"], let style = choice(node, "`pagination.style` of \(what)", PaginationSpec.Style.self) {
            pagination.style = style
        }
        pagination.items = entries["items"].flatMap { reader.scalar($0, "`pagination.items` of \(what)") }
        pagination.next = entries["next"].flatMap { reader.text($0, "`pagination.next` of \(what)") }
        pagination.count = entries["count"].flatMap { reader.text($0, "`pagination.count` of \(what)") }
        pagination.countHeader = entries["count_header"].flatMap { reader.text($0, "`pagination.count_header` of \(what)") }
        pagination.parameter = entries["parameter"].flatMap { reader.text($0, "`pagination.parameter` of \(what)") }
        pagination.sizeParameter = entries["size_parameter"].flatMap { reader.text($0, "`pagination.size_parameter` of \(what)") }
        if let node = entries["size"], let size = reader.scalar(node, "`pagination.size` of \(what)") {
            if let value = Int(size.value), value > 0 {
                pagination.size = Located(value, at: size.location)
            } else {
                reader.report(.error("`pagination.size` of \(what) must be a whole number above 0, not `\(size.value)`", at: size.location))
            }
        }
        return pagination
    }

    mutating func namespace(_ node: YAMLNode, _ what: String) -> NamespaceSpec? {
        if case .scalar = node {
            return reader.text(node, "the namespace of \(what)").map { NamespaceSpec(one: $0, many: nil) }
        }
        guard let entries = reader.entries(node, "the namespace of \(what)", keys: .namespace) else { return nil }
        var namespace = NamespaceSpec(
            one: entries["one"].flatMap { reader.text($0, "`namespace.one` of \(what)") },
            many: entries["many"].flatMap { reader.text($0, "`namespace.many` of \(what)") }
        )
        if let node = entries["applies_to"], let direction = choice(node, "`namespace.applies_to` of \(what)", NamespaceSpec.Direction.self) {
            namespace.direction = direction
        }
        return namespace
    }

    mutating func action(_ name: Located<String>, _ node: YAMLNode, owner: String) -> ActionSpec? {
        let what = "action `\(name.value)` of \(owner)"
        guard let entries = reader.entries(node, what, keys: .action),
            let pathNode = entries["path"], let path = reader.scalar(pathNode, "the path of \(what)")
        else {
            return nil
        }
        var action = ActionSpec(name: name, path: path)
        action.description = entries["description"].flatMap { reader.scalar($0, "the description of \(what)")?.value }
        action.method = entries["method"].flatMap { reader.text($0, "the method of \(what)") }
        action.headers = entries["headers"].map { headers($0, "the headers of \(what)") } ?? []
        action.params = entries["params"].map { fields($0, "the params of \(what)") } ?? []
        action.query = entries["query"].map { fields($0, "the query of \(what)") } ?? []
        action.body = entries["body"].flatMap { payload($0, "the body of \(what)") }
        if let node = entries["body_format"], let format = choice(node, "the body format of \(what)", BodyFormatSpec.self) {
            action.bodyFormat = Located(format, at: reader.location(of: node))
        }
        action.returns = entries["returns"].flatMap { payload($0, "the response of \(what)") }
        action.pagination = entries["pagination"].flatMap { pagination($0, what) }
        if let node = entries["cache"], let policy = choice(node, "the cache policy of \(what)", CachePolicySpec.self) {
            action.cache = Located(policy, at: reader.location(of: node))
        }
        action.deprecated = entries["deprecated"].flatMap { deprecation($0, "the deprecation of \(what)") }
        return action
    }

    /// `true` or a message: deprecated; `false`: not.
    mutating func deprecation(_ node: YAMLNode, _ what: String) -> Located<DeprecationSpec>? {
        guard let text = reader.scalar(node, what) else { return nil }
        let location = text.location
        if case let .scalar(scalar) = node, scalar.style == .plain, let flag = NodeReader.flag(text.value) {
            return flag ? Located(DeprecationSpec(message: nil), at: location) : nil
        }
        guard !text.value.allSatisfy(\.isWhitespace) else {
            reader.report(.error("\(what) is empty", at: location, hint: "write `true` to deprecate without a message, or the message callers should see"))
            return nil
        }
        return Located(DeprecationSpec(message: text.value), at: location)
    }

    /// `none`, a type expression, or a mapping of fields declared in place.
    mutating func payload(_ node: YAMLNode, _ what: String) -> PayloadSpec? {
        if case let .scalar(scalar) = node, scalar.string == "none" {
            return PayloadSpec.none(at: reader.location(of: node))
        }
        // `{ String: Int }` is the unquoted dictionary type `[String: Int]`; a mapping of fields otherwise,
        // including one field named `String` declared with a mapping.
        if case let .mapping(mapping) = node, !(mapping.count == 1 && mapping.first?.key.string == "String" && mapping.first?.value.mapping == nil) {
            return .fields(fields(node, what), at: reader.location(of: node))
        }
        return typeExpression(node, what).map(PayloadSpec.type)
    }
}
