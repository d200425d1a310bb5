/// The one coding key type every generated model uses.
///
/// Generated models spell their JSON keys as string literals instead of declaring a `CodingKeys` enum
/// each: with hundreds of models this compiles faster and gives a markedly smaller binary
/// (measurements in README.md, "How it works"). Only generated code names it: it is its SPI.
@_spi(Generated)
public struct JSONKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The JSON key.
    public var stringValue: String
    /// The index, for keys made from one.
    public var intValue: Int?

    /// A key for the JSON key `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// A key for an index, spelled as its decimal digits.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// A key written as a literal, as generated code does: `"first_name"`.
    public init(stringLiteral value: String) {
        self.stringValue = value
    }
}
