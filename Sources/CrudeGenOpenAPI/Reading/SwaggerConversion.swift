import CrudeGenCore
import Yams

/// Swagger 2.0 documents converted to the OpenAPI 3.0 documents import reads, node by node, as
/// swagger2openapi converts them (docs/openapi.md lists what is converted and what is warned about).
///
/// The conversion works on the composed nodes rather than on a decoded model so that every converted node
/// keeps the line and column of the Swagger node it came from: the importer's later warnings, which it
/// locates through the converted document, then point into the Swagger file.
enum SwaggerConversion {
    /// The OpenAPI version converted documents declare.
    static let convertedVersion = "3.0.3"

    /// The OpenAPI 3.0 document for the Swagger document `root`, and a located warning for each thing
    /// OpenAPI 3.0 has no place for or that is malformed, which is left out. Only a Swagger version other
    /// than 2.0 is an error: its documents are not shaped like 2.0's.
    static func openAPI30(from root: Node, file: String) throws(DiagnosticsError) -> (document: Node, warnings: [Diagnostic]) {
        guard case let .mapping(top) = root else {
            throw DiagnosticsError([
                .error("`\(file)` is not a Swagger document: its top level is not a mapping", at: SwaggerConverter.location(of: root, in: file))
            ])
        }
        let version = top.value(forKey: "swagger")
        guard let text = version?.scalar?.string, text == "2.0" || text.hasPrefix("2.0.") else {
            throw DiagnosticsError([
                .error(
                    "Swagger version `\(version?.scalar?.string ?? "?")` is not supported; import reads Swagger 2.0, OpenAPI 3.0 and 3.1",
                    at: SwaggerConverter.location(of: version ?? root, in: file))
            ])
        }
        var converter = SwaggerConverter(top, file: file)
        let document = converter.document(top, at: root)
        return (document, converter.warnings)
    }
}

/// One conversion: the document-wide defaults operations fall back on, and the warnings found so far.
struct SwaggerConverter {
    /// The Swagger file, named in warnings.
    let file: String
    /// What OpenAPI 3.0 has no place for, or what is malformed, in document order.
    var warnings: [Diagnostic] = []
    /// The document's `consumes`: the request media types of operations that name none.
    var consumes: [String] = []
    /// The document's `produces`: the response media types of operations that name none.
    var produces: [String] = []
    /// The document's `parameters` by name: a reference to a body or form parameter becomes a request
    /// body, which OpenAPI 3.0 keeps apart from parameters.
    var sharedParameters: [String: Node.Mapping] = [:]
    /// New names of components whose Swagger names OpenAPI 3.0 does not allow, by section (`definitions`)
    /// and Swagger name; references follow them.
    var componentNames: [String: [String: String]] = [:]

    /// Reads the document-wide defaults of `top`.
    init(_ top: Node.Mapping, file: String) {
        self.file = file
        consumes = mediaTypes(top.value(forKey: "consumes"), at: ["consumes"]) ?? []
        produces = mediaTypes(top.value(forKey: "produces"), at: ["produces"]) ?? []
        componentNames = Self.componentNames(of: top)
        if case let .mapping(parameters)? = top.value(forKey: "parameters") {
            for pair in parameters {
                if let name = pair.key.scalar?.string, case let .mapping(parameter) = pair.value { sharedParameters[name] = parameter }
            }
        }
    }

    /// The converted document: `openapi`, `info` and `servers` first, the rest in the Swagger document's order,
    /// `components` last.
    mutating func document(_ top: Node.Mapping, at root: Node) -> Node {
        var head: [(String, Node)] = [("openapi", .text(SwaggerConversion.convertedVersion, at: top.value(forKey: "swagger")?.mark))]
        var rest: [(String, Node)] = []
        var components: [(String, Node)] = []
        var componentsMark: Mark?
        for pair in top {
            guard let key = pair.key.scalar?.string else {
                warn("a key must be a string; the entry is left out", at: pair.key, [])
                continue
            }
            switch key {
            case "swagger", "host", "basePath", "schemes", "consumes", "produces":
                continue
            case "info":
                head.append((key, pair.value))
            case "tags", "externalDocs", "security":
                rest.append((key, pair.value))
            case "paths":
                rest.append((key, paths(pair.value)))
            case "definitions":
                componentsMark = componentsMark ?? pair.value.mark
                components.append(("schemas", namedEntries(pair.value, at: [key], renaming: componentNames[key]) { $0.schema($1, at: $2) }))
            case "responses":
                componentsMark = componentsMark ?? pair.value.mark
                let responses = namedEntries(pair.value, at: [key], renaming: componentNames[key]) { $0.response($1, produces: $0.produces, at: $2) }
                components.append(("responses", responses))
            case "securityDefinitions":
                componentsMark = componentsMark ?? pair.value.mark
                components.append(("securitySchemes", namedEntries(pair.value, at: [key]) { $0.securityScheme($1, at: $2) }))
            case "parameters":
                componentsMark = componentsMark ?? pair.value.mark
                components += sharedParameterComponents(pair.value)
            default:
                if key.hasPrefix("x-") {
                    rest.append((key, pair.value))
                } else {
                    warn("`\(key)` is not a Swagger 2.0 key; it is left out", at: pair.value, [key])
                }
            }
        }
        if let servers = servers(top) { head.append(("servers", servers)) }
        if !rest.contains(where: { $0.0 == "paths" }) { rest.append(("paths", .object([], at: root.mark))) }
        if !components.isEmpty { rest.append(("components", .object(components, at: componentsMark))) }
        return .object(head + rest, at: root.mark)
    }

    /// `host`, `basePath` and `schemes` as servers: one URL per scheme, `https` first since a client should
    /// use TLS when the API offers it, or `basePath` alone (a relative server) when there is no host.
    func servers(_ top: Node.Mapping) -> Node? {
        let host = top.value(forKey: "host").flatMap { $0.scalar?.string }.flatMap { $0.isEmpty ? nil : $0 }
        var basePath = top.value(forKey: "basePath")?.scalar?.string ?? ""
        if !basePath.isEmpty, !basePath.hasPrefix("/") { basePath = "/" + basePath }
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let mark = top.value(forKey: "host")?.mark ?? top.value(forKey: "basePath")?.mark
        guard let host else {
            return basePath.isEmpty ? nil : .list([.object([("url", .text(basePath, at: mark))], at: mark)], at: mark)
        }
        var schemes: [String] = []
        if case let .sequence(listed)? = top.value(forKey: "schemes") {
            schemes = listed.compactMap { $0.scalar?.string.lowercased() }.filter { $0 == "http" || $0 == "https" }
        }
        if schemes.isEmpty { schemes = ["https"] }
        schemes.sort { lhs, _ in lhs == "https" }
        return .list(schemes.map { .object([("url", .text("\($0)://\(host)\(basePath)", at: mark))], at: mark) }, at: mark)
    }

    /// The document's `parameters` as `components/parameters` and, for body parameters, `components/requestBodies`.
    /// Form parameters have no component of their own in OpenAPI 3.0: operations referring to them get them in place.
    mutating func sharedParameterComponents(_ node: Node) -> [(String, Node)] {
        guard case let .mapping(mapping) = node else {
            warn("`parameters` must be a mapping; it is left out", at: node, ["parameters"])
            return []
        }
        var parameters: [(String, Node)] = []
        var bodies: [(String, Node)] = []
        for pair in mapping {
            guard let name = pair.key.scalar?.string else { continue }
            let pointer = ["parameters", name]
            guard case let .mapping(parameter) = pair.value else {
                warn("a parameter must be a mapping; it is left out", at: pair.value, pointer)
                continue
            }
            let componentName = componentNames["parameters"]?[name] ?? name
            switch parameter.value(forKey: "in")?.scalar?.string {
            case "body": bodies.append((componentName, requestBody(parameter, at: pair.value, consumes: consumes, pointer)))
            case "formData": continue
            default: if let converted = self.parameter(parameter, at: pair.value, pointer) { parameters.append((componentName, converted)) }
            }
        }
        var components: [(String, Node)] = []
        if !parameters.isEmpty { components.append(("parameters", .object(parameters, at: node.mark))) }
        if !bodies.isEmpty { components.append(("requestBodies", .object(bodies, at: node.mark))) }
        return components
    }

    /// A security definition as an OpenAPI 3.0 security scheme: `basic` becomes HTTP basic authentication,
    /// an OAuth 2 `flow` one of `flows`.
    mutating func securityScheme(_ node: Node, at pointer: [String]) -> Node? {
        guard case let .mapping(definition) = node else {
            warn("a security definition must be a mapping; it is left out", at: node, pointer)
            return nil
        }
        let mark = node.mark
        var scheme: [(String, Node)] = []
        switch definition.value(forKey: "type")?.scalar?.string {
        case "basic":
            scheme = [("type", .text("http", at: mark)), ("scheme", .text("basic", at: mark))]
        case "apiKey":
            guard let name = definition.value(forKey: "name"), let place = definition.value(forKey: "in") else {
                warn("an `apiKey` security definition needs `name` and `in`; it is left out", at: node, pointer)
                return nil
            }
            scheme = [("type", .text("apiKey", at: mark)), ("name", name), ("in", place)]
        case "oauth2":
            let flows: [String: (name: String, keys: [String])] = [
                "implicit": ("implicit", ["authorizationUrl"]), "password": ("password", ["tokenUrl"]),
                "application": ("clientCredentials", ["tokenUrl"]), "accessCode": ("authorizationCode", ["authorizationUrl", "tokenUrl"]),
            ]
            guard let flowName = definition.value(forKey: "flow")?.scalar?.string, let flow = flows[flowName] else {
                warn("an `oauth2` security definition needs a `flow` of implicit, password, application or accessCode; it is left out", at: node, pointer)
                return nil
            }
            var body: [(String, Node)] = []
            for key in flow.keys {
                guard let url = definition.value(forKey: key) else {
                    warn("an `oauth2` security definition of flow `\(flowName)` needs `\(key)`; it is left out", at: node, pointer)
                    return nil
                }
                body.append((key, url))
            }
            body.append(("scopes", definition.value(forKey: "scopes") ?? .object([], at: mark)))
            scheme = [("type", .text("oauth2", at: mark)), ("flows", .object([(flow.name, .object(body, at: mark))], at: mark))]
        default:
            warn("a security definition's `type` must be basic, apiKey or oauth2; it is left out", at: node, pointer)
            return nil
        }
        for pair in definition {
            guard let key = pair.key.scalar?.string, key == "description" || key.hasPrefix("x-") else { continue }
            scheme.append((key, pair.value))
        }
        return .object(scheme, at: mark)
    }

    /// The entries of a mapping of named things (`definitions`, `responses`…), each converted by `convert`
    /// and named as `renaming` says; what it cannot convert is left out with the warning `convert` gave.
    mutating func namedEntries(
        _ node: Node, at pointer: [String], renaming: [String: String]? = nil, _ convert: (inout Self, Node, [String]) -> Node?
    ) -> Node {
        guard case let .mapping(mapping) = node else {
            warn("`\(pointer.last ?? "")` must be a mapping; it is left out", at: node, pointer)
            return .object([], at: node.mark)
        }
        var entries: [(Node, Node)] = []
        for pair in mapping {
            guard let name = pair.key.scalar?.string else {
                warn("a name must be a string; the entry is left out", at: pair.key, pointer)
                continue
            }
            if let converted = convert(&self, pair.value, pointer + [name]) {
                entries.append((renaming?[name].map { Node.text($0, at: pair.key.mark) } ?? pair.key, converted))
            }
        }
        return .mapping(Node.Mapping(entries, .implicit, .any, node.mark))
    }

    /// The media types a `consumes` or `produces` lists; `nil` when it is absent or not a list of strings.
    mutating func mediaTypes(_ node: Node?, at pointer: [String]) -> [String]? {
        guard let node else { return nil }
        guard case let .sequence(sequence) = node else {
            warn("`\(pointer.last ?? "")` must be a list of media types; it is ignored", at: node, pointer)
            return nil
        }
        return sequence.compactMap { $0.scalar?.string }
    }

    /// Records a warning at `node`, naming the Swagger pointer of the place it is about.
    mutating func warn(_ message: String, at node: Node, _ pointer: [String]) {
        warnings.append(.warning(message + " (\(JSONPointer.text(pointer)))", at: Self.location(of: node, in: file)))
    }

    /// Where `node` starts in `file`; the file's start for a node without a place.
    static func location(of node: Node, in file: String) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }
}

/// Reading and building the nodes of a conversion.
extension Node {
    /// A string placed at `mark`, double-quoted so that `JSONText` never reads it as a number or a boolean.
    static func text(_ value: String, at mark: Mark?) -> Node {
        .scalar(Node.Scalar(value, .implicit, .doubleQuoted, mark))
    }

    /// `true` or `false` placed at `mark`.
    static func flag(_ value: Bool, at mark: Mark?) -> Node {
        .scalar(Node.Scalar(value ? "true" : "false", .implicit, .plain, mark))
    }

    /// A mapping of string keys placed at `mark`; each key sits where its value does.
    static func object(_ pairs: [(String, Node)], at mark: Mark?) -> Node {
        .mapping(Node.Mapping(pairs.map { (Node.text($0.0, at: $0.1.mark ?? mark), $0.1) }, .implicit, .any, mark))
    }

    /// A sequence placed at `mark`.
    static func list(_ nodes: [Node], at mark: Mark?) -> Node {
        .sequence(Node.Sequence(nodes, .implicit, .any, mark))
    }
}
