/// A value a template is rendered with: its stored properties are the template's variables, named as the
/// properties are. `Encodable` turns it into the engine's values (`TemplateValueEncoder`); `Decodable` lets
/// `TemplateVariables` walk its shape, so the names templates are checked against come from the type.
protocol TemplateContextRoot: Codable, Sendable {
    /// The context's name in docs/templates.md and in a list of these contexts (`[function context]`).
    static var contextName: String { get }
}

/// An item of a comma-separated list, which carries the text to print after it (none after the last).
protocol TemplateListSeparated {
    /// `", "` or `","` after every item but the last, `""` after the last.
    var separator: String { get set }
}

extension Array where Element: TemplateListSeparated {
    /// The items with `separator` after every one but the last.
    func separated(by separator: String) -> [Element] {
        var items = self
        for index in items.indices { items[index].separator = index == items.count - 1 ? "" : separator }
        return items
    }
}

/// The API's file: its client, configuration and API-wide calls.
struct APITemplateContext: TemplateContextRoot {
    static let contextName = "api"

    /// A key of the API's response envelope, outermost first.
    struct EnvelopeKey: Codable, TemplateListSeparated {
        var key: String
        var separator = ""
    }

    /// A date format transform the API declares.
    struct DateFormat: Codable {
        var typeName: String
        var format: String
        var formatLiteral: String
        var timeZone: String?
        var timeZoneLiteral: String?
    }

    /// The API's cache: its policy and the policies of single operations.
    struct Cache: Codable {
        /// One operation's policy.
        struct Operation: Codable {
            var key: String
            var policy: String
        }

        var policy: String?
        var operations: [Operation]
    }

    var access: String
    var name: String
    var baseURL: String?
    var defaultHeaders: String
    var envelope: [EnvelopeKey]
    var dateFormats: [DateFormat]
    var payloadModels: [ModelTemplateContext]
    var hasActions: Bool
    var functions: [FunctionTemplateContext]
    var cache: Cache?
    var stringType: String
    var urlType: String
    var operationIDs: [OperationIDTemplateContext]
}

/// The identifier of an operation, a `static let` of its type's `Operations` enum.
struct OperationIDTemplateContext: Codable {
    var description: String
    var declaration: String
}

/// An enum's file.
struct EnumTemplateContext: TemplateContextRoot {
    static let contextName = "enum"

    /// One case and its raw value.
    struct Case: Codable, TemplateListSeparated {
        var name: String
        var rawValue: String
        var separator = ""
    }

    var access: String
    var name: String
    var documentation: [String]
    var rawType: String
    var cases: [Case]
}

/// A union's file.
struct UnionTemplateContext: TemplateContextRoot {
    static let contextName = "union"

    /// The key that tags a variant's object.
    struct Discriminator: Codable {
        var key: String
    }

    /// One variant: its case, type, and the statements that read and write it.
    struct Variant: Codable {
        var name: String
        var type: String
        var tag: String?
        var decode: String?
        var encode: String
    }

    var access: String
    var name: String
    var documentation: [String]
    var discriminator: Discriminator?
    var variants: [Variant]
}

/// A model's file, and a resource's operations when the model is one.
struct ModelTemplateContext: TemplateContextRoot {
    static let contextName = "model"

    /// A stored property and the statements that read and write it.
    struct Property: Codable, TemplateListSeparated {
        var name: String
        var type: String
        var isOptional: Bool
        var documentation: [String]
        var decode: String
        var encode: String
        var separator = ""
    }

    /// What a resource adds to its model.
    struct Resource: Codable {
        /// The resource's partial update: the properties a patch can set.
        struct Patch: Codable {
            /// A property of the patch and the statement that sends it when set.
            struct Property: Codable, TemplateListSeparated {
                var name: String
                var type: String
                var patchEncode: String
                var separator = ""
            }

            var properties: [Property]
            var encodesJSONAPIMembers: [String]
        }

        var functions: [FunctionTemplateContext]
        var hasOperationIDs: Bool
        var operationIDs: [OperationIDTemplateContext]
        var patch: Patch?
    }

    /// What a JSON:API resource object's coding adds around its properties.
    struct JSONAPI: Codable {
        var decodeMembers: [String]
        var encodeMembers: [String]
        var conformance: String
    }

    var access: String
    var name: String
    var documentation: [String]
    var isIdentifiable: Bool
    var hasProperties: Bool
    var declaresInitializer: Bool
    var usesOptions: Bool
    var properties: [Property]
    var resource: Resource?
    var jsonAPI: JSONAPI?
}

/// A function, laid out in lines for the `functions` template.
struct FunctionTemplateContext: TemplateContextRoot {
    static let contextName = "function"

    var isFirst: Bool
    var documentation: [String]
    var attributes: [String]
    var signature: String
    var body: [String]
}
