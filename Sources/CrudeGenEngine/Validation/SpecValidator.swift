/// Checks that a loaded spec means something generatable, reporting every problem with its location.
///
/// A spec it accepts always produces code that compiles: names are valid, types resolve, transforms fit
/// their fields, routes only use known parameters and no model contains itself by value.
public struct SpecValidator {
    /// How array query parameters can be written.
    static let arrayStyles = ["repeated", "comma"]
    /// Built-in types that can be query parameters but not route parameters.

    /// HTTP methods a spec may map operations and actions to.

    /// The symbols an HTTP header name may hold besides ASCII letters and digits (RFC 9110's `tchar`).
    private static let headerNameSymbols = "!#$%&'*+-.^_`|~".unicodeScalars

    /// Whether `scalar` may appear in an HTTP header name.
    private static func isHeaderTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCIILetter || scalar.isASCIIDigit || headerNameSymbols.contains(scalar)
    }

    private let spec: Spec
    private(set) var symbols = SymbolTable()
    private var diagnostics: [Diagnostic] = []
    /// Whether the types being checked may be `File`: only while checking the fields of a form or multipart
    /// body declared in place (the form's are then reported by `checkBodyFormat`).
    private var allowsFiles = false

    /// Validates `spec`; the result is empty of errors when generation can proceed.
    public static func validate(_ spec: Spec) -> [Diagnostic] {
        check(spec).diagnostics
    }

    /// Validates `spec` and returns the symbols it declares; ``ValidatedSpec/validate(_:)`` is the way
    /// other stages get both.
    static func check(_ spec: Spec) -> (diagnostics: [Diagnostic], symbols: SymbolTable) {
        var validator = SpecValidator(spec: spec)
        validator.run()
        return (validator.diagnostics, validator.symbols)
    }

    private init(spec: Spec) {
        self.spec = spec
    }

    private mutating func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        diagnostics.append(.error(message, at: location, hint: hint))
    }

    private mutating func run() {
        declareTypes()
        checkAPI(spec.api)
        // A used spec's declarations were checked when it was loaded; this spec's fields only name them.
        let used = spec.usedTypes
        for transform in spec.transforms where used.declaresHere(transform: transform.name.value) { checkTransform(transform) }
        checkDateFormatNames()
        for enumeration in spec.enums where used.declaresHere(type: enumeration.name.value) { checkEnum(enumeration) }
        for union in spec.unions where used.declaresHere(type: union.name.value) { checkUnion(union) }
        for model in spec.models where used.declaresHere(type: model.name.value) { checkFields(model.fields, of: "model `\(model.name.value)`") }
        for resource in spec.resources { checkResource(resource) }
        for action in spec.actions { checkAction(action, resource: nil) }
        checkRecursion()
        checkUnionCycles()
        diagnostics += StoreValidator.check(spec)
    }

    // MARK: names

    /// Declares every type the spec defines, including the payload types of actions declared in place.
    private mutating func declareTypes() {
        typealias Declaration = (name: Located<String>, swiftName: Located<String>?, symbol: SymbolTable.Symbol, what: String)
        var declarations: [Declaration] = [(spec.api.name, nil, .api, "API")]
        declarations += spec.enums.map { ($0.name, $0.swiftName, .enumeration, "enum") }
        declarations += spec.unions.map { ($0.name, $0.swiftName, .union, "union") }
        declarations += spec.models.map { ($0.name, $0.swiftName, .model, "model") }
        declarations += spec.resources.map { ($0.name, $0.swiftName, .resource, "resource") }
        symbols.inlinePayloads = Self.inlinePayloads(of: spec)
        declarations += symbols.inlinePayloads.map { (Located($0.typeName, at: $0.location), nil, .model, "payload of action `\($0.action)`") }
        // The used specs' types first, then this spec's in file order, so that the second of two equal
        // names is the one reported, and a name taken from a used spec is reported at this spec's.
        let usedFirst = declarations.filter { $0.name.location.file != spec.file }
        let own = declarations.filter { $0.name.location.file == spec.file }
        for declaration in usedFirst + own.sorted(by: { $0.name.location < $1.name.location }) {
            declare(declaration.name, swiftName: declaration.swiftName, as: declaration.symbol, what: declaration.what)
        }
        for module in spec.usedTypes.modules {
            guard let location = symbols.swiftNames[module] else { continue }
            error(
                "type `\(module)` has the name of module `\(module)`, which this spec uses: generated code names that module's types as `\(module).Name`",
                at: location, hint: "rename the type, or give it a `swift_name`")
        }
        var lowercased: [String: String] = [:]
        for (name, location) in symbols.swiftNames.sorted(by: { $0.value < $1.value }) {
            if let other = lowercased[name.lowercased()] {
                error(
                    "type `\(name)` differs from `\(other)` only in case; their files would collide on macOS and Windows", at: location,
                    hint: "rename one of them, or give it a `swift_name`")
            }
            lowercased[name.lowercased()] = name
        }
    }

    private mutating func declare(_ name: Located<String>, swiftName: Located<String>?, as symbol: SymbolTable.Symbol, what: String) {
        guard SwiftNaming.isIdentifier(name.value) else {
            error(
                "\(what) name `\(name.value)` is not a valid Swift type name", at: name.location,
                hint: "use letters, digits and underscores, starting with a letter, as `\(SwiftNaming.sanitizedIdentifier(name.value, uppercaseFirst: true))`")
            return
        }
        let swift = swiftName ?? name
        guard SwiftNaming.isIdentifier(swift.value), swift.value != "_" else {
            error(
                "`swift_name: \(swift.value)` of \(what) `\(name.value)` is not a valid Swift type name", at: swift.location,
                hint: "use letters, digits and underscores, starting with a letter")
            return
        }
        if SymbolTable.reservedNames.contains(swift.value) {
            let hint =
                swiftName == nil
                ? "keep the name in the spec and choose the Swift name: `\(name.value): { swift_name: \(name.value)Model, … }`"
                : "choose another Swift name, for example `\(swift.value)Model`"
            error("\(what) name `\(swift.value)` is reserved: generated code relies on the Swift type of that name", at: swift.location, hint: hint)
            return
        }
        let module = name.location.file == spec.file ? nil : spec.usedTypes.types[name.value]?.module
        if let previous = symbols.declare(name.value, swiftName: swift.value, as: symbol, at: name.location, module: module) {
            let first =
                previous.file == swift.location.file ? "at line \(previous.line)" : "in `\(previous.file)` at line \(previous.line), a spec this one uses"
            error(
                "`\(swift.value)` is declared twice (first \(first))", at: swift.location,
                hint: "type names must be unique across enums, unions, models, resources and action payloads, and the specs in `uses`")
        }
    }

    /// The types generated for action payloads declared as fields in place: `LoginBody`, `LoginResponse`.
    private static func inlinePayloads(of spec: Spec) -> [SymbolTable.InlinePayload] {
        var result: [SymbolTable.InlinePayload] = []
        func collect(_ action: ActionSpec, owner: String?) {
            if case let .fields(fields, location)? = action.body {
                result.append(
                    .init(typeName: action.payloadTypeName(owner: owner, suffix: "Body"), action: action.name.value, location: location, fields: fields))
            }
            if case let .fields(fields, location)? = action.returns {
                result.append(
                    .init(typeName: action.payloadTypeName(owner: owner, suffix: "Response"), action: action.name.value, location: location, fields: fields))
            }
        }
        for action in spec.actions { collect(action, owner: nil) }
        for resource in spec.resources {
            for action in resource.actions { collect(action, owner: resource.swiftName?.value ?? resource.name.value) }
        }
        return result
    }

    // MARK: api

    private mutating func checkAPI(_ api: APISpec) {
        if let baseURL = api.baseURL {
            if !AbsoluteURLSyntax.accepts(baseURL.value) {
                error(
                    "base URL `\(baseURL.value)` is not an absolute URL", at: baseURL.location,
                    hint: "write it with a scheme and host, as `https://api.example.com/v1`, and percent-encode what URLs do not allow (a space as `%20`)")
            }
        }
        if let envelope = api.envelope, api.envelopeKeys.contains(where: \.isEmpty) {
            error("envelope `\(envelope.value)` has an empty segment", at: envelope.location, hint: "write a dot path such as `data` or `response.body`")
        }
        checkHeaders(api.headers)
        for (_, method) in api.methods.sorted(by: { $0.key < $1.key }) { checkMethod(method) }
    }

    private mutating func checkMethod(_ method: Located<String>) {
        guard !ActionSpec.httpMethods.contains(method.value) else { return }
        error(
            "`\(method.value)` is not an HTTP method", at: method.location,
            hint: Suggestions.didYouMean(method.value.uppercased(), in: ActionSpec.httpMethods) ?? "use one of "
                + ActionSpec.httpMethods.joined(separator: ", "))
    }

    private mutating func checkHeaders(_ headers: [HeaderSpec]) {
        for header in headers { checkHeaderName(header.name) }
        for header in headers where header.value.value.contains(where: { $0 == "\n" || $0 == "\r" }) {
            error("the value of header `\(header.name.value)` contains a line break", at: header.value.location)
        }
    }

    /// Reports a header name that is not an RFC 9110 token, which no request could carry.
    private mutating func checkHeaderName(_ name: Located<String>, hint: String? = nil) {
        if name.value.isEmpty || !name.value.unicodeScalars.allSatisfy(Self.isHeaderTokenCharacter) {
            error("`\(name.value)` is not a valid HTTP header name", at: name.location, hint: hint)
        }
    }

    // MARK: types, fields, transforms

    /// Spec types that generated models name in expression position: the API enum holding date formats,
    /// and Swift transforms. A property or argument of the same name would hide them.
    private var typesInExpressions: Set<String> {
        var names: Set<String> = []
        for transform in spec.transforms {
            switch transform.kind {
            case .dateFormat: names.insert(spec.usedTypes.transforms[transform.name.value]?.apiName ?? spec.api.name.value)
            case let .custom(_, swiftType): names.insert(swiftType.value)
            }
        }
        return names
    }

    /// Resolves every name in a type expression; reports unknown ones with the nearest known names.
    @discardableResult
    private mutating func checkType(_ type: Located<TypeExpression>) -> Bool {
        let name = type.value.baseName
        if symbols.resolve(name) == .builtin(.file), !allowsFiles {
            error(
                "`File` is a file sent as a part of a multipart body or received as an action's whole response; it can only be the type of a field of an action's body declared in place, or an action's `returns` itself",
                at: type.location,
                hint: "declare the field under the action's `body` and set `body_format: multipart`, or download one file with `returns: File`")
            return false
        }
        guard symbols.resolve(name) == nil else { return true }
        var suggestions = Suggestions.closest(to: name, in: symbols.allNames)
        // Another language's name of a built-in (`integer`, `boolean`, `datetime`) is too far from Swift's by
        // spelling for the edit distance to find; it is what the writer meant, so it comes first.
        if let builtin = SymbolTable.builtin(meantBy: name)?.rawValue, !suggestions.contains(builtin) {
            suggestions = Array(([builtin] + suggestions).prefix(3))
        }
        // Point at the name inside `[String: Nmae]?`; the location is where the type's text starts.
        var location = type.location
        if let range = type.value.description.firstRange(of: name) {
            location.column += type.value.description.distance(from: type.value.description.startIndex, to: range.lowerBound)
        }
        error(
            "unknown type `\(name)`", at: location,
            hint: suggestions.isEmpty
                ? "declare it under `models`, `resources` or `enums`, or use a built-in type (String, Int, Double, Bool, Date, URL, UUID, Decimal, JSON)"
                : "did you mean " + suggestions.map { "`\($0)`" }.joined(separator: " or ") + "?")
        return false
    }

    /// Checks `fields` of `owner`; a resource's fields beside its `id`, whose Swift name and JSON key they may not take.
    private mutating func checkFields(_ fields: [FieldSpec], of owner: String, id: FieldSpec? = nil, isQuery: Bool = false, isJSONAPI: Bool = false) {
        var names: [String: SourceLocation] = [:]
        var keys: [String: SourceLocation] = [:]
        // A JSON:API resource's id is under `id` apart from its attributes; `checkJSONAPI` refuses a field keyed `id`.
        if let id, !isJSONAPI { keys[id.jsonKey(style: spec.api.keyStyle)] = (id.key ?? id.name).location }
        let idName = id?.propertyName
        for field in fields {
            if let relationship = field.relationship {
                if isJSONAPI {
                    checkRelationship(of: field, in: owner)
                } else {
                    error(
                        "`relationship` of field `\(field.name.value)` of \(owner) applies to fields of JSON:API resources only", at: relationship.location,
                        hint: "give the resource its JSON:API type (`jsonapi: articles`), or leave `relationship` out")
                }
            }
            if let style = field.arrayStyle, !isQuery {
                error("`array_style` of field `\(field.name.value)` of \(owner) applies to query parameters only", at: style.location)
            }
            if field.readOnly && field.writeOnly {
                error(
                    "field `\(field.name.value)` of \(owner) is both `read_only` and `write_only`, so it would never be sent nor received",
                    at: field.name.location, hint: "keep `read_only` for what only the server sets, `write_only` for what only the client sends")
            }
            if field.writeOnly && isQuery {
                error("`write_only` of field `\(field.name.value)` of \(owner) applies to fields of bodies only", at: field.name.location)
            }
            if field.required {
                if isQuery {
                    error("`required` of field `\(field.name.value)` of \(owner) applies to fields of bodies only", at: field.name.location)
                } else if !field.type.value.isOptional {
                    error(
                        "`required` of field `\(field.name.value)` of \(owner) says a `nil` is sent as `null`, but `\(field.type.value)` is not optional",
                        at: field.name.location,
                        hint: "write the type `\(field.type.value)?` for a key that is always sent and may be `null`, or leave `required` out")
                } else if field.writeOnly {
                    error(
                        "field `\(field.name.value)` of \(owner) is both `required` and `write_only`, but a write-only `nil` is never sent",
                        at: field.name.location, hint: "keep `required` for a key the server needs in every body, `write_only` for what it never sends back")
                }
            }
            let swiftName = field.propertyName
            if let rename = field.swiftName, !SwiftNaming.isIdentifier(rename.value) || ["_", "self"].contains(rename.value) {
                error(
                    "`swift_name: \(rename.value)` of field `\(field.name.value)` is not a valid Swift property name", at: rename.location,
                    hint: "use letters, digits and underscores, starting with a letter")
            }
            if swiftName == idName {
                error(
                    "field `\(field.name.value)` of \(owner) has the name of its id", at: field.name.location,
                    hint: "the id is declared under `id`; remove the field or rename it")
            }
            if typesInExpressions.contains(swiftName) {
                error(
                    "field `\(field.name.value)` of \(owner) has the Swift name `\(swiftName)`, which would hide the type `\(swiftName)` generated code refers to",
                    at: field.name.location, hint: "give the field another Swift name with `swift_name` (its JSON key stays)")
            }
            if let previous = names[swiftName] {
                error(
                    "field `\(field.name.value)` of \(owner) has the Swift name `\(swiftName)`, already used at line \(previous.line)", at: field.name.location,
                    hint: "rename one of them and give it an explicit `key`")
            }
            names[swiftName] = field.name.location
            let key = field.jsonKey(style: spec.api.keyStyle)
            if let previous = keys[key] {
                error(
                    "field `\(field.name.value)` of \(owner) has the JSON key `\(key)`, already used at line \(previous.line)",
                    at: (field.key ?? field.name).location, hint: "give one of them an explicit `key`")
            }
            keys[key] = field.name.location
            if checkType(field.type) {
                checkTransform(of: field, in: owner)
                checkExample(of: field, in: owner)
            }
        }
    }

    /// Warns of an example that is no value of the field's type: a number, a flag or an enum's raw value
    /// that does not read as one. Its documentation would mislead; the generated code is the same.
    private mutating func checkExample(of field: FieldSpec, in owner: String) {
        guard let example = field.example, case let .named(name) = field.type.value.nonOptional else { return }
        let expected: String?
        switch symbols.resolve(name) {
        case let .builtin(type)?: expected = type.reads(example: example.value) ? nil : "`\(type.rawValue)`"
        case .enumeration?:
            let rawValues = spec.enums.first { $0.name.value == name }?.cases.map(\.rawValue.value) ?? []
            expected = rawValues.contains(example.value) ? nil : "one of the raw values of `\(name)`"
        default: expected = nil
        }
        guard let expected else { return }
        diagnostics.append(
            .warning(
                "the example of field `\(field.name.value)` of \(owner) is `\(example.value)`, which is not \(expected)", at: example.location,
                hint: "write a value as JSON writes it, without quotes: `42`, `true`, `Jane Doe`"))
    }

    private mutating func checkTransform(of field: FieldSpec, in owner: String) {
        guard let transform = field.transform else { return }
        let base = field.type.value.baseName
        if let builtin = BuiltinTransform(rawValue: transform.value) {
            let types = builtin.appliesTo.map(\.rawValue).sorted().map { "`\($0)`" }.joined(separator: ", ")
            if symbols.isShadowed(base), let declared = symbols.declared[base] {
                error(
                    "transform `\(transform.value)` applies to the built-in \(types), but `\(base)` in field `\(field.name.value)` of \(owner) is the type this spec declares at line \(declared.location.line)",
                    at: transform.location, hint: "give that type another name in the spec and keep its Swift name: `\(base)Model: { swift_name: \(base), … }`")
            } else if BuiltinType(rawValue: base).flatMap(builtin.runtimeName(for:)) == nil {
                error("transform `\(transform.value)` applies to \(types), not to `\(base)` (field `\(field.name.value)` of \(owner))", at: transform.location)
            }
            return
        }
        guard let declared = spec.transforms.first(where: { $0.name.value == transform.value }) else {
            let names = BuiltinTransform.allCases.map(\.rawValue) + spec.transforms.map(\.name.value)
            error(
                "unknown transform `\(transform.value)`", at: transform.location,
                hint: Suggestions.didYouMean(transform.value, in: names) ?? "built-in transforms: "
                    + BuiltinTransform.allCases.map(\.rawValue).sorted().joined(separator: ", ") + "; declare your own under `transforms`")
            return
        }
        let date = BuiltinType.date.rawValue
        let expected: String
        switch declared.kind {
        case .dateFormat: expected = date
        case let .custom(valueType, _): expected = valueType.value.description
        }
        if base != expected || (expected == date && symbols.isShadowed(date)) {
            error("transform `\(transform.value)` produces `\(expected)`, but field `\(field.name.value)` of \(owner) holds `\(base)`", at: transform.location)
        }
    }

    /// Reports two date formats whose generated types would have the same name (`http_date`, `httpDate`).
    private mutating func checkDateFormatNames() {
        var seen: [String: String] = [:]
        for transform in spec.transforms where spec.usedTypes.declaresHere(transform: transform.name.value) {
            guard case .dateFormat = transform.kind else { continue }
            let typeName = SwiftNaming.derivedTypeName(transform.name.value) + "DateFormat"
            if let first = seen[typeName] {
                error(
                    "date formats `\(first)` and `\(transform.name.value)` would both be `\(typeName)`", at: transform.name.location, hint: "rename one of them"
                )
            }
            seen[typeName] = transform.name.value
        }
    }

    private mutating func checkTransform(_ transform: TransformSpec) {
        if BuiltinTransform(rawValue: transform.name.value) != nil {
            error("transform `\(transform.name.value)` hides the built-in transform of that name", at: transform.name.location, hint: "choose another name")
        }
        if !SwiftNaming.isIdentifier(transform.name.value) {
            error("transform name `\(transform.name.value)` is not a valid identifier", at: transform.name.location)
        }
        switch transform.kind {
        case let .dateFormat(_, timeZone?) where !TimeZoneIdentifiers.all.contains(timeZone.value):
            error(
                "unknown time zone `\(timeZone.value)` in transform `\(transform.name.value)`", at: timeZone.location,
                hint: Suggestions.didYouMean(timeZone.value, in: TimeZoneIdentifiers.all.sorted())
                    ?? "write an IANA time zone identifier, as `Europe/Paris`, `America/New_York` or `UTC`")
        case .dateFormat:
            break
        case let .custom(valueType, swiftType):
            checkType(valueType)
            if !SwiftNaming.isIdentifier(swiftType.value) {
                error("`\(swiftType.value)` is not a valid Swift type name", at: swiftType.location)
            }
        }
    }

    // MARK: enums

    private mutating func checkEnum(_ enumeration: EnumSpec) {
        let what = "enum `\(enumeration.name.value)`"
        if enumeration.cases.isEmpty {
            error("\(what) has no cases", at: enumeration.name.location, hint: "list its values, as `[active, archived]`")
        }
        var names: [String: SourceLocation] = [:]
        var rawValues: [String: SourceLocation] = [:]
        for item in enumeration.cases {
            let name = SwiftNaming.caseName(item.name.value, derived: enumeration.derivesCaseNames)
            if name == "unknown" {
                error(
                    "case name `unknown` in \(what) is reserved for values the spec does not list", at: item.name.location,
                    hint: "name the case differently and keep the raw value: `{ unknownValue: unknown }`")
            }
            if let previous = names[name] {
                error("case `\(item.name.value)` of \(what) has the Swift name `\(name)`, already used at line \(previous.line)", at: item.name.location)
            }
            names[name] = item.name.location
            if let previous = rawValues[item.rawValue.value] {
                error("raw value `\(item.rawValue.value)` of \(what) is already used at line \(previous.line)", at: item.rawValue.location)
            }
            rawValues[item.rawValue.value] = item.rawValue.location
            if enumeration.rawType == .int, Int(item.rawValue.value) == nil {
                error("raw value `\(item.rawValue.value)` of \(what) is not an integer", at: item.rawValue.location)
            }
        }
    }

    // MARK: unions

    /// Built-in types a variant cannot be: each is read through a transform, which a variant has none of.
    private static let transformedTypes: Set<BuiltinType> = [.date, .data]

    private mutating func checkUnion(_ union: UnionSpec) {
        let what = "union `\(union.name.value)`"
        if union.variants.isEmpty {
            error("\(what) has no variants", at: union.name.location, hint: "list the types its values can have, as `[Cat, Dog]`")
        }
        if let discriminator = union.discriminator, discriminator.value.isEmpty {
            error("the discriminator of \(what) is empty", at: discriminator.location, hint: "name the JSON key that says which variant an object is")
        }
        var names: [String: SourceLocation] = [:]
        var types: [String: SourceLocation] = [:]
        for variant in union.variants {
            let variantWhat = "variant `\(variant.name.value)` of \(what)"
            let caseName = variant.caseName
            if let rename = variant.swiftName, !SwiftNaming.isIdentifier(rename.value) || rename.value == "_" {
                error("`swift_name: \(rename.value)` of \(variantWhat) is not a valid Swift case name", at: rename.location)
            } else if caseName == "unknown" {
                error(
                    "\(variantWhat) has the case name `unknown`, which is reserved for values no variant reads",
                    at: (variant.swiftName ?? variant.name).location,
                    hint: "give the variant another case name: `{ type: \(variant.type.value), swift_name: unknownValue }`")
            } else if let previous = names[caseName] {
                error(
                    "\(variantWhat) has the case name `\(caseName)`, already used at line \(previous.line)", at: variant.name.location,
                    hint: "give one of them a case name of its own with `swift_name`")
            }
            names[caseName] = variant.name.location
            guard checkType(variant.type) else { continue }
            let type = variant.type.value
            if type.isOptional {
                error(
                    "\(variantWhat) is optional; a union's value is one of its variants", at: variant.type.location,
                    hint: "write `\(type.nonOptional)`, and make the field holding the union optional instead")
                continue
            }
            if case let .builtin(builtin)? = symbols.resolve(type.baseName), Self.transformedTypes.contains(builtin) {
                error(
                    "\(variantWhat) is `\(type)`, which is read through a transform, and a variant has none", at: variant.type.location,
                    hint: "hold it in a field of a model, or read it as `String`")
                continue
            }
            if union.discriminator != nil {
                guard case let .named(name) = type, [.model, .resource].contains(symbols.resolve(name)) else {
                    error(
                        "\(variantWhat) is `\(type)`, but a union with a discriminator reads it from an object", at: variant.type.location,
                        hint: "a discriminated union's variants are models or resources; remove `discriminator` to try the variants in order")
                    continue
                }
            } else if variant.name.location != union.variants.last?.name.location, readsEveryValue(type) {
                error(
                    "\(variantWhat) is `\(type)`, which reads every value, so the variants after it would never be read", at: variant.type.location,
                    hint: "list it last: without a discriminator the variants are tried in order")
            } else if let previous = types[type.description] {
                error(
                    "\(variantWhat) has the type `\(type)` of the variant at line \(previous.line), so it would never be read", at: variant.type.location,
                    hint: "remove one of them, or tell them apart with a `discriminator`")
            }
            types[type.description] = variant.name.location
        }
    }

    /// Whether a variant of `type` reads any JSON value: `JSON`, and a union, which keeps what its own
    /// variants do not read as unknown.
    private func readsEveryValue(_ type: TypeExpression) -> Bool {
        guard case let .named(name) = type else { return false }
        return symbols.resolve(name) == .union || symbols.resolve(name) == .builtin(.json)
    }

    /// Reports unions that hold themselves as a variant, directly or through other unions: without a
    /// discriminator, reading one would try itself again before reading anything.
    private mutating func checkUnionCycles() {
        let unions = Dictionary(spec.unions.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let unionVariants = { (name: String) in
            (unions[name]?.variants ?? []).compactMap { variant -> String? in
                guard case let .named(inner) = variant.type.value, unions[inner] != nil else { return nil }
                return inner
            }
        }
        for union in spec.unions {
            let start = union.name.value
            guard let path = unionVariants(start).lazy.compactMap({ UnionSpec.variantPath(from: $0, to: start, unionVariants: unionVariants) }).first
            else { continue }
            let cycle = ([start] + path).map { "`\($0)`" }.joined(separator: " → ")
            error(
                "union `\(start)` holds itself as a variant (\(cycle)), so reading it would never finish", at: union.name.location,
                hint: "hold it in an array or in a model's field instead")
        }
    }

    // MARK: resources and actions

    private mutating func checkResource(_ resource: ResourceSpec) {
        let what = "resource `\(resource.name.value)`"
        let idType = resource.id.type.value.description
        if BuiltinType(rawValue: idType)?.canIdentify != true {
            error("the id of \(what) must be `Int`, `Int64`, `String` or `UUID`, not `\(resource.id.type.value)`", at: resource.id.type.location)
        } else if symbols.isShadowed(idType), let shadow = symbols.declared[idType] {
            error(
                "the id type `\(idType)` of \(what) names the type `\(idType)` this spec declares (line \(shadow.location.line)), but ids are the built-in `Int`, `Int64`, `String` or `UUID`",
                at: resource.id.type.location,
                hint: "give that type another name in the spec and keep its Swift name: `\(idType)Model: { swift_name: \(idType), … }`")
        }
        checkFields([resource.id.field(optional: false)], of: "the id of \(what)")
        checkFields(resource.fields, of: what, id: resource.id.field(optional: false), isJSONAPI: resource.jsonAPIType != nil)
        if resource.jsonAPIType != nil { checkJSONAPI(resource) }
        checkFields(resource.params, of: "the params of \(what)")
        checkQuery(resource.query, of: "the query of \(what)")
        var seen: Set<CRUDOperation> = []
        for operation in resource.operations where !seen.insert(operation.value).inserted {
            error("operation `\(operation.value.rawValue)` is listed twice in \(what)", at: operation.location)
        }
        let unlisted = { (operation: CRUDOperation, location: SourceLocation, key: String) in
            Diagnostic.warning(
                "\(what) configures `\(key).\(operation.rawValue)`, but does not list the `\(operation.rawValue)` operation", at: location,
                hint: "add `\(operation.rawValue)` to `operations` or remove this entry")
        }
        for (operation, route) in resource.routes.sorted(by: { $0.key < $1.key }) {
            if !seen.contains(operation) { diagnostics.append(unlisted(operation, route.location, "routes")) }
            checkRoute(route, of: resource, action: nil)
        }
        checkRoute(resource.path, of: resource, action: nil)
        if let pagination = resource.pagination {
            if !seen.contains(.list) {
                diagnostics.append(.warning("\(what) configures `pagination`, but does not list the `list` operation", at: pagination.location))
            }
            checkPagination(pagination, of: what)
        }
        for (operation, method) in resource.methods.sorted(by: { $0.key < $1.key }) {
            if !seen.contains(operation) { diagnostics.append(unlisted(operation, method.location, "methods")) }
            checkMethod(method)
        }
        for (_, headers) in resource.headers.sorted(by: { $0.key < $1.key }) { checkHeaders(headers) }
        for (operation, policy) in resource.cache.sorted(by: { $0.key < $1.key }) {
            if operation != .read && operation != .list {
                error(
                    "only `read` and `list` are cached, not `\(operation.rawValue)` of \(what)", at: policy.location,
                    hint: "successful writes forget what the cache kept for their URL")
            } else if !seen.contains(operation) {
                diagnostics.append(unlisted(operation, policy.location, "cache"))
            }
        }
        for (operation, deprecation) in resource.deprecated.sorted(by: { $0.key < $1.key }) where !seen.contains(operation) {
            diagnostics.append(unlisted(operation, deprecation.location, "deprecated"))
        }
        checkRouteArgumentNames(of: resource)
        if let first = resource.query.first, !seen.contains(.list) {
            diagnostics.append(.warning("\(what) configures `query`, but does not list the `list` operation", at: first.name.location))
        }
        checkListArgumentNames(of: resource)
        for action in resource.actions { checkAction(action, resource: resource) }
    }

    /// Reports what a JSON:API resource object cannot hold: a namespace beside `data`, an id that is not a
    /// string or is not under `id`, and a field whose key is `type` or `id`, which JSON:API reserves.
    private mutating func checkJSONAPI(_ resource: ResourceSpec) {
        let what = "resource `\(resource.name.value)`"
        if let namespace = resource.namespace, let written = namespace.one ?? namespace.many {
            error(
                "\(what) is a JSON:API resource, whose bodies are wrapped in `data`, and has a `namespace` too", at: written.location,
                hint: "remove `namespace`: `jsonapi` reads and sends the resource object under `data`")
        }
        if let pagination = resource.pagination, case let items = pagination.resolved.items, items != "data" {
            error(
                "\(what) is a JSON:API resource, whose pages hold the resource objects in `data`, but its pagination reads them from "
                    + (items.isEmpty ? "the bare array of a `link_header` page" : "`\(items)`"),
                at: pagination.items?.location ?? pagination.location, hint: "write `items: data` (and `next: links.next`, as JSON:API links pages)")
        }
        if BuiltinType(rawValue: resource.id.type.value.description)?.isJSONAPIIdentifier != true {
            error(
                "the id of JSON:API \(what) is `\(resource.id.type.value)`, but a JSON:API id is a string", at: resource.id.type.location,
                hint: "write `id: { name: \(resource.id.name.value), type: String }` (or `UUID`)")
        }
        let idKey = resource.id.field(optional: false).jsonKey(style: spec.api.keyStyle)
        if idKey != "id" {
            error(
                "the id of JSON:API \(what) has the key `\(idKey)`, but a resource object's id is always under `id`",
                at: (resource.id.key ?? resource.id.name).location, hint: "give the id the key `id`: `id: { name: \(resource.id.name.value), key: id, … }`")
        }
        for field in resource.fields {
            let key = field.jsonKey(style: spec.api.keyStyle)
            guard key == "type" || key == "id" else { continue }
            error(
                "field `\(field.name.value)` of JSON:API \(what) has the key `\(key)`, which JSON:API reserves for the resource object's own",
                at: (field.key ?? field.name).location, hint: "give the field the key the server uses for it")
        }
    }

    /// Reports a relationship whose field cannot hold the related ids: a JSON:API id is a string, so the
    /// field is `String` or `UUID`, optional for a to-one relationship that may be empty, or an array of them.
    private mutating func checkRelationship(of field: FieldSpec, in owner: String) {
        let type = field.type.value
        let element = if case let .array(element) = type.nonOptional { element } else { type.nonOptional }
        let holdsRelatedIDs =
            if case let .named(name) = element, case let .builtin(builtin)? = symbols.resolve(name) { builtin.isJSONAPIIdentifier } else { false }
        if !holdsRelatedIDs {
            error(
                "field `\(field.name.value)` of \(owner) is a relationship, so it holds the related id, not `\(type)`", at: field.type.location,
                hint: "write `String` (`String?` for a to-one relationship that may be empty) or `[String]` for a to-many one")
        }
        if let transform = field.transform {
            error(
                "field `\(field.name.value)` of \(owner) is a relationship, whose ids take no transform", at: transform.location,
                hint: "leave `transform` out")
        }
    }

    /// Reports a query parameter of a resource's `list` whose argument would be another's: a route
    /// parameter of the list route, or `query`, the argument of the untyped query items.
    private mutating func checkListArgumentNames(of resource: ResourceSpec) {
        let parameters = RouteParameters(resource: resource, action: nil)
        let route = Set((RouteParameters.template(for: .list, of: resource)?.parameters ?? []).map { parameters.swiftName(of: $0.name) })
        for field in resource.query {
            let swiftName = field.propertyName
            let clash =
                route.contains(swiftName)
                ? "the route parameter `\(swiftName)` of its list route"
                : SwiftNaming.unescaped(swiftName) == "query" ? "the argument `query` of the untyped query items" : nil
            guard let clash else { continue }
            error(
                "query parameter `\(field.name.value)` of resource `\(resource.name.value)` would be the same argument as \(clash)", at: field.name.location,
                hint: "rename it and keep its name in the query with `key`, as `{ type: \(field.type.value), key: \(field.name.value) }`")
        }
    }

    /// Checks query parameters, an action's or a resource's list's: fields of types a query can carry,
    /// `array_style` only on arrays.
    private mutating func checkQuery(_ query: [FieldSpec], of owner: String) {
        checkFields(query, of: owner, isQuery: true)
        for field in query {
            let element: TypeExpression
            switch field.type.value.nonOptional {
            case let .array(inner): element = inner
            case let scalar: element = scalar
            }
            if let style = field.arrayStyle {
                if case .array = field.type.value.nonOptional {
                } else {
                    error("`array_style` of query parameter `\(field.name.value)` applies to arrays, not to `\(field.type.value)`", at: style.location)
                }
                if !Self.arrayStyles.contains(style.value) {
                    error(
                        "`array_style` must be `repeated` (ids=1&ids=2) or `comma` (ids=1,2), not `\(style.value)`", at: style.location,
                        hint: Suggestions.didYouMean(style.value, in: Self.arrayStyles))
                }
            }
            guard case let .named(name) = element, printsAsOneValue(name) || isQueryOnly(name) else {
                error(
                    "query parameter `\(field.name.value)` has type `\(field.type.value)`, which cannot be sent in a query", at: field.type.location,
                    hint:
                        "query parameters are Int, Int32, Int64, UInt, Double, Float, Decimal, Bool, String, UUID, URL, Date (written by its transform) or a spec enum, an array of one of these, each optionally optional"
                )
                continue
            }
        }
    }

    private mutating func checkAction(_ action: ActionSpec, resource: ResourceSpec?) {
        if let method = action.method { checkMethod(method) }
        if let cache = action.cache, action.resolvedMethod != "GET" {
            error("action `\(action.name.value)` sets a cache policy, but only GET requests are cached", at: cache.location)
        }
        if !SwiftNaming.isActionName(action.name.value) {
            error("action name `\(action.name.value)` cannot be a Swift function name", at: action.name.location)
        }
        checkHeaders(action.headers)
        checkQuery(action.query, of: "the query of action `\(action.name.value)`")
        checkFields(action.params, of: "the params of action `\(action.name.value)`")
        // `File` in a form body is reported with the form's other fields, where the hint can say more.
        let isFormBody = [.form, .multipart].contains(action.bodyFormat?.value)
        // `returns: File` is a download; `File` anywhere else in a response is an error.
        let returnsFile = symbols.isFile(action.returns)
        for (payload, isFormPayload) in [(action.body, isFormBody), (returnsFile ? nil : action.returns, false)] {
            switch payload {
            case let .type(type)?: checkType(type)
            case let .fields(fields, _)?:
                allowsFiles = isFormPayload
                checkFields(fields, of: "action `\(action.name.value)`")
                allowsFiles = false
            case .none?, nil: break
            }
        }
        if case let .fields(fields, _)? = action.body {
            for field in fields where field.readOnly {
                error(
                    "field `\(field.name.value)` of the body of action `\(action.name.value)` is `read_only`, so the call would never send it",
                    at: field.name.location, hint: "remove `read_only`: a body declared in place is what the call sends")
            }
        }
        if let format = action.bodyFormat { checkBodyFormat(format, of: action) }
        checkRoute(action.path, of: resource, action: action)
        checkArgumentNames(of: action, resource: resource)
        if let pagination = action.pagination {
            checkPagination(pagination, of: "action `\(action.name.value)`")
            if returnsFile {
                error(
                    "action `\(action.name.value)` returns a file, which has no pages", at: pagination.location,
                    hint: "remove `pagination`, or return the array of the items the pages hold, as `returns: \"[User]\"`")
                return
            }
            guard case let .type(type)? = action.returns, case .array = type.value else {
                error("action `\(action.name.value)` pages, so it must return an array of its items, as `returns: \"[User]\"`", at: pagination.location)
                return
            }
        }
    }

    /// Reports a `body_format` without a body, and form and multipart bodies holding what a form cannot
    /// carry: they are fields (in place or a model's) of query parameter types, or files in a multipart body.
    private mutating func checkBodyFormat(_ format: Located<BodyFormatSpec>, of action: ActionSpec) {
        let name = action.name.value
        let fields: [FieldSpec]
        switch action.body {
        case nil, .none?:
            error(
                "action `\(name)` sets `body_format`, but it sends no body", at: format.location,
                hint: "declare the `body`, or remove `body_format`")
            return
        case .fields(let inPlace, _)?:
            fields = inPlace
        case .type(let type)?:
            guard format.value != .json else { return }
            guard case .named(let model) = type.value, symbols.resolve(model) == .model,
                let declaration = spec.models.first(where: { $0.name.value == model })
            else {
                error(
                    "the body of action `\(name)` is sent as a \(format.value.rawValue) body, so it must be an object, not `\(type.value)`",
                    at: type.location, hint: "declare its fields in place under `body`, or name a model from `models`")
                return
            }
            fields = declaration.fields
        }
        guard format.value != .json else { return }
        for field in fields {
            let element: TypeExpression
            switch field.type.value.nonOptional {
            case let .array(inner): element = inner
            case let scalar: element = scalar
            }
            if case let .named(type) = element, symbols.resolve(type) == nil { continue }  // reported as unknown
            if case let .named(type) = element, symbols.resolve(type) == .builtin(.file) {
                if format.value == .form {
                    error(
                        "field `\(field.name.value)` of the body of action `\(name)` is a `File`, which a form body cannot carry", at: field.type.location,
                        hint: "send files with `body_format: multipart`")
                }
                continue
            }
            if case let .named(type) = element,
                printsAsOneValue(type) || isQueryOnly(type) || symbols.resolve(type) == .builtin(.data)
            {
                continue
            }
            error(
                "field `\(field.name.value)` of the body of action `\(name)` has type `\(field.type.value)`, which a \(format.value.rawValue) body cannot carry",
                at: field.type.location,
                hint:
                    "form fields are Int, Int32, Int64, UInt, Double, Float, Decimal, Bool, String, UUID, URL, Date (written by its transform), Data (base64) or a spec enum"
                    + (format.value == .multipart ? ", File" : "")
                    + ", an array of one of these, each optionally optional; send nested values with `body_format: json`")
        }
    }

    /// Reports two arguments of an action's function with the same Swift name: its route parameters, the
    /// fields of a body declared in place and its query parameters all become arguments.
    private mutating func checkArgumentNames(of action: ActionSpec, resource: ResourceSpec?) {
        guard case let .success(template) = RouteTemplate.parse(action.path.value) else { return }
        let parameters = RouteParameters(resource: resource, action: action)
        var arguments: [(specName: String, swiftName: String, what: String, location: SourceLocation)] = template.parameters.map { parameter in
            var location = action.path.location
            location.column += parameter.offset
            return (parameter.name, parameters.swiftName(of: parameter.name), "route parameter `{\(parameter.name)}`", location)
        }
        if case let .fields(fields, _)? = action.body {
            arguments += fields.map { ($0.name.value, $0.propertyName, "body field `\($0.name.value)`", $0.name.location) }
        }
        arguments += action.query.map { ($0.name.value, $0.propertyName, "query parameter `\($0.name.value)`", $0.name.location) }
        var seen: [String: (specName: String, what: String)] = [:]
        for argument in arguments {
            let swiftName = argument.swiftName
            if let first = seen[swiftName] {
                // A route may use the same parameter twice; it is one argument.
                guard first.specName != argument.specName || first.what != argument.what else { continue }
                error(
                    "\(argument.what) of action `\(action.name.value)` and its \(first.what) would both be the argument `\(swiftName)`", at: argument.location,
                    hint: "rename the body or query field and keep its JSON name with `key`, as `{ type: Int, key: \(argument.specName) }`")
                continue
            }
            seen[swiftName] = (argument.specName, argument.what)
        }
    }

    /// Reports two parameters of one CRUD route whose names have the same Swift spelling (`{a-b}`, `{aB}`).
    private mutating func checkRouteArgumentNames(of resource: ResourceSpec) {
        for operation in resource.operations.map(\.value) {
            guard let template = RouteParameters.template(for: operation, of: resource) else { continue }
            let parameters = RouteParameters(resource: resource, action: nil)
            var seen: [String: String] = [:]
            for parameter in template.parameters {
                let swiftName = parameters.swiftName(of: parameter.name)
                if let first = seen[swiftName], first != parameter.name {
                    error(
                        "route parameters `{\(first)}` and `{\(parameter.name)}` of the `\(operation.rawValue)` route of resource `\(resource.name.value)` would both be the argument `\(swiftName)`",
                        at: (resource.routes[operation] ?? resource.path).location, hint: "rename one of them")
                }
                seen[swiftName] = parameter.name
            }
        }
    }

    /// Checks a route's syntax and that each parameter is the id, a field or a declared param of a type
    /// that prints as one path segment.
    private mutating func checkRoute(_ route: Located<String>, of resource: ResourceSpec?, action: ActionSpec?) {
        let template: RouteTemplate
        switch RouteTemplate.parse(route.value) {
        case let .failure(failure):
            var location = route.location
            location.column += failure.offset
            error("route `\(route.value)`: \(failure.message)", at: location, hint: "parameters are written as `{name}`, as `households/{householdID}/people`")
            return
        case let .success(parsed):
            template = parsed
        }
        let parameters = RouteParameters(resource: resource, action: action)
        for parameter in template.parameters {
            var location = route.location
            location.column += parameter.offset
            let type: TypeExpression
            switch parameters.resolve(parameter.name) {
            case nil:
                let owner = action.map { "action `\($0.name.value)`" } ?? resource.map { "resource `\($0.name.value)`" } ?? "the API"
                let hint =
                    Suggestions.didYouMean(parameter.name, in: parameters.knownNames)
                    ?? "declare it under `params` of \(owner), as `params: { \(parameter.name): Int }`"
                error("route parameter `{\(parameter.name)}` is not the id, a field or a declared param of \(owner)", at: location, hint: hint)
                continue
            case let .id(id)?: type = id.type.value
            case let .field(field)?: type = field.type.value
            case let .param(param)?: type = param.type.value
            }
            guard case let .named(name) = type.nonOptional,
                printsAsOneValue(name)
            else {
                error(
                    "route parameter `{\(parameter.name)}` has type `\(type)`, which cannot be a path segment", at: location,
                    hint: "path parameters are Int, String, UUID, Double, Bool or an enum")
                continue
            }
        }
    }

    /// Checks that a pagination's keys fit its style.
    private mutating func checkPagination(_ pagination: PaginationSpec, of owner: String) {
        let style = pagination.style.rawValue
        if let parameter = pagination.parameter, pagination.style == .nextURL || pagination.style == .linkHeader {
            error("`parameter` of the pagination of \(owner) applies to the `page`, `offset` and `cursor` styles, not to `\(style)`", at: parameter.location)
        }
        if let next = pagination.next, pagination.style == .offset || pagination.style == .linkHeader {
            error(
                "`next` of the pagination of \(owner) has no meaning for the `\(style)` style", at: next.location,
                hint: pagination.style == .offset ? "offsets advance by the items received" : "the next page's URL comes from the `Link` header")
        }
        if pagination.style == .cursor, pagination.next?.value == "none" {
            error("cursor pagination of \(owner) needs the key of the next cursor", at: pagination.next!.location)
        }
        if pagination.style == .nextURL, let next = pagination.next, next.value == "none" {
            error(
                "`next_url` pagination of \(owner) needs the key of the next URL", at: next.location,
                hint: "name the key that holds it, as `next: links.next`, or choose the style that finds the next page, as `style: link_header`")
        }
        if let size = pagination.sizeParameter, pagination.size == nil {
            error(
                "`size_parameter` of the pagination of \(owner) is sent with `size`, which is missing", at: size.location,
                hint: "add the page size to ask for, as `size: 50`")
        }
        if let header = pagination.countHeader {
            checkHeaderName(header, hint: "write the header's name alone, as `X-Total-Count`")
            if let count = pagination.count, count.value != "none" {
                error(
                    "the pagination of \(owner) reads the total from both `count` and `count_header`", at: count.location,
                    hint: "keep `count_header` for a total in a header, or `count` for one in the body")
            }
        }
        for path in [pagination.items, pagination.next, pagination.count].compactMap({ $0 })
        where path.value.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) && !path.value.isEmpty {
            error(
                "key path `\(path.value)` of the pagination of \(owner) has an empty segment", at: path.location,
                hint: "write keys separated by dots, as `data.items`")
        }
    }

    /// Whether values of the type `name` print as one path segment or query value: a built-in scalar the
    /// spec does not shadow, or a spec enum.
    private func printsAsOneValue(_ name: String) -> Bool {
        switch symbols.resolve(name) {
        case let .builtin(type)?: type.isRouteParameterType
        case .enumeration?: true
        default: false
        }
    }

    /// Whether values of the type `name` can be sent in a query though not in a route: a built-in the spec
    /// does not shadow whose text needs escaping or a format.
    private func isQueryOnly(_ name: String) -> Bool {
        if case let .builtin(type)? = symbols.resolve(name) { return type.isQueryOnly }
        return false
    }

    // MARK: recursion

    /// Reports models that contain themselves by value (not through an array or dictionary), which Swift cannot lay out.
    private mutating func checkRecursion() {
        var edges: [String: [(target: String, location: SourceLocation)]] = [:]
        func add(_ owner: String, _ fields: [FieldSpec]) {
            for field in fields {
                if let target = Self.valueContainedType(field.type.value),
                    symbols.declared[target]?.symbol == .model || symbols.declared[target]?.symbol == .resource
                {
                    edges[owner, default: []].append((target, field.type.location))
                }
            }
        }
        for model in spec.models { add(model.name.value, model.fields) }
        for resource in spec.resources { add(resource.name.value, resource.fields) }
        for payload in symbols.inlinePayloads { add(payload.typeName, payload.fields) }
        var reported: Set<String> = []
        for start in edges.keys.sorted() {
            var stack: [(node: String, path: [String])] = [(start, [start])]
            var visited: Set<String> = []
            while let (node, path) = stack.popLast() {
                for edge in edges[node] ?? [] {
                    if edge.target == start {
                        guard reported.insert(start).inserted else { continue }
                        let cycle = (path + [start]).map { "`\($0)`" }.joined(separator: " → ")
                        let location = edges[start]!.first { path.count > 1 ? $0.target == path[1] : $0.target == start }!.location
                        error(
                            "`\(start)` contains itself by value (\(cycle)); Swift cannot store such a struct", at: location,
                            hint: "hold the related value in an array, or refer to it by its id")
                    } else if visited.insert(edge.target).inserted {
                        stack.append((edge.target, path + [edge.target]))
                    }
                }
            }
        }
    }

    /// The named type a field stores inline: through optionals, but not through arrays or dictionaries.
    static func valueContainedType(_ type: TypeExpression) -> String? {
        switch type {
        case let .named(name): name
        case let .optional(wrapped): valueContainedType(wrapped)
        case .array, .dictionary: nil
        }
    }
}
