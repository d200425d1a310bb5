/// The transforms every spec can name, by the Swift type of the field they apply to.
enum BuiltinTransforms {
    /// Transform name → (field base type → runtime transform type).
    static let all: [String: [String: RuntimeName]] = [
        "iso8601": ["Date": .iso8601DateTransform],
        "iso8601_fractional": ["Date": .iso8601FractionalDateTransform],
        "epoch_seconds": ["Date": .epochSecondsDateTransform],
        "epoch_milliseconds": ["Date": .epochMillisecondsDateTransform],
        "percentage": ["Double": .percentageTransform],
        "lenient": ["Int": .lenientIntTransform, "Double": .lenientDoubleTransform, "Bool": .lenientBoolTransform, "String": .lenientStringTransform],
        "string_id": ["String": .stringIDTransform],
        "url": ["URL": .urlTransform],
    ]

    /// The transform a field of this built-in type gets when it names none (JSON has no date type).
    static let defaults: [String: String] = ["Date": "iso8601"]
}
