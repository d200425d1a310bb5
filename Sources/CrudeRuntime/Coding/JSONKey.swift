/// The one coding key type every generated model uses.
///
/// Generated models spell their JSON keys as string literals instead of declaring a `CodingKeys` enum
/// each: with hundreds of models this compiles faster and gives a markedly smaller binary
/// (measurements in `docs/design.md`).
public struct JSONKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    public var stringValue: String
    public var intValue: Int?

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    public init(stringLiteral value: String) {
        self.stringValue = value
    }
}
