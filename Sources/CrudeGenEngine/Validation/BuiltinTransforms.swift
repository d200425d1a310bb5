/// The transforms every spec can name, by the Swift type of the field they apply to.
enum BuiltinTransforms {
    /// Transform name → (field base type → runtime transform type).
    static let all: [String: [String: String]] = [
        "iso8601": ["Date": "ISO8601DateTransform"],
        "iso8601_fractional": ["Date": "ISO8601FractionalDateTransform"],
        "epoch_seconds": ["Date": "EpochSecondsDateTransform"],
        "epoch_milliseconds": ["Date": "EpochMillisecondsDateTransform"],
        "percentage": ["Double": "PercentageTransform"],
        "lenient": ["Int": "LenientIntTransform", "Double": "LenientDoubleTransform", "Bool": "LenientBoolTransform", "String": "LenientStringTransform"],
        "string_id": ["String": "StringIDTransform"],
        "url": ["URL": "URLTransform"],
    ]

    /// The transform a field of this built-in type gets when it names none (JSON has no date type).
    static let defaults: [String: String] = ["Date": "iso8601"]
}
