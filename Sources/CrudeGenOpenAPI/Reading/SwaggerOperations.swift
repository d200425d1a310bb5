import CrudeGenCore
import Yams

/// Paths and operations: Swagger's body and form parameters become request bodies, `produces` the media
/// types of responses' content.
extension SwaggerConverter {
    /// The verbs of a path item.
    static let verbs: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch"]

    /// What a Swagger parameter list entry becomes in OpenAPI 3.0.
    enum ParameterUse {
        /// A parameter, converted, or a reference to a shared one.
        case parameter(Node)
        /// A body parameter (its Swagger node), which becomes the request body.
        case body(Node.Mapping, at: Node, [String])
        /// A reference to a shared body parameter, which becomes a reference to a shared request body.
        case bodyReference(Node)
        /// A form parameter (its Swagger node), which becomes a property of the form request body.
        case formField(Node.Mapping, at: Node, [String])
    }

    /// The paths, each path item converted.
    mutating func paths(_ node: Node) -> Node {
        namedEntries(node, at: ["paths"]) { converter, item, pointer in
            pointer[1].hasPrefix("x-") ? item : converter.pathItem(item, at: pointer)
        }
    }

    /// A path item: its parameters that are not bodies stay on it; body and form parameters, which OpenAPI 3.0
    /// has no place for on a path item, join each of its operations.
    mutating func pathItem(_ node: Node, at pointer: [String]) -> Node? {
        guard case let .mapping(item) = node else {
            warn("a path item must be a mapping; it is left out", at: node, pointer)
            return nil
        }
        let shared = item.value(forKey: "parameters").map { parameterUses($0, at: pointer + ["parameters"]) } ?? []
        var converted: [(String, Node)] = []
        let parameters = shared.compactMap { if case let .parameter(node) = $0 { node } else { nil } }
        if !parameters.isEmpty { converted.append(("parameters", .list(parameters, at: item.value(forKey: "parameters")?.mark))) }
        for pair in item {
            guard let key = pair.key.scalar?.string else { continue }
            switch key {
            case "parameters":
                continue
            case "$ref":
                converted.append((key, reference(pair.value, at: pointer + [key])))
            case _ where Self.verbs.contains(key):
                if let operation = operation(pair.value, shared: shared, at: pointer + [key]) { converted.append((key, operation)) }
            case _ where key.hasPrefix("x-"):
                converted.append((key, pair.value))
            default:
                warn("`\(key)` is not a Swagger 2.0 path item key; it is left out", at: pair.value, pointer + [key])
            }
        }
        return .object(converted, at: node.mark)
    }

    /// An operation with its parameters split into parameters and a request body, and its responses' content
    /// in the media types it produces. `shared` are its path item's parameters; its own of the same name and
    /// place override them, as in Swagger.
    mutating func operation(_ node: Node, shared: [ParameterUse], at pointer: [String]) -> Node? {
        guard case let .mapping(operation) = node else {
            warn("an operation must be a mapping; it is left out", at: node, pointer)
            return nil
        }
        let consumes = mediaTypes(operation.value(forKey: "consumes"), at: pointer + ["consumes"]) ?? consumes
        let produces = mediaTypes(operation.value(forKey: "produces"), at: pointer + ["produces"]) ?? produces
        let own = operation.value(forKey: "parameters").map { parameterUses($0, at: pointer + ["parameters"]) } ?? []
        var converted: [(String, Node)] = []
        var parameters: [Node] = []
        for pair in operation {
            guard let key = pair.key.scalar?.string else { continue }
            switch key {
            case "tags", "summary", "description", "externalDocs", "operationId", "deprecated", "security":
                converted.append((key, pair.value))
            case "consumes", "produces":
                continue
            case "parameters":
                parameters = own.compactMap { if case let .parameter(node) = $0 { node } else { nil } }
            case "responses":
                converted.append((key, responses(pair.value, produces: produces, at: pointer + [key])))
            case "schemes":
                warn("`schemes` of an operation has no place in OpenAPI 3.0 and is left out", at: pair.value, pointer + [key])
            case _ where key.hasPrefix("x-"):
                converted.append((key, pair.value))
            default:
                warn("`\(key)` is not a Swagger 2.0 operation key; it is left out", at: pair.value, pointer + [key])
            }
        }
        if !parameters.isEmpty { converted.append(("parameters", .list(parameters, at: operation.value(forKey: "parameters")?.mark))) }
        if let body = requestBody(of: own + shared.filter { !Self.overridden($0, by: own) }, consumes: consumes, at: pointer) {
            converted.append(("requestBody", body))
        }
        if !converted.contains(where: { $0.0 == "responses" }) {
            warn("an operation needs `responses`; it has none", at: node, pointer)
            converted.append(("responses", .object([("default", .object([("description", .text("", at: node.mark))], at: node.mark))], at: node.mark)))
        }
        return .object(converted, at: node.mark)
    }

    /// Whether an operation's own parameters override a path item's body or form parameter: one body
    /// replaces another, a form field of the same name replaces its namesake.
    static func overridden(_ use: ParameterUse, by own: [ParameterUse]) -> Bool {
        switch use {
        case .parameter: return true
        case .body, .bodyReference: return own.contains { if case .body = $0 { true } else if case .bodyReference = $0 { true } else { false } }
        case let .formField(field, _, _):
            return own.contains {
                if case let .formField(other, _, _) = $0 {
                    other.value(forKey: "name")?.scalar?.string == field.value(forKey: "name")?.scalar?.string
                } else {
                    false
                }
            }
        }
    }

    /// The request body of an operation's body or form parameters, `nil` when it has neither.
    mutating func requestBody(of uses: [ParameterUse], consumes: [String], at pointer: [String]) -> Node? {
        var fields: [(Node.Mapping, Node, [String])] = []
        var body: Node?
        for use in uses {
            switch use {
            case .parameter: continue
            case let .body(parameter, node, pointer): body = body ?? requestBody(parameter, at: node, consumes: consumes, pointer)
            case let .bodyReference(reference): body = body ?? reference
            case let .formField(parameter, node, pointer): fields.append((parameter, node, pointer))
            }
        }
        if let body {
            if let first = fields.first { warn("an operation with a body parameter cannot have form parameters; they are left out", at: first.1, first.2) }
            return body
        }
        return fields.isEmpty ? nil : formBody(fields, consumes: consumes)
    }

    /// A body parameter as a request body: its schema in each media type the operation consumes, JSON when it names none.
    mutating func requestBody(_ parameter: Node.Mapping, at node: Node, consumes: [String], _ pointer: [String]) -> Node {
        let schema: Node
        if let given = parameter.value(forKey: "schema"), let converted = self.schema(given, at: pointer + ["schema"]) {
            schema = converted
        } else {
            if parameter.value(forKey: "schema") == nil { warn("a body parameter needs a `schema`; the body is any value", at: node, pointer) }
            schema = .object([], at: node.mark)
        }
        let types = consumes.isEmpty ? ["application/json"] : consumes
        var body: [(String, Node)] = [("content", .object(types.map { ($0, .object([("schema", schema)], at: schema.mark)) }, at: node.mark))]
        for pair in parameter {
            guard let key = pair.key.scalar?.string, key == "description" || key == "required" || key.hasPrefix("x-") else { continue }
            body.append((key, pair.value))
        }
        return .object(body, at: node.mark)
    }

    /// Form parameters as a request body whose schema is an object of them: `multipart/form-data` when the
    /// operation consumes it or a field is a file, else `application/x-www-form-urlencoded`.
    mutating func formBody(_ fields: [(parameter: Node.Mapping, node: Node, pointer: [String])], consumes: [String]) -> Node {
        let mark = fields[0].node.mark
        var properties: [(String, Node)] = []
        var required: [Node] = []
        var hasFile = false
        for field in fields {
            guard let name = field.parameter.value(forKey: "name")?.scalar?.string else {
                warn("a parameter needs a `name`; it is left out", at: field.node, field.pointer)
                continue
            }
            hasFile = hasFile || field.parameter.value(forKey: "type")?.scalar?.string == "file"
            var schema = simpleSchema(field.parameter, at: field.node, field.pointer)
            if let description = field.parameter.value(forKey: "description"), case var .mapping(mapping) = schema {
                mapping[Node.text("description", at: description.mark)] = description
                schema = .mapping(mapping)
            }
            properties.append((name, schema))
            if field.parameter.value(forKey: "required")?.scalar?.string == "true" { required.append(.text(name, at: field.node.mark)) }
        }
        var types = consumes.filter { $0 == "multipart/form-data" || $0 == "application/x-www-form-urlencoded" }
        if hasFile { types = ["multipart/form-data"] }
        if types.isEmpty { types = ["application/x-www-form-urlencoded"] }
        var schema: [(String, Node)] = [("type", .text("object", at: mark)), ("properties", .object(properties, at: mark))]
        if !required.isEmpty { schema.append(("required", .list(required, at: mark))) }
        let content = types.map { ($0, Node.object([("schema", .object(schema, at: mark))], at: mark)) }
        return .object([("content", .object(content, at: mark))] + (required.isEmpty ? [] : [("required", .flag(true, at: mark))]), at: mark)
    }

    /// What each entry of a parameter list becomes; malformed entries are left out with a warning.
    mutating func parameterUses(_ node: Node, at pointer: [String]) -> [ParameterUse] {
        guard case let .sequence(list) = node else {
            warn("`parameters` must be a list; it is left out", at: node, pointer)
            return []
        }
        var uses: [ParameterUse] = []
        for (index, entry) in list.enumerated() {
            let pointer = pointer + [String(index)]
            guard case let .mapping(parameter) = entry else {
                warn("a parameter must be a mapping; it is left out", at: entry, pointer)
                continue
            }
            if let target = parameter.value(forKey: "$ref") {
                let name = Self.sharedParameterName(target.scalar?.string ?? "")
                let shared = name.flatMap { sharedParameters[$0] }
                switch shared?.value(forKey: "in")?.scalar?.string {
                case "body": uses.append(.bodyReference(.object([("$ref", reference(target, at: pointer + ["$ref"]))], at: entry.mark)))
                case "formData": if let shared, let name { uses.append(.formField(shared, at: .mapping(shared), ["parameters", name])) }
                default: uses.append(.parameter(.object([("$ref", reference(target, at: pointer + ["$ref"]))], at: entry.mark)))
                }
                continue
            }
            switch parameter.value(forKey: "in")?.scalar?.string {
            case "body": uses.append(.body(parameter, at: entry, pointer))
            case "formData": uses.append(.formField(parameter, at: entry, pointer))
            default: if let converted = self.parameter(parameter, at: entry, pointer) { uses.append(.parameter(converted)) }
            }
        }
        return uses
    }

    /// A query, header or path parameter, its type keywords moved into `schema` and its `collectionFormat`
    /// said with `style` and `explode`.
    mutating func parameter(_ parameter: Node.Mapping, at node: Node, _ pointer: [String]) -> Node? {
        let place = parameter.value(forKey: "in")?.scalar?.string ?? ""
        guard ["query", "header", "path"].contains(place) else {
            warn("a parameter `in: \(place)` is not Swagger 2.0; it is left out", at: node, pointer)
            return nil
        }
        guard parameter.value(forKey: "name")?.scalar?.string != nil else {
            warn("a parameter needs a `name`; it is left out", at: node, pointer)
            return nil
        }
        if parameter.value(forKey: "type")?.scalar?.string == "file" {
            warn("a file parameter must be `in: formData`; it is left out", at: node, pointer)
            return nil
        }
        let mark = node.mark
        var converted: [(String, Node)] = []
        for pair in parameter {
            guard let key = pair.key.scalar?.string else { continue }
            if ["name", "in", "description", "required"].contains(key) || key.hasPrefix("x-") || (key == "allowEmptyValue" && place == "query") {
                converted.append((key, pair.value))
            }
        }
        if place == "path", parameter.value(forKey: "required")?.scalar?.string != "true" {
            converted.removeAll { $0.0 == "required" }
            converted.append(("required", .flag(true, at: mark)))
        }
        converted.append(("schema", simpleSchema(parameter, at: node, pointer)))
        if parameter.value(forKey: "type")?.scalar?.string == "array" {
            converted += style(of: parameter.value(forKey: "collectionFormat"), in: place, at: node, pointer)
        }
        return .object(converted, at: mark)
    }

    /// `style` and `explode` for an array parameter's `collectionFormat` (`csv` when it names none).
    mutating func style(of format: Node?, in place: String, at node: Node, _ pointer: [String]) -> [(String, Node)] {
        let mark = format?.mark ?? node.mark
        let name = format?.scalar?.string ?? "csv"
        switch (name, place) {
        case ("csv", "query"): return [("style", .text("form", at: mark)), ("explode", .flag(false, at: mark))]
        case ("csv", _): return []
        case ("multi", "query"): return [("style", .text("form", at: mark)), ("explode", .flag(true, at: mark))]
        case ("ssv", "query"): return [("style", .text("spaceDelimited", at: mark)), ("explode", .flag(false, at: mark))]
        case ("pipes", "query"): return [("style", .text("pipeDelimited", at: mark)), ("explode", .flag(false, at: mark))]
        default:
            warn(
                "`collectionFormat: \(name)` has no OpenAPI 3.0 style\(place == "query" ? "" : " in a \(place) parameter"); the array is sent comma-separated",
                at: node, pointer)
            return place == "query" ? [("style", .text("form", at: mark)), ("explode", .flag(false, at: mark))] : []
        }
    }

    /// The responses of an operation, or of the document, each converted.
    mutating func responses(_ node: Node, produces: [String], at pointer: [String]) -> Node {
        namedEntries(node, at: pointer) { converter, response, pointer in
            pointer.last?.hasPrefix("x-") == true ? response : converter.response(response, produces: produces, at: pointer)
        }
    }

    /// A response: its schema as content in each media type the operation produces (JSON when it names none),
    /// a file as `application/octet-stream`, its headers' type keywords moved into `schema`.
    mutating func response(_ node: Node, produces: [String], at pointer: [String]) -> Node? {
        guard case let .mapping(response) = node else {
            warn("a response must be a mapping; it is left out", at: node, pointer)
            return nil
        }
        if let target = response.value(forKey: "$ref") {
            return .object([("$ref", reference(target, at: pointer + ["$ref"]))], at: node.mark)
        }
        var converted: [(String, Node)] = [("description", response.value(forKey: "description") ?? .text("", at: node.mark))]
        for pair in response {
            guard let key = pair.key.scalar?.string else { continue }
            switch key {
            case "description", "examples":
                continue
            case "schema":
                converted.append(("content", content(of: pair.value, examples: response.value(forKey: "examples"), produces: produces, at: pointer + [key])))
            case "headers":
                converted.append((key, namedEntries(pair.value, at: pointer + [key]) { $0.header($1, at: $2) }))
            case _ where key.hasPrefix("x-"):
                converted.append((key, pair.value))
            default:
                warn("`\(key)` is not a Swagger 2.0 response key; it is left out", at: pair.value, pointer + [key])
            }
        }
        return .object(converted, at: node.mark)
    }

    /// A response schema as content: a file is `application/octet-stream` bytes; anything else is the
    /// schema in each produced media type, with its example when `examples` gives one for that type.
    mutating func content(of schemaNode: Node, examples: Node?, produces: [String], at pointer: [String]) -> Node {
        let mark = schemaNode.mark
        if case let .mapping(schema) = schemaNode, schema.value(forKey: "type")?.scalar?.string == "file" {
            let binary = Node.object([("type", .text("string", at: mark)), ("format", .text("binary", at: mark))], at: mark)
            return .object([("application/octet-stream", .object([("schema", binary)], at: mark))], at: mark)
        }
        let schema = self.schema(schemaNode, at: pointer) ?? .object([], at: mark)
        var exampleByType: [String: Node] = [:]
        if case let .mapping(given)? = examples {
            for pair in given { if let type = pair.key.scalar?.string { exampleByType[type] = pair.value } }
        }
        let types = produces.isEmpty ? ["application/json"] : produces
        return .object(types.map { type in (type, .object([("schema", schema)] + (exampleByType[type].map { [("example", $0)] } ?? []), at: mark)) }, at: mark)
    }

    /// A response header: its description and extensions, its type keywords as `schema`.
    mutating func header(_ node: Node, at pointer: [String]) -> Node? {
        guard case let .mapping(header) = node else {
            warn("a header must be a mapping; it is left out", at: node, pointer)
            return nil
        }
        var converted: [(String, Node)] = []
        for pair in header {
            guard let key = pair.key.scalar?.string, key == "description" || key.hasPrefix("x-") else { continue }
            converted.append((key, pair.value))
        }
        converted.append(("schema", simpleSchema(header, at: node, pointer)))
        return .object(converted, at: node.mark)
    }
}
