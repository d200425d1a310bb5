/// Turns the code model into the values templates render, computing the Swift statements that templates
/// would otherwise need logic for.
enum TemplateContext {
    static func api(_ api: APIDeclaration, access: String) -> [String: TemplateValue] {
        var context: [String: TemplateValue] = [
            "access": .string(access),
            "name": .string(api.name),
            "headers": separated(
                api.headers.map { ["name": .string(SwiftNaming.stringLiteral($0.name)), "value": .string(SwiftNaming.stringLiteral($0.value))] }, by: ", "),
            "envelope": separated(api.envelope.map { ["key": .string(SwiftNaming.stringLiteral($0))] }, by: ", "),
            "dateFormats": list(
                api.dateFormats.map { dateFormat in
                    var context: [String: TemplateValue] = [
                        "typeName": .string(dateFormat.typeName), "format": .string(SwiftNaming.commentText(dateFormat.format)),
                        "formatLiteral": .string(SwiftNaming.stringLiteral(dateFormat.format)),
                    ]
                    if let timeZone = dateFormat.timeZone {
                        context["timeZone"] = .string(SwiftNaming.commentText(timeZone))
                        context["timeZoneLiteral"] = .string(SwiftNaming.stringLiteral(timeZone))
                    }
                    return context
                }),
            "payloadModels": list(api.payloadModels.map { model($0, access: access) }),
            "hasActions": .bool(!api.actions.isEmpty),
            "stringType": .string(api.stringType),
            "urlType": .string(api.urlType),
            "functions": markingFirst(FunctionContext(model: api.name, memberNames: []).functions(for: api.actions, resource: nil).map(\.context)),
            "operationIDs": operationIDs(api.operationIDs, resource: SwiftNaming.unescaped(api.name)),
        ]
        if let baseURL = api.baseURL {
            context["baseURL"] = .string(SwiftNaming.stringLiteral(baseURL))
        }
        if let cache = api.cache {
            var settings: [String: TemplateValue] = [
                "operations": list(cache.operations.map { ["key": .string($0.key), "policy": .string($0.policy)] })
            ]
            if let policy = cache.policy { settings["policy"] = .string(policy) }
            context["cache"] = .object(settings)
        }
        return context
    }

    static func enumeration(_ enumeration: EnumDeclaration, access: String) -> [String: TemplateValue] {
        [
            "access": .string(access),
            "name": .string(enumeration.name),
            "documentation": comment(enumeration.documentation),
            "rawType": .string(enumeration.rawType),
            "cases": separated(enumeration.cases.map { ["name": .string($0.name), "rawValue": .string($0.rawValue)] }, by: ", "),
        ]
    }

    static func model(_ model: ModelDeclaration, access: String) -> [String: TemplateValue] {
        let properties = model.properties
        var context: [String: TemplateValue] = [
            "access": .string(access),
            "name": .string(model.name),
            "documentation": comment(model.documentation),
            "isIdentifiable": .bool(model.isIdentifiable),
            "hasProperties": .bool(!properties.isEmpty),
            "usesOptions": .bool(properties.contains { $0.isOptional || $0.isReadOnly }),
            "properties": separated(properties.map(property), by: ","),
        ]
        if let resource = model.resource {
            context["resource"] = .object(self.resource(resource, model: model.name, memberNames: Set(properties.map { SwiftNaming.unescaped($0.name) })))
        }
        return context
    }

    private static func resource(_ resource: ResourceDeclaration, model: String, memberNames: Set<String>) -> [String: TemplateValue] {
        let functions = FunctionContext(model: model, memberNames: memberNames)
        var context: [String: TemplateValue] = [
            "functions": markingFirst((functions.functions(for: resource) + functions.functions(for: resource.actions, resource: resource)).map(\.context)),
            "hasOperationIDs": .bool(!resource.operationIDs.isEmpty),
            "operationIDs": operationIDs(resource.operationIDs, resource: resource.specName),
        ]
        if resource.partialUpdate != nil {
            context["patch"] = [
                "properties": separated(
                    resource.patchProperties.map { property in
                        [
                            "name": .string(property.name),
                            "type": .string(property.type),
                            "patchEncode": .string(
                                "try container.encode(self.\(property.name), forKey: \(property.keyLiteral)\(property.transform.map { ", using: \($0.swiftType).self" } ?? ""))"
                            ),
                        ]
                    }, by: ",")
            ]
        }
        return context
    }

    /// The identifiers of a type's operations, each a `static let` of its `Operations` enum; `resource` is
    /// what requests send as their resource.
    private static func operationIDs(_ ids: [(name: String, operation: String)], resource: String) -> TemplateValue {
        list(
            ids.map { id in
                let value = "OperationID(resource: \(SwiftNaming.stringLiteral(resource)), operation: \(SwiftNaming.stringLiteral(id.operation)))"
                return [
                    "description": .string(SwiftNaming.commentText("\(resource).\(id.operation)")),
                    "declaration": .string(wrapped("static let \(id.name) = \(value)", indent: 8, prefix: "package ".count)),
                ]
            })
    }

    private static func property(_ property: PropertyDeclaration) -> [String: TemplateValue] {
        [
            "name": .string(property.name),
            "type": .string(property.type),
            "isOptional": .bool(property.isOptional),
            "documentation": comment(property.documentation),
            "decode": .string(decodeStatement(property)),
            "encode": .string(encodeStatement(property)),
        ]
    }

    static func decodeStatement(_ property: PropertyDeclaration) -> String {
        let method = property.isOptional ? "decodeIfPresent" : "decode"
        let arguments = "forKey: \(property.keyLiteral)" + (property.transform.map { ", using: \($0.swiftType).self" } ?? "")
        return "self.\(property.name) = try container.\(method)(\(arguments))"
    }

    static func encodeStatement(_ property: PropertyDeclaration) -> String {
        var arguments = "self.\(property.name), forKey: \(property.keyLiteral)"
        if let transform = property.transform { arguments += ", using: \(transform.swiftType).self" }
        if property.isOptional { arguments += ", options" }
        let statement = "try container.\(property.isOptional ? "encodeIfPresent" : "encode")(\(arguments))"
        return property.isReadOnly ? "if options.includesReadOnly { \(statement) }" : statement
    }

    /// The column limit of `.swift-format`, which generated code is laid out to pass.
    static let lineLength = 160

    /// A line of code as swift-format keeps it: unchanged when `indent` spaces, `prefix` characters before
    /// it (an access modifier) and `suffix` characters after it (` {`) fit in ``lineLength``; else its first
    /// call broken after `(`, one argument per line 4 spaces further in (each wrapped the same way) and `)`
    /// back at the line's indentation. Continuation lines carry their whole indentation, because templates
    /// indent only a value's first line.
    static func wrapped(_ code: String, indent: Int, prefix: Int = 0, suffix: Int = 0) -> String {
        guard indent + prefix + code.count + suffix > lineLength, let call = firstCall(in: code) else { return code }
        let lineIndent = indent + code.prefix { $0 == " " }.count
        let arguments = call.arguments.enumerated().map { index, argument in
            let isLast = index == call.arguments.count - 1
            let line = wrapped(argument, indent: lineIndent + 4, suffix: isLast ? 0 : 1) + (isLast ? "" : ",")
            return String(repeating: " ", count: lineIndent + 4) + line
        }
        return call.head + "\n" + arguments.joined(separator: "\n") + "\n" + String(repeating: " ", count: lineIndent) + call.tail
    }

    /// The first parenthesized argument list of `code` outside string literals: the text up to and with
    /// `(`, the arguments split at top-level commas, and the text from `)` on.
    private static func firstCall(in code: String) -> (head: String, arguments: [String], tail: String)? {
        var depth = 0
        var open: String.Index?
        var arguments: [String] = []
        var start = code.startIndex
        var inString = false
        var escaped = false
        for index in code.indices {
            let character = code[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
            case "(", "[":
                depth += 1
                if depth == 1, open == nil, character == "(" {
                    open = index
                    start = code.index(after: index)
                }
            case ")", "]":
                depth -= 1
                if depth == 0, let open, character == ")" {
                    arguments.append(code[start..<index].trimmingSpacesAndTabs())
                    let head = String(code[...open])
                    return arguments.contains(where: \.isEmpty) ? nil : (head, arguments, String(code[index...]))
                }
            case "," where depth == 1 && open != nil:
                arguments.append(code[start..<index].trimmingSpacesAndTabs())
                start = code.index(after: index)
            default:
                break
            }
        }
        return nil
    }

    /// Documentation as `///` comment lines, without trailing spaces on empty lines. Every line is made
    /// safe again here, because lines carry spec text (routes, descriptions) that could end a comment.
    static func comment(_ lines: [String]) -> TemplateValue {
        .strings(lines.flatMap(SwiftNaming.commentLines).map { $0.isEmpty ? "///" : "/// " + $0 })
    }

    private static func list(_ items: [[String: TemplateValue]]) -> TemplateValue {
        .list(items.map(TemplateValue.object))
    }

    /// Marks the first item, so templates can put blank lines between items only.
    private static func markingFirst(_ items: [[String: TemplateValue]]) -> TemplateValue {
        list(
            items.enumerated().map { index, item in
                var item = item
                item["isFirst"] = .bool(index == 0)
                return item
            })
    }

    /// Adds a `separator` to every item but the last, for comma-separated lists in templates.
    private static func separated(_ items: [[String: TemplateValue]], by separator: String) -> TemplateValue {
        list(
            items.enumerated().map { index, item in
                var item = item
                item["separator"] = .string(index == items.count - 1 ? "" : separator)
                return item
            })
    }
}
