/// How a generated model encodes itself, read from the encoder's `userInfo`.
///
/// A plain `JSONEncoder` gets the defaults: `nil` properties are left out and read-only properties are
/// written, so that models round-trip through `Codable`. Request bodies are encoded with
/// ``purpose`` `.request`, which leaves read-only properties out, and with the ``nilEncoding`` the call asked for.
public struct ModelEncodingOptions: Sendable, Hashable {
    /// What to write for a property whose value is `nil`.
    public enum NilEncoding: Sendable, Hashable {
        /// Leave the key out (CRUDE-Futures' `valuedAttributes`).
        case omit
        /// Write `null`, so the server clears the value (CRUDE-Futures' `nullifiedAttributes`).
        case null
    }

    /// Why a model is being encoded.
    public enum Purpose: Sendable, Hashable {
        /// For storage or any other use: every property is written.
        case storage
        /// As the body of a request: read-only properties are never sent.
        case request
    }

    /// The `userInfo` key under which encoders carry these options.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "crudegen.ModelEncodingOptions")!

    /// What `nil` properties become.
    public var nilEncoding: NilEncoding
    /// Why the model is encoded, which decides whether read-only properties are written.
    public var purpose: Purpose

    /// Creates options.
    public init(nilEncoding: NilEncoding = .omit, purpose: Purpose = .storage) {
        self.nilEncoding = nilEncoding
        self.purpose = purpose
    }

    /// The options an encoder carries, or the defaults: what a generated `encode(to:)` reads.
    @_spi(Generated)
    public init(_ encoder: any Encoder) {
        self = encoder.userInfo[Self.userInfoKey] as? ModelEncodingOptions ?? ModelEncodingOptions()
    }

    /// Whether read-only properties are written.
    public var includesReadOnly: Bool { purpose == .storage }
}
