/// The engine's naming and resolution rules, for the OpenAPI importer and exporter in another module.
///
/// They live in a file of their own so that translating to and from OpenAPI uses exactly the rules the
/// generator applies (a field name that derives the right JSON key, a type name the validator accepts)
/// without widening the access of the engine's internals one by one.
package enum SpecInterop {
    /// Whether `name` is a plain Swift identifier.
    package static func isIdentifier(_ name: String) -> Bool {
        SwiftNaming.isIdentifier(name)
    }

    /// Whether a spec accepts `name` as an action's name.
    package static func isActionName(_ name: String) -> Bool {
        SwiftNaming.isActionName(name)
    }

    /// `name` made a valid identifier the way the generator does it (`first-name` → `firstName`).
    package static func identifier(_ name: String, uppercaseFirst: Bool) -> String {
        SwiftNaming.sanitizedIdentifier(name, uppercaseFirst: uppercaseFirst)
    }

    /// The `{name}`s of a spec route in order, as the validator reads them; none for a route that does not parse.
    package static func parameterNames(inRoute route: String) -> [String] {
        (try? RouteTemplate.parse(route).get())?.parameters.map(\.name) ?? []
    }

    /// The words of a name as the generator splits them (`ResponseObject` → `Response`, `Object`;
    /// `pool_name` → `pool`, `name`).
    package static func words(of name: String) -> [String] {
        SwiftNaming.words(of: name)
    }

    /// The Swift property name the generator gives a field named `name`.
    package static func propertyName(_ name: String) -> String {
        SwiftNaming.propertyName(name)
    }

    /// The Swift case name the generator derives from an enum raw value.
    package static func derivedCaseName(_ rawValue: String) -> String {
        SwiftNaming.caseName(rawValue, derived: true)
    }

    /// The Swift case name the generator gives a union's variant: from its name, or for a variant listed
    /// by type (`name` `nil`) from the type (`[Tag]` → `tagList`).
    package static func unionCaseName(name: String?, type: TypeExpression) -> String {
        UnionSpec.Variant.derivedCaseName(name: name, type: type)
    }

    /// The JSON key a field named `name` gets under `style` when the spec gives no explicit key.
    package static func jsonKey(forField name: String, style: KeyStyle) -> String {
        FieldSpec(
            name: Located(name, at: SourceLocation(file: "", line: 1, column: 1)),
            type: Located(.named("String"), at: SourceLocation(file: "", line: 1, column: 1))
        ).jsonKey(style: style)
    }

    /// Whether a spec's `time_zone` may name `identifier` (an IANA zone such as `Europe/Paris`).
    package static func isTimeZone(_ identifier: String) -> Bool {
        TimeZoneIdentifiers.all.contains(identifier)
    }

    /// Type names a spec may not declare: generated code relies on them.
    package static var reservedTypeNames: Set<String> { SymbolTable.reservedNames }

    /// The name of the struct generated for an API-wide action's payload declared as fields in place
    /// (`suffix` is `Body` or `Response`).
    package static func payloadTypeName(action: String, suffix: String) -> String {
        SwiftNaming.derivedTypeName(action) + suffix
    }

    /// What a type name resolves to in a validated spec.
    package enum TypeKind: Sendable, Equatable {
        /// A built-in type, or a spec enum, union, model or resource.
        case builtin, enumeration, union, model, resource
    }

    /// What `name` refers to in the spec `symbols` came from; `nil` when it is unknown.
    package static func kind(of name: String, in symbols: SymbolTable) -> TypeKind? {
        switch symbols.resolve(name) {
        case .builtin?: .builtin
        case .enumeration?: .enumeration
        case .union?: .union
        case .model?: .model
        case .resource?: .resource
        // The API's own enum is no type a field can hold.
        case .api?, nil: nil
        }
    }
}
