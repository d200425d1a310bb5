/// A value templates render: text, a flag, a list or an object of named values.
///
/// Typed values keep rendering to dictionary lookups and a `switch`; an engine that inspects `Any` at every
/// lookup spent most of crudegen's generation time in dynamic casts.
public enum TemplateValue: Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }

    /// Whether a section over this value renders: `false` and empty lists do not; everything else does.
    var isTruthy: Bool {
        switch self {
        case let .bool(value): value
        case let .list(items): !items.isEmpty
        case .string, .object: true
        }
    }
}
