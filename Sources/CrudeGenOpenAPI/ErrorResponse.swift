/// An answer besides success that an exported operation lists: the errors `crudegen serve` gives (and a
/// server of the spec may give), and `304` to a conditional GET. Each is a response component the
/// operations refer to; the errors' bodies are the two shapes the runtime reads.
enum ErrorResponse: CaseIterable, Comparable {
    /// 304: the copy an `If-None-Match` names is current; only GETs answered with an ETag.
    case notModified
    /// 400: what the request carries breaks the spec, with messages by field (`APIError.validation`).
    case invalid
    /// 404: nothing at the route's id or other parameters.
    case notFound
    /// 409: a create whose id is taken.
    case conflict
    /// 413: a body larger than the server reads.
    case contentTooLarge
    /// 415: a body not of the operation's media type.
    case unsupportedMediaType
    /// 501: an action the server has no answer for.
    case notImplemented

    /// The schema of `{"errors": {"<field path>": ["message", …]}}`. Spec type names are identifiers,
    /// so a name with a dot can be no spec's model, whatever the spec names its types.
    static let validationSchemaName = "crudegen.ValidationErrors"
    /// The schema of `{"detail": "…"}`; named so that it can be no spec's model either.
    static let detailSchemaName = "crudegen.ErrorDetail"
    /// The component schemas the error responses use, which `import` knows are no spec's types.
    static let schemaNames: Set<String> = [validationSchemaName, detailSchemaName]

    /// The HTTP status code.
    var status: String {
        switch self {
        case .notModified: "304"
        case .invalid: "400"
        case .notFound: "404"
        case .conflict: "409"
        case .contentTooLarge: "413"
        case .unsupportedMediaType: "415"
        case .notImplemented: "501"
        }
    }

    /// The name of its component under `components/responses`, a namespace no spec writes into.
    var componentName: String {
        switch self {
        case .notModified: "NotModified"
        case .invalid: "ValidationFailed"
        case .notFound: "NotFound"
        case .conflict: "Conflict"
        case .contentTooLarge: "ContentTooLarge"
        case .unsupportedMediaType: "UnsupportedMediaType"
        case .notImplemented: "NotImplemented"
        }
    }

    /// The component schema of its body; `nil` for 304, which has none.
    var schemaName: String? {
        switch self {
        case .notModified: nil
        case .invalid: Self.validationSchemaName
        case .notFound, .conflict, .contentTooLarge, .unsupportedMediaType, .notImplemented: Self.detailSchemaName
        }
    }

    /// What the response means, as the document's reader sees it.
    private var description: String {
        switch self {
        case .notModified: "Not modified: the copy the request's `If-None-Match` names is current."
        case .invalid: "The request breaks the spec: messages by field."
        case .notFound: "Nothing is found at this route."
        case .conflict: "A value with this id exists already."
        case .contentTooLarge: "The body is larger than the server reads."
        case .unsupportedMediaType: "The body is not of the media type this operation takes."
        case .notImplemented: "The server has no answer for this action."
        }
    }

    /// The reference an operation's `responses` holds.
    var reference: DocumentValue {
        .object([("$ref", .string("#/components/responses/" + componentName))])
    }

    /// Its response component.
    var component: DocumentValue {
        var response: [(key: String, value: DocumentValue)] = [("description", .string(description))]
        if let schemaName {
            let schema = DocumentValue.object([("$ref", .string("#/components/schemas/" + schemaName))])
            response.append(("content", .object([("application/json", .object([("schema", schema)]))])))
        }
        return .object(response)
    }

    /// The component schemas the responses `used` refer to, in a fixed order.
    static func schemas(for used: Set<ErrorResponse>) -> [(key: String, value: DocumentValue)] {
        var result: [(key: String, value: DocumentValue)] = []
        if used.contains(.invalid) {
            let messages = DocumentValue.object([("type", .string("array")), ("items", .object([("type", .string("string"))]))])
            let errors = DocumentValue.object([
                ("type", .string("object")),
                (
                    "description",
                    .string("The messages about each field at fault, by its key path (`address.city`, `tags.2`); the key `\"\"` is the body as a whole.")
                ),
                ("additionalProperties", messages),
            ])
            result.append(
                (
                    validationSchemaName,
                    .object([("type", .string("object")), ("required", .array([.string("errors")])), ("properties", .object([("errors", errors)]))])
                ))
        }
        if used.contains(where: { $0.schemaName == detailSchemaName }) {
            let detail = DocumentValue.object([("type", .string("string")), ("description", .string("What went wrong, in a sentence."))])
            result.append(
                (
                    detailSchemaName,
                    .object([("type", .string("object")), ("required", .array([.string("detail")])), ("properties", .object([("detail", detail)]))])
                ))
        }
        return result
    }
}
