/// Turns the code model into the dictionaries Mustache renders, computing the Swift statements that
/// templates would otherwise need logic for.
enum TemplateContext {
    static func api(_ api: APIDeclaration, access: String) -> [String: Any] {
        [
            "access": access,
            "name": api.name,
            "baseURL": api.baseURL.map(SwiftNaming.stringLiteral) as Any,
            "headers": separated(api.headers.map { ["name": SwiftNaming.stringLiteral($0.name), "value": SwiftNaming.stringLiteral($0.value)] }, by: ", "),
            "envelope": separated(api.envelope.map { ["key": SwiftNaming.stringLiteral($0)] }, by: ", "),
            "dateFormats": api.dateFormats.map { ["typeName": $0.typeName, "format": $0.format, "formatLiteral": SwiftNaming.stringLiteral($0.format)] },
            "payloadModels": api.payloadModels.map { model($0, access: access) },
        ]
    }

    static func enumeration(_ enumeration: EnumDeclaration, access: String) -> [String: Any] {
        [
            "access": access,
            "name": enumeration.name,
            "documentation": enumeration.documentation,
            "rawType": enumeration.rawType,
            "cases": separated(enumeration.cases.map { ["name": $0.name, "rawValue": $0.rawValue] }, by: ", "),
        ]
    }

    static func model(_ model: ModelDeclaration, access: String) -> [String: Any] {
        let properties = model.properties
        return [
            "access": access,
            "name": model.name,
            "documentation": model.documentation,
            "isIdentifiable": model.isIdentifiable,
            "hasProperties": !properties.isEmpty,
            "usesOptions": properties.contains { $0.isOptional || $0.isReadOnly },
            "properties": separated(properties.map(property), by: ","),
        ]
    }

    private static func property(_ property: PropertyDeclaration) -> [String: Any] {
        [
            "name": property.name,
            "type": property.type,
            "isOptional": property.isOptional,
            "documentation": property.documentation,
            "decode": decodeStatement(property),
            "encode": encodeStatement(property),
        ]
    }

    static func decodeStatement(_ property: PropertyDeclaration) -> String {
        let method = property.isOptional ? "decodeIfPresent" : "decode"
        let arguments = property.transform.map { "forKey: \(property.keyLiteral), using: \($0).self" }
            ?? "\(property.codedType).self, forKey: \(property.keyLiteral)"
        return "self.\(property.name) = try container.\(method)(\(arguments))"
    }

    static func encodeStatement(_ property: PropertyDeclaration) -> String {
        var arguments = "self.\(property.name), forKey: \(property.keyLiteral)"
        if let transform = property.transform { arguments += ", using: \(transform).self" }
        if property.isOptional { arguments += ", options" }
        let statement = "try container.\(property.isOptional ? "encodeIfPresent" : "encode")(\(arguments))"
        return property.isReadOnly ? "if options.includesReadOnly { \(statement) }" : statement
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
