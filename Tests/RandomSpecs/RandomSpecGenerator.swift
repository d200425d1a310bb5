import Foundation

@testable import CrudeGenEngine

/// Writes random specs that docs/spec.md calls valid, drawn from the corners where generated code breaks:
/// names that are keywords, contextual keywords, standard library, Foundation and runtime names or the
/// generator's own locals; keys that are not identifiers; text with quotes, backslashes, interpolations,
/// control characters and every kind of line break; every transform, id form, route form and section.
///
/// It knows the rules a spec must follow (unique names, types that fit transforms and routes) so that
/// crudegen accepts almost every spec it writes; the test counts the ones it rejects.
public struct RandomSpecGenerator {
    private var random: SeededGenerator
    /// The stream of the JSON:API choices, apart so that they leave the other choices of a seed as they were.
    private var jsonAPIRandom: SeededGenerator
    /// The stream of fields' examples, apart for the same reason.
    private var exampleRandom: SeededGenerator

    /// A generator whose specs follow from `seed`.
    public init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        jsonAPIRandom = SeededGenerator(seed: seed ^ 0x4A53_4F4E_4150_4921)
        exampleRandom = SeededGenerator(seed: seed ^ 0x4558_414D_504C_4521)
    }

    // MARK: pools

    /// Type names: ordinary ones, keywords, and names Swift, Foundation or the runtime already use.
    public static let typeNames = [
        "Person", "Item", "Order", "class", "Type", "Protocol", "String", "Result", "Error", "Data", "Date", "URL",
        "Decimal", "Character", "Task", "Actor", "Sequence", "Element", "Index", "some", "any", "protocol", "init",
        "default", "description", "Int", "Bool", "Double", "UUID", "JSON", "Request", "Client", "Body", "Header",
        "Ünïcode", "名前", "_Private", "Codable", "Page", "Patch", "APIClient", "Optional", "Never", "Hashable",
        "FieldUpdate", "JSONKey", "Foundation", "Self", "Any", "Sendable", "OpenEnum",
    ]

    /// Field, parameter and case names: keywords, contextual keywords, the generator's locals, names that
    /// are not identifiers, and names of Swift and runtime members.
    public static let memberNames = [
        "name", "title", "firstName", "count", "some", "any", "in", "class", "inout", "var", "let", "func",
        "default", "self", "Self", "Type", "init", "deinit", "subscript", "protocol", "where", "is", "as", "try",
        "await", "async", "actor", "get", "set", "willSet", "didSet", "mutating", "lazy", "weak", "unowned",
        "override", "required", "convenience", "dynamic", "final", "indirect", "prefix", "postfix", "optional",
        "open", "package", "nonisolated", "isolated", "sending", "each", "macro", "borrowing", "consuming",
        "copy", "consume", "discard", "client", "request", "body", "nils", "query", "patch", "container", "readOperation",
        "createOperation", "listOperation", "APIOperation", "RequestBody",
        "options", "decoder", "encoder", "rawValue", "unknown", "knownCases", "save", "create", "read",
        "update", "delete", "list", "pages", "hash", "hashValue", "description", "debugDescription",
        "first-name", "user id", "2fa", "_", "__", "$ref", "@type", "名前", "a.b", "x\"y", "back\\slash",
        "emoji😀", "URLSession", "http_date", "HTTPStatus", "userID", "url", "Ünïcode", "dark_red", "IN_PROGRESS",
        "JSONKey", "OperationRequest", "APIClient", "URLQueryItem", "ModelEncodingOptions", "ISO8601DateTransform",
        "CrudeRuntime", "Patch", "FieldUpdate", "String", "Int", "hashValue", "allCases",
    ]

    /// Text for descriptions, keys, headers, raw values and paths, meant to break out of where it lands.
    public static let hostileTexts = [
        "plain words", "x\rpublic var injected: Int { 42 }", "x\npublic var injected: Int { 42 }",
        "x\u{2028}public var injected: Int { 42 }", "x\u{2029}public var injected: Int { 42 }",
        "x\u{0085}public var injected: Int { 42 }", "x\u{000B}public var injected: Int { 42 }",
        "x\u{000C}public var injected: Int { 42 }", "x\r\n}\npublic var injected: Int { 42 }\n/*",
        "quote \" and backslash \\ end", "interpolation \\(injected) and #\"raw\"#", "\"\"\" triple",
        "*/ closes a comment", "{{mustache}} {{{triple}}} {{#section}}", "tab\there", "nul-free \u{7F} delete",
        "bidi \u{202E}reversed\u{202C}", "zero\u{200B}width", "emoji 😀 and 名前", "trailing space ",
    ]

    // MARK: state of one spec

    private var swiftTypeNames: Set<String> = []
    private var specTypeNames: Set<String> = []
    /// Built-in type names the spec has declared types for, so that they no longer mean the built-in.
    private var shadowed: Set<String> = []
    private var enums: [String] = []
    private var unions: [String] = []
    private var models: [String] = []
    private var keyStyle = KeyStyle.verbatim
    private var dateFormats: [String] = []
    /// Member names that would hide a type generated code refers to (the API enum holding date formats).
    private var forbiddenMemberNames: Set<String> = []
    private var counter = 0

    // MARK: the spec

    /// One spec as YAML text.
    public mutating func spec() -> String {
        self = RandomSpecGenerator(random: random, jsonAPIRandom: jsonAPIRandom, exampleRandom: exampleRandom)
        keyStyle = KeyStyle.allCases.randomElement(using: &random)!
        // The API has no `swift_name`: its name must not be reserved.
        var apiName = typeName(fallback: "API")
        if apiName.rename != nil { apiName = ("SampleAPI", nil) }
        var lines = ["api:", "  name: \(YAMLText.quoted(apiName.spec))"]
        if chance(0.7) {
            lines.append(
                "  base_url: \(YAMLText.quoted(["https://api.example.com", "https://api.example.com/v1/", "http://127.0.0.1:8080/a%20b?q=(1)#top"].randomElement(using: &random)!))"
            )
        }
        if chance(0.3) { lines.append("  envelope: \(YAMLText.quoted(["data", "response.body", "x\"y"].randomElement(using: &random)!))") }
        if chance(0.5) { lines.append("  headers: { \(headers()) }") }
        if chance(0.3) { lines.append("  methods: { update: PATCH, delete: POST }") }
        lines.append("  keys: \(keyStyle.rawValue)")
        lines.append("  access: \(["public", "package", "internal"].randomElement(using: &random)!)")
        if chance(0.5) {
            lines.append("transforms:")
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let name = ["day", "http_date", "stamp", "httpDate", "in"].randomElement(using: &random)! + suffix()
                // Two formats whose types would share a name (`http_date`, `httpDate`) are an error.
                let typeName = SwiftNaming.derivedTypeName(name)
                guard SwiftNaming.isIdentifier(name), !dateFormats.contains(where: { SwiftNaming.derivedTypeName($0) == typeName }) else { continue }
                dateFormats.append(name)
                let zone = chance(0.4) ? ", time_zone: " + ["Europe/Paris", "America/New_York", "Asia/Kathmandu"].randomElement(using: &random)! : ""
                lines.append(
                    "  \(YAMLText.quoted(name)): { date_format: \(YAMLText.quoted(["yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss", "EEE, dd MMM yyyy HH:mm:ss 'GMT\"\\\\'"].randomElement(using: &random)!))\(zone) }"
                )
            }
        }
        // Names first: a declared type shadows the built-in of its name everywhere in the spec.
        let enumNames = (0..<Int.random(in: 0...2, using: &random)).map { _ in typeName(fallback: "Kind") }
        let modelNames = (0..<Int.random(in: 0...2, using: &random)).map { _ in typeName(fallback: "Model") }
        let resourceNames = (0..<Int.random(in: 1...2, using: &random)).map { _ in typeName(fallback: "Resource") }
        if !dateFormats.isEmpty { forbiddenMemberNames.insert(apiName.spec) }
        if !enumNames.isEmpty { lines.append("enums:") }
        for name in enumNames { lines += enumeration(name) }
        // Unions hold the models (by their spec names, known before the models are written), and models may
        // hold unions in turn.
        let unionNames = modelNames.isEmpty ? [] : (0..<Int.random(in: 0...2, using: &random)).map { _ in typeName(fallback: "Union") }
        if !unionNames.isEmpty { lines.append("unions:") }
        for name in unionNames { lines += union(name, models: modelNames.map(\.spec)) }
        if !modelNames.isEmpty { lines.append("models:") }
        for name in modelNames { lines += model(name) }
        lines.append("resources:")
        for name in resourceNames { lines += resource(name) }
        if chance(0.6) {
            lines.append("actions:")
            for _ in 0..<Int.random(in: 1...2, using: &random) { lines += action(indent: "  ", resource: nil) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A generator with these streams and no state of a spec: the next spec's start.
    private init(random: SeededGenerator, jsonAPIRandom: SeededGenerator, exampleRandom: SeededGenerator) {
        self.random = random
        self.jsonAPIRandom = jsonAPIRandom
        self.exampleRandom = exampleRandom
    }

    // MARK: sections

    private mutating func enumeration(_ name: (spec: String, rename: String?)) -> [String] {
        enums.append(name.spec)
        var lines = ["  \(YAMLText.quoted(name.spec)):"]
        let description = chance(0.5) ? ", description: \(YAMLText.quoted(hostile()))" : ""
        if chance(0.5) {
            var rawValues: [String] = []
            var caseNames: Set<String> = ["unknown"]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let raw = chance(0.5) ? Self.memberNames.randomElement(using: &random)! : hostile()
                guard !rawValues.contains(raw), caseNames.insert(SwiftNaming.caseName(raw, derived: true)).inserted else { continue }
                rawValues.append(raw)
            }
            if rawValues.isEmpty { rawValues = ["only"] }
            lines[0] +=
                name.rename.map { " { swift_name: \($0)\(description), cases: [\(rawValues.map(YAMLText.quoted).joined(separator: ", "))] }" }
                ?? " [\(rawValues.map(YAMLText.quoted).joined(separator: ", "))]"
            return lines
        }
        let isInt = chance(0.5)
        var cases: [String] = []
        var names: Set<String> = ["unknown"]
        var rawValues: Set<String> = []
        for index in 0..<Int.random(in: 1...4, using: &random) {
            let caseName = Self.memberNames.randomElement(using: &random)!
            let raw = isInt ? String(index * 7 - 3) : hostile() + suffix()
            guard names.insert(SwiftNaming.caseName(caseName, derived: false)).inserted, rawValues.insert(raw).inserted else { continue }
            cases.append("\(YAMLText.quoted(caseName)): \(YAMLText.quoted(raw))")
        }
        if cases.isEmpty { cases = ["only: \(isInt ? "1" : "only")"] }
        lines.append("    type: \(isInt ? "Int" : "String")")
        if let rename = name.rename { lines.append("    swift_name: \(rename)") }
        if !description.isEmpty { lines.append("    description: \(YAMLText.quoted(hostile()))") }
        lines.append("    cases: { \(cases.joined(separator: ", ")) }")
        return lines
    }

    /// A union of models under a hostile discriminator and tags, or of distinct types tried in order.
    private mutating func union(_ name: (spec: String, rename: String?), models: [String]) -> [String] {
        var lines = ["  \(YAMLText.quoted(name.spec)):"]
        if let rename = name.rename { lines.append("    swift_name: \(rename)") }
        if chance(0.5) { lines.append("    description: \(YAMLText.quoted(hostile()))") }
        var caseNames: Set<String> = ["unknown"]
        var variants: [String] = []
        let isMapping = chance(0.5)
        if isMapping {
            lines.append("    discriminator: \(YAMLText.quoted(hostile()))")
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let tag = hostile() + suffix()
                guard caseNames.insert(SwiftNaming.caseName(tag, derived: true)).inserted else { continue }
                variants.append("\(YAMLText.quoted(tag)): \(YAMLText.quoted(models.randomElement(using: &random)!))")
            }
        } else {
            let builtins = ["String", "Int", "Double", "Bool", "UUID", "Decimal", "URL"].filter { !shadowed.contains($0) }
            let candidates = (builtins + enums + models + models.map { "[\($0)]" }).shuffled(using: &random)
            for type in candidates.prefix(Int.random(in: 1...3, using: &random)) {
                guard case let .success(parsed) = TypeExpressionParser.parse(type),
                    caseNames.insert(SpecInterop.unionCaseName(name: nil, type: parsed)).inserted
                else { continue }
                variants.append(YAMLText.quoted(type))
            }
        }
        if variants.isEmpty { variants = ["\"only\": \(YAMLText.quoted(models[0]))"] }
        lines.append("    variants: \(isMapping ? "{ " : "[")\(variants.joined(separator: ", "))\(isMapping ? " }" : "]")")
        unions.append(name.spec)
        return lines
    }

    private mutating func model(_ name: (spec: String, rename: String?)) -> [String] {
        var lines = ["  \(YAMLText.quoted(name.spec)):"]
        if let rename = name.rename { lines.append("    swift_name: \(rename)") }
        if chance(0.5) { lines.append("    description: \(YAMLText.quoted(hostile()))") }
        let fields = fields(avoiding: [])
        if !fields.isEmpty { lines.append("    fields:") }
        lines += fields.map { "      " + $0.line }
        if lines.count == 1 { lines[0] += " {}" }
        models.append(name.spec)
        return lines
    }

    private mutating func resource(_ name: (spec: String, rename: String?)) -> [String] {
        var lines = ["  \(YAMLText.quoted(name.spec)):"]
        if let rename = name.rename { lines.append("    swift_name: \(rename)") }
        if chance(0.4) { lines.append("    description: \(YAMLText.quoted(hostile()))") }
        let idName = chance(0.5) ? "id" : Self.memberNames.randomElement(using: &random)!
        let idType = ["Int", "Int64", "String", "UUID"].filter { !shadowed.contains($0) }.randomElement(using: &random) ?? "Int"
        var idLine: String?
        var idKey = SwiftNaming.key(for: idName, style: keyStyle)
        if chance(0.3), idName == "id", !shadowed.contains("Int") {
            idLine = "    id: \(YAMLText.quoted(idName))"
        } else if idName != "id" || shadowed.contains("Int") || chance(0.5) {
            let hostileKey = chance(0.3) ? hostile() : nil
            if let hostileKey { idKey = hostileKey }
            idLine = "    id: { name: \(YAMLText.quoted(idName)), type: \(idType)\(hostileKey.map { ", key: \(YAMLText.quoted($0))" } ?? "") }"
        }
        // A JSON:API resource object: its id a string under `id`, a hostile `type`, relationships among its
        // fields. Drawn from a stream of its own, so that a seed's other choices stay as they were.
        let jsonAPIType = jsonAPIChance(0.2) && !shadowed.contains("String") ? Self.hostileTexts.randomElement(using: &jsonAPIRandom)! : nil
        if let jsonAPIType {
            let key = SwiftNaming.key(for: idName, style: keyStyle) == "id" ? "" : ", key: id"
            idLine = "    id: { name: \(YAMLText.quoted(idName)), type: \(jsonAPIChance(0.5) || shadowed.contains("UUID") ? "String" : "UUID")\(key) }"
            lines.append("    jsonapi: \(YAMLText.quoted(jsonAPIType))")
        }
        if let idLine { lines.append(idLine) }
        // Fields first: a route parameter resolves to a field before a param of the same name.
        let fields = fields(
            avoiding: [SwiftNaming.propertyName(idName)], idKey: jsonAPIType == nil ? idKey : "id",
            isJSONAPI: jsonAPIType != nil)
        let fieldNames = Set(fields.map { SwiftNaming.propertyName($0.name) })
        var params: [Field] = []
        let collection = pathSegment() + (chance(0.3) ? "/{\(paramName(into: &params, avoiding: fieldNames))}/" + pathSegment() : "")
        let trailingSlash = chance(0.3)
        lines.append("    path: \(YAMLText.quoted(collection + (trailingSlash ? "/" : "")))")
        let operations = ["create", "read", "update", "delete", "list"].filter { _ in chance(0.8) }
        if operations.count < 5 { lines.append("    operations: [\(operations.joined(separator: ", "))]") }
        if chance(0.4), operations.contains("read") {
            var routeParams = params
            let extra = "{\(paramName(into: &routeParams, avoiding: fieldNames))}"
            params = routeParams
            lines.append("    routes: { read: \(YAMLText.quoted("by-\(pathSegment())/\(extra)/{\(idName)}")) }")
        }
        if !params.isEmpty {
            lines.append("    params: { \(params.map(\.line).joined(separator: ", ")) }")
        }
        if chance(0.3) {
            let namespace = chance(0.5) ? YAMLText.quoted(hostile()) : "{ one: \(YAMLText.quoted(hostile())), many: \(YAMLText.quoted(hostile())) }"
            // A JSON:API resource's namespace is `data`: the draws are made all the same.
            if jsonAPIType == nil { lines.append("    namespace: \(namespace)") }
        }
        if chance(0.3), operations.contains("list") {
            let pagination = pagination()
            // A JSON:API page holds its resource objects in `data`.
            lines.append("    pagination: " + (jsonAPIType == nil ? pagination : "{ items: data }"))
        }
        if chance(0.3), operations.contains("read") { lines.append("    headers: { read: { \(headers()) } }") }
        if chance(0.3), operations.contains("create") { lines.append("    responses: { create: none }") }
        if chance(0.2), operations.contains("update") { lines.append("    methods: { update: PATCH }") }
        if chance(0.2), let operation = operations.randomElement(using: &random) { lines.append("    deprecated: { \(operation): \(deprecation()) }") }
        if !fields.isEmpty { lines.append("    fields:") }
        lines += fields.map { "      " + $0.line }
        if chance(0.5) {
            lines.append("    actions:")
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                lines += action(indent: "      ", resource: (idName, fields))
            }
        }
        models.append(name.spec)
        return lines
    }

    private mutating func action(indent: String, resource: (idName: String, fields: [Field])?) -> [String] {
        counter += 1
        let name =
            ["login", "search_items", "get-url", "class", "default", "in", "some", "do", "URLSession", "client"].randomElement(using: &random)!
            + String(counter)
        var lines = ["\(indent)\(YAMLText.quoted(name)):"]
        if chance(0.5) { lines.append("\(indent)  description: \(YAMLText.quoted(hostile()))") }
        if chance(0.2) { lines.append("\(indent)  deprecated: \(deprecation())") }
        var params: [Field] = []
        var path = pathSegment()
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            if let resource, chance(0.5) {
                let routable = [resource.idName] + resource.fields.filter(\.isRoutable).map(\.name)
                path += "/{\(routable.randomElement(using: &random)!)}"
            } else {
                path += "/{\(paramName(into: &params))}"
            }
        }
        lines.append("\(indent)  path: \(YAMLText.quoted(path))")
        if !params.isEmpty { lines.append("\(indent)  params: { \(params.map(\.line).joined(separator: ", ")) }") }
        if chance(0.3) { lines.append("\(indent)  method: \(["GET", "POST", "PUT", "PATCH", "DELETE"].randomElement(using: &random)!)") }
        if chance(0.3) { lines.append("\(indent)  headers: { \(headers()) }") }
        // Route parameters, body fields and query parameters become arguments of one function: their Swift
        // names must differ.
        var taken = Set(params.map { SwiftNaming.propertyName($0.name) })
        if let resource { taken.formUnion([SwiftNaming.propertyName(resource.idName)] + resource.fields.map { SwiftNaming.propertyName($0.name) }) }
        if chance(0.5) {
            let query = fields(avoiding: taken, queryOnly: true)
            taken.formUnion(query.map { SwiftNaming.propertyName($0.name) })
            if !query.isEmpty { lines.append("\(indent)  query: { \(query.map(\.line).joined(separator: ", ")) }") }
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let body = fields(avoiding: taken, isBody: true)
            if !body.isEmpty { lines.append("\(indent)  body: { \(body.map(\.line).joined(separator: ", ")) }") }
        case 1 where !models.isEmpty:
            lines.append("\(indent)  body: \(YAMLText.quoted(models.randomElement(using: &random)!))")
        default:
            break
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: lines.append("\(indent)  returns: none")
        case 1 where !models.isEmpty: lines.append("\(indent)  returns: \(YAMLText.quoted("[\(models.randomElement(using: &random)!)]"))")
        case 1 where !shadowed.contains("File"): lines.append("\(indent)  returns: File")
        case 2:
            let returned = fields(avoiding: [])
            if !returned.isEmpty { lines.append("\(indent)  returns: { \(returned.map(\.line).joined(separator: ", ")) }") }
        default: break
        }
        return lines
    }

    /// A pagination of a random style with keys that fit it.
    private mutating func pagination() -> String {
        let style = ["next_url", "page", "offset", "cursor", "link_header"].randomElement(using: &random)!
        guard chance(0.8) else { return "true" }
        var keys = ["style: \(style)", "items: \(YAMLText.quoted(["data.items", "results", "users", hostile()].randomElement(using: &random)!))"]
        if ["next_url", "page", "cursor"].contains(style), chance(0.6) {
            keys.append("next: \(YAMLText.quoted(["next", "meta.next", hostile()].randomElement(using: &random)!))")
        }
        if ["page", "offset", "cursor"].contains(style), chance(0.5) { keys.append("parameter: \(YAMLText.quoted(hostile()))") }
        if chance(0.5) {
            keys.append("count: \(chance(0.5) ? "none" : YAMLText.quoted("total"))")
        } else if chance(0.3) {
            keys.append("count_header: X-Total-Count")
        }
        if chance(0.5) { keys.append("size: \(Int.random(in: 1...100, using: &random))") }
        return "{ \(keys.joined(separator: ", ")) }"
    }

    // MARK: fields

    /// A field as a YAML flow entry, with what routes need to know of it.
    struct Field {
        var name: String
        var line: String
        /// Whether a route may use it: its type prints as one path segment.
        var isRoutable: Bool
    }

    /// Fields with distinct Swift names and JSON keys, none named like `avoiding`.
    /// Fields of a JSON:API resource are never keyed `type`, and some are relationships.
    private mutating func fields(
        avoiding taken: Set<String>, idKey: String? = nil, queryOnly: Bool = false, isBody: Bool = false, isJSONAPI: Bool = false
    ) -> [Field] {
        var names = taken
        var keys = Set(idKey.map { [$0] } ?? []).union(isJSONAPI ? ["type"] : [])
        var result: [Field] = []
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let name = Self.memberNames.randomElement(using: &random)!
            let swiftName = SwiftNaming.propertyName(name)
            guard !forbiddenMemberNames.contains(swiftName) else { continue }
            var field = FieldSpec(
                name: Located(name, at: SourceLocation(file: "", line: 1, column: 1)),
                type: Located(.named("Int"), at: SourceLocation(file: "", line: 1, column: 1)))
            var options: [String] = []
            if chance(0.2) {
                let key = hostile() + suffix()
                field.key = Located(key, at: field.name.location)
                options.append("key: \(YAMLText.quoted(key))")
            }
            let key = field.jsonKey(style: keyStyle)
            guard !names.contains(swiftName), !keys.contains(key) else { continue }
            var (type, transform, routable) = queryOnly ? queryType() : fieldType()
            if isJSONAPI, jsonAPIChance(0.4) {
                let base = shadowed.contains("UUID") || jsonAPIChance(0.6) ? "String" : "UUID"
                (type, transform, routable) = ([base, base + "?", "[\(base)]", "[\(base)]?"].randomElement(using: &jsonAPIRandom)!, nil, false)
                options.append("relationship: \(YAMLText.quoted(Self.hostileTexts.randomElement(using: &jsonAPIRandom)!))")
            }
            names.insert(swiftName)
            keys.insert(key)
            if let transform { options.append("transform: \(transform)") }
            if queryOnly, type.hasPrefix("["), chance(0.5) { options.append("array_style: \(chance(0.5) ? "comma" : "repeated")") }
            // A body's field is sent, so it is never read-only; the draw is made all the same, so that a seed's
            // other choices stay as they were.
            if !queryOnly, chance(0.15), !isBody { options.append("read_only: true") }
            if chance(0.3) { options.append("description: \(YAMLText.quoted(hostile()))") }
            if Double.random(in: 0..<1, using: &exampleRandom) < 0.25, let example = example(of: type) {
                options.append("example: \(YAMLText.quoted(example))")
            }
            let line =
                options.isEmpty
                ? "\(YAMLText.quoted(name)): \(YAMLText.quoted(type))"
                : "\(YAMLText.quoted(name)): { type: \(YAMLText.quoted(type)), \(options.joined(separator: ", ")) }"
            result.append(Field(name: name, line: line, isRoutable: routable))
        }
        return result
    }

    /// An example of a field of `type` that is a value of it, as the validator checks a number, a flag or
    /// an enum (an example that is none is a warning, and import leaves it out); hostile text where any
    /// text is one. None for an enum field.
    private mutating func example(of type: String) -> String? {
        let base = type.hasSuffix("?") ? String(type.dropLast()) : type
        let examples: [String] =
            switch base {
            case "Int", "Int32", "Int64", "UInt": ["42", "7"]
            case "Double", "Float", "Decimal": ["4.5", "-7"]
            case "Bool": ["true", "false"]
            case _ where enums.contains(base): []
            default: Self.hostileTexts + ["Jane Doe"]
            }
        return examples.randomElement(using: &exampleRandom)
    }

    /// A field type, its transform if any, and whether it can be a route parameter.
    private mutating func fieldType() -> (String, String?, Bool) {
        var base: String
        var transform: String?
        var routable = false
        switch Int.random(in: 0..<10, using: &random) {
        case 0 where !enums.isEmpty:
            base = enums.randomElement(using: &random)!
            routable = true
        case 1 where !models.isEmpty: base = models.randomElement(using: &random)!
        case 2 where !unions.isEmpty: base = unions.randomElement(using: &random)!
        default:
            let builtins = ["String", "Int", "Int32", "Int64", "UInt", "Double", "Float", "Bool", "Decimal", "Date", "URL", "UUID", "Data", "JSON"]
            base = builtins.filter { !shadowed.contains($0) }.randomElement(using: &random) ?? "Int"
            routable = BuiltinType(rawValue: base)?.isRouteParameterType == true
            let transforms: [String: [String]] = [
                "Date": ["iso8601", "iso8601_fractional", "epoch_seconds", "epoch_milliseconds"] + dateFormats,
                "Double": ["percentage", "lenient"], "Int": ["lenient"], "Bool": ["lenient"], "String": ["lenient", "string_id"], "URL": ["url"],
            ]
            if chance(0.5), let choices = transforms[base], !shadowed.contains("Date") || base != "Date" {
                transform = choices.randomElement(using: &random)
            }
        }
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return (base + "?", transform, routable)
        case 1: return ("[\(base)]", transform, false)
        case 2: return ("[\(base)?]?", transform, false)
        case 3 where !shadowed.contains("String"): return ("[String: \(base)]", transform, false)
        default: return (base, transform, routable)
        }
    }

    /// A query parameter's type: a scalar, date or enum, or an array of one, maybe optional; dates get
    /// a transform, arrays a style.
    private mutating func queryType() -> (String, String?, Bool) {
        let scalars = ["String", "Int", "Double", "Bool", "UUID", "Decimal", "Date", "URL", "Float"].filter { !shadowed.contains($0) } + enums
        let base = scalars.randomElement(using: &random) ?? "Int"
        let transform =
            base == "Date" && !shadowed.contains("Date") && chance(0.5)
            ? (["epoch_seconds", "epoch_milliseconds", "iso8601_fractional"] + dateFormats).randomElement(using: &random) : nil
        let type = chance(0.3) ? "[\(base)]" : base
        return (chance(0.5) ? type + "?" : type, transform, false)
    }

    /// Declares a route parameter with a path type and returns its name.
    private mutating func paramName(into params: inout [Field], avoiding fieldNames: Set<String> = []) -> String {
        let taken = Set(params.map { SwiftNaming.propertyName($0.name) }).union(fieldNames)
        var name = Self.memberNames.randomElement(using: &random)!
        while taken.contains(SwiftNaming.propertyName(name)) || forbiddenMemberNames.contains(SwiftNaming.propertyName(name)) || name == "id" { name += "x" }
        let types = ["Int", "String", "UUID", "Bool", "Double"].filter { !shadowed.contains($0) } + enums
        params.append(Field(name: name, line: "\(YAMLText.quoted(name)): \(YAMLText.quoted(types.randomElement(using: &random) ?? "Int"))", isRoutable: true))
        return name
    }

    // MARK: pieces

    /// A type name not yet used, with a `swift_name` when the name is reserved.
    private mutating func typeName(fallback: String) -> (spec: String, rename: String?) {
        for _ in 0..<8 {
            let name = Self.typeNames.randomElement(using: &random)!
            let rename = SymbolTable.reservedNames.contains(name) ? fallback + name + suffix() : nil
            let swiftName = rename ?? name
            guard !specTypeNames.contains(name), !swiftTypeNames.contains(swiftName.lowercased()) else { continue }
            specTypeNames.insert(name)
            swiftTypeNames.insert(swiftName.lowercased())
            if BuiltinType(rawValue: name) != nil { shadowed.insert(name) }
            return (name, rename)
        }
        counter += 1
        let name = "\(fallback)\(counter)Type"
        specTypeNames.insert(name)
        swiftTypeNames.insert(name.lowercased())
        return (name, nil)
    }

    private mutating func headers() -> String {
        let names = ["X-Trace", "Accept", "X-Client_Version", "X-Weird!#$%&'*+.^`|~"]
        var used: Set<String> = []
        return (0..<Int.random(in: 1...2, using: &random)).compactMap { _ in
            let name = names.randomElement(using: &random)!
            guard used.insert(name).inserted else { return nil }
            // Header values may not contain line breaks; anything else is fair.
            let value = hostile().filter { !$0.isNewline }
            return "\(YAMLText.quoted(name)): \(YAMLText.quoted(value))"
        }.joined(separator: ", ")
    }

    /// A literal path segment, sometimes with characters a Swift string literal must escape.
    private mutating func pathSegment() -> String {
        ["people", "items", "a b", "quo\"te", "back\\slash", "\\(x)", "名前", "per%cent", "tab\tbed", "x\u{2028}y"].randomElement(using: &random)! + suffix()
    }

    /// `true`, or a message of hostile text.
    private mutating func deprecation() -> String {
        chance(0.3) ? "true" : YAMLText.quoted(hostile())
    }

    private mutating func hostile() -> String {
        Self.hostileTexts.randomElement(using: &random)!
    }

    /// A short distinguishing suffix, empty half of the time.
    private mutating func suffix() -> String {
        counter += 1
        return chance(0.5) ? "" : String(counter)
    }

    /// A draw of the JSON:API choices' own stream.
    private mutating func jsonAPIChance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &jsonAPIRandom) < probability
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }
}
