/// Turns the code model into the dictionaries Mustache renders, computing the Swift statements that
/// templates would otherwise need logic for.
enum TemplateContext {
    static func api(_ api: APIDeclaration, access: String) -> [String: Any] {
        var context: [String: Any] = [
            "access": access,
            "name": api.name,
            "headers": separated(api.headers.map { ["name": SwiftNaming.stringLiteral($0.name), "value": SwiftNaming.stringLiteral($0.value)] }, by: ", "),
            "envelope": separated(api.envelope.map { ["key": SwiftNaming.stringLiteral($0)] }, by: ", "),
            "dateFormats": api.dateFormats.map { ["typeName": $0.typeName, "format": $0.format, "formatLiteral": SwiftNaming.stringLiteral($0.format)] },
            "payloadModels": api.payloadModels.map { model($0, access: access) },
            "hasActions": !api.actions.isEmpty,
            "stringType": api.stringType,
            "urlType": api.urlType,
            "functions": markingFirst(FunctionContext(model: api.name).functions(for: api.actions, resource: nil).map(\.context)),
        ]
        context["baseURL"] = api.baseURL.map(SwiftNaming.stringLiteral)
        return context
    }

    static func enumeration(_ enumeration: EnumDeclaration, access: String) -> [String: Any] {
        [
            "access": access,
            "name": enumeration.name,
            "documentation": comment(enumeration.documentation),
            "rawType": enumeration.rawType,
            "cases": separated(enumeration.cases.map { ["name": $0.name, "rawValue": $0.rawValue] }, by: ", "),
        ]
    }

    static func model(_ model: ModelDeclaration, access: String) -> [String: Any] {
        let properties = model.properties
        var context: [String: Any] = [
            "access": access,
            "name": model.name,
            "documentation": comment(model.documentation),
            "isIdentifiable": model.isIdentifiable,
            "hasProperties": !properties.isEmpty,
            "usesOptions": properties.contains { $0.isOptional || $0.isReadOnly },
            "properties": separated(properties.map(property), by: ","),
        ]
        context["resource"] = model.resource.map { resource($0, model: model.name) }
        return context
    }

    private static func resource(_ resource: ResourceDeclaration, model: String) -> [String: Any] {
        let functions = FunctionContext(model: model)
        var context: [String: Any] = [
            "functions": markingFirst((functions.functions(for: resource) + functions.functions(for: resource.actions, resource: resource)).map(\.context)),
        ]
        if resource.operations.contains(where: { $0.kind == .update }), !resource.patchProperties.isEmpty {
            context["patch"] = ["properties": resource.patchProperties.map { property in
                [
                    "name": property.name,
                    "codedType": property.codedType,
                    "patchEncode": "try container.encode(self.\(property.name), forKey: \(property.keyLiteral)\(property.transform.map { ", using: \($0).self" } ?? ""))",
                ]
            }]
        }
        return context
    }

    private static func property(_ property: PropertyDeclaration) -> [String: Any] {
        [
            "name": property.name,
            "type": property.type,
            "isOptional": property.isOptional,
            "documentation": comment(property.documentation),
            "decode": decodeStatement(property),
            "encode": encodeStatement(property),
        ]
    }

    static func decodeStatement(_ property: PropertyDeclaration) -> String {
        let method = property.isOptional ? "decodeIfPresent" : "decode"
        let arguments = "forKey: \(property.keyLiteral)" + (property.transform.map { ", using: \($0).self" } ?? "")
        return "self.\(property.name) = try container.\(method)(\(arguments))"
    }

    static func encodeStatement(_ property: PropertyDeclaration) -> String {
        var arguments = "self.\(property.name), forKey: \(property.keyLiteral)"
        if let transform = property.transform { arguments += ", using: \(transform).self" }
        if property.isOptional { arguments += ", options" }
        let statement = "try container.\(property.isOptional ? "encodeIfPresent" : "encode")(\(arguments))"
        return property.isReadOnly ? "if options.includesReadOnly { \(statement) }" : statement
    }

    /// Documentation as `///` comment lines, without trailing spaces on empty lines.
    static func comment(_ lines: [String]) -> [String] {
        lines.map { $0.isEmpty ? "///" : "/// " + $0 }
    }

    /// Marks the first item, so templates can put blank lines between items only.
    static func markingFirst(_ items: [[String: Any]]) -> [[String: Any]] {
        items.enumerated().map { index, item in
            var item = item
            item["isFirst"] = index == 0
            return item
        }
    }

    /// Adds a `separator` to every item but the last, for comma-separated lists in templates.
    private static func separated(_ items: [[String: Any]], by separator: String) -> [[String: Any]] {
        items.enumerated().map { index, item in
            var item = item
            item["separator"] = index == items.count - 1 ? "" : separator
            return item
        }
    }
}
