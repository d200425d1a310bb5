/// An enum generated from a spec: it decodes any raw value, keeping values it does not list in an
/// `unknown` case instead of failing, so that a server adding a case never breaks an app.
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable where RawValue: Codable & Hashable & Sendable {
    /// Every value, known or not, maps to a case.
    init(rawValue: RawValue)
}

extension OpenEnum {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
