/// A value templates render: text, a flag, a list or an object of named values.
///
/// Typed values keep rendering to lookups by name and a `switch`; an engine that inspects `Any` at every
/// lookup spent most of crudegen's generation time in dynamic casts.
public enum TemplateValue: Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case bool(Bool)
    case list([TemplateValue])
    case object(TemplateObject)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(elements))
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

/// The named values of an object, in the order they were set; the last value set for a name is the one it
/// has.
///
/// An object of a template context has a dozen names or fewer: a scan finds one sooner than a hash table
/// would, and setting one hashes nothing. Rendering builds and reads one for every property, function and
/// argument the API declares.
public struct TemplateObject: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private var entries: [(name: String, value: TemplateValue)] = []

    /// An object with no values.
    public init() {}

    /// The object of `pairs`, set in their order.
    public init(_ pairs: some Sequence<(String, TemplateValue)>) {
        for (name, value) in pairs { set(value, for: name) }
    }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }

    /// The value of `name`, if it has one.
    public subscript(name: String) -> TemplateValue? {
        for entry in entries.reversed() where entry.name == name { return entry.value }
        return nil
    }

    /// The names that have values, each once.
    public var names: [String] { map(\.name) }

    /// Gives `name` the value `value`.
    public mutating func set(_ value: TemplateValue, for name: String) {
        entries.append((name, value))
    }

    /// Makes room for `count` values at once.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// Each name with its value, in the order the values were set.
    public func makeIterator() -> IndexingIterator<[(name: String, value: TemplateValue)]> {
        var seen: Set<String> = []
        // The last value set for a name hides those set before it.
        let latest = entries.reversed().filter { seen.insert($0.name).inserted }
        return Array(latest.reversed()).makeIterator()
    }
}
