import Foundation

/// How an array query parameter is written.
public enum QueryArrayStyle: Sendable, Hashable {
    /// One item per element: `ids=1&ids=2`.
    case repeated
    /// One item, the elements joined by commas: `labels=bug,ui`.
    case commaSeparated
}

/// How generated operations add their typed query parameters. Their SPI rather than public API, so that
/// every `[URLQueryItem]` of an app does not carry these overloads of `append`.
@_spi(Generated)
extension [URLQueryItem] {
    /// Appends `name=value`; nothing when `value` is `nil`.
    public mutating func append(_ name: String, _ value: (some CustomStringConvertible)?) {
        guard let value else { return }
        append(URLQueryItem(name: name, value: value.description))
    }

    /// Appends a value written as its transform writes it in JSON (a date as `iso8601` or `epoch_seconds`
    /// says); nothing when `value` is `nil`.
    public mutating func append<T: ValueTransform>(_ name: String, _ value: T.Value?, using transform: T.Type) throws(APIError) {
        guard let value else { return }
        append(URLQueryItem(name: name, value: try Self.text(of: value, using: transform)))
    }

    /// Appends the elements of an array in `style`; nothing when `values` is `nil`.
    public mutating func append(_ name: String, _ values: [some CustomStringConvertible]?, style: QueryArrayStyle) {
        guard let values else { return }
        append(name, texts: values.map(\.description), style: style)
    }

    /// Appends the elements of an array in `style`, each written by its transform.
    public mutating func append<T: ValueTransform>(_ name: String, _ values: [T.Value]?, using transform: T.Type, style: QueryArrayStyle) throws(APIError) {
        guard let values else { return }
        var texts: [String] = []
        for value in values { texts.append(try Self.text(of: value, using: transform)) }
        append(name, texts: texts, style: style)
    }

    private mutating func append(_ name: String, texts: [String], style: QueryArrayStyle) {
        switch style {
        case .repeated: append(contentsOf: texts.map { URLQueryItem(name: name, value: $0) })
        case .commaSeparated: append(URLQueryItem(name: name, value: texts.joined(separator: ",")))
        }
    }

    /// The text of the JSON value a transform writes: a string as it is, a number as JSON writes it
    /// (`60`, not `60.0`, for a whole number of seconds).
    private static func text<T: ValueTransform>(of value: T.Value, using transform: T.Type) throws(APIError) -> String {
        let wire: T.Wire
        do {
            wire = try transform.encode(value)
        } catch {
            throw APIError.encoding(description: "cannot write a query parameter: \(error)")
        }
        return (wire as? Double)?.jsonText ?? String(describing: wire)
    }
}
