/// Converts a property between its Swift value and its JSON representation.
///
/// Specs name transforms per field (`transform: iso8601`); the generated `init(from:)` and `encode(to:)`
/// call them. Implement this protocol to add your own, then declare it in the spec's `transforms` section:
///
/// ```swift
/// enum CentsTransform: ValueTransform {
///     static func decode(_ cents: Int) throws -> Decimal { Decimal(cents) / 100 }
///     static func encode(_ value: Decimal) throws -> Int { NSDecimalNumber(decimal: value * 100).intValue }
/// }
/// ```
public protocol ValueTransform {
    /// The type of the Swift property.
    associatedtype Value
    /// The type as it appears in JSON.
    associatedtype Wire: Codable

    /// Converts a decoded JSON value; throw to reject it (the error names the JSON path).
    static func decode(_ wire: Wire) throws -> Value
    /// Converts a Swift value for encoding.
    static func encode(_ value: Value) throws -> Wire
}

/// A value a transform cannot convert.
public struct TransformError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the value.
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Applies a transform to each element of an array: generated code wraps a field's transform in it.
@_spi(Generated)
public enum ArrayTransform<Element: ValueTransform>: ValueTransform {
    public static func decode(_ wire: [Element.Wire]) throws -> [Element.Value] {
        try wire.map(Element.decode)
    }

    public static func encode(_ value: [Element.Value]) throws -> [Element.Wire] {
        try value.map(Element.encode)
    }
}

/// Applies a transform to each value of a dictionary: generated code wraps a field's transform in it.
@_spi(Generated)
public enum DictionaryTransform<Element: ValueTransform>: ValueTransform {
    public static func decode(_ wire: [String: Element.Wire]) throws -> [String: Element.Value] {
        try wire.mapValues(Element.decode)
    }

    public static func encode(_ value: [String: Element.Value]) throws -> [String: Element.Wire] {
        try value.mapValues(Element.encode)
    }
}

/// Applies a transform to a value that may be `null`, for optional elements such as `[Date?]`: generated
/// code wraps a field's transform in it.
@_spi(Generated)
public enum OptionalTransform<Wrapped: ValueTransform>: ValueTransform {
    public static func decode(_ wire: Wrapped.Wire?) throws -> Wrapped.Value? {
        try wire.map(Wrapped.decode)
    }

    public static func encode(_ value: Wrapped.Value?) throws -> Wrapped.Wire? {
        try value.map(Wrapped.encode)
    }
}
