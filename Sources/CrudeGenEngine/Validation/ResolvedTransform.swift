/// What a field's transform means, resolved once from its name (or its type's default) for every stage
/// that needs it: the code model's coding, `crudegen serve`'s checks and the export's schemas.
package enum ResolvedTransform: Sendable, Equatable {
    /// A transform every spec can name, on a built-in type it applies to.
    case builtin(BuiltinTransform, of: BuiltinType)
    /// A `date_format` the spec declares under `name`.
    case dateFormat(name: String, format: String, timeZone: String?)
    /// A transform the user implements in Swift, of values of `valueType`.
    case custom(name: String, valueType: TypeExpression, swiftType: String)

    /// The transform of values whose innermost type is `base`: the one `name` names, else the type's
    /// default (a `Date` is ISO 8601, as JSON has no date type); `nil` for none, and for a type the spec
    /// declares, which its own coding writes. Meaningful for a spec the validator accepted.
    package static func resolve(_ name: String?, base: String, in spec: Spec, symbols: SymbolTable) -> ResolvedTransform? {
        guard case let .builtin(type)? = symbols.resolve(base) else { return nil }
        guard let name = name ?? type.defaultTransform?.rawValue else { return nil }
        if let builtin = BuiltinTransform(rawValue: name) {
            return builtin.runtimeName(for: type) == nil ? nil : .builtin(builtin, of: type)
        }
        switch spec.transforms.first(where: { $0.name.value == name })?.kind {
        case let .dateFormat(format, timeZone)?: return .dateFormat(name: name, format: format.value, timeZone: timeZone?.value)
        case let .custom(valueType, swiftType)?: return .custom(name: name, valueType: valueType.value, swiftType: swiftType.value)
        case nil: return nil
        }
    }
}
