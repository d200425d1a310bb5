import CrudeGenEngine
import Foundation

/// Where an imported spec's values are: nowhere yet, as the spec has no text until ``SpecSerializer``
/// writes it, and what is loaded from that text is what is located and validated.
extension SourceLocation {
    /// The place of every value the importer makes.
    static let unwritten = SourceLocation(file: "", line: 1, column: 1)
}

extension Located {
    /// A value the importer made, at ``SourceLocation/unwritten``.
    init(unwritten value: Value) {
        self.init(value, at: .unwritten)
    }
}

/// Enums as the importer declares them.
extension EnumSpec {
    /// An enum of `values` named `name`, its case names the document's (`x-enum-varnames`) when it gives
    /// them, else derived from the raw values when they all can be, else made unique from what the values give.
    init(imported name: String, swiftName: String? = nil, description: String?, isInteger: Bool, values: [String], caseNames given: [String]? = nil) {
        let derived = values.map(SpecInterop.derivedCaseName)
        let derivable = !isInteger && Set(derived).count == derived.count && !derived.contains("unknown") && derived.allSatisfy(SpecInterop.isIdentifier)
        let caseNames = given ?? (derivable ? values : Self.importedCaseNames(of: values, isInteger: isInteger))
        self.init(
            name: Located(unwritten: name), description: description.keptDescription, rawType: isInteger ? .int : .string,
            cases: zip(caseNames, values).map { (Located(unwritten: $0), Located(unwritten: $1)) }, derivesCaseNames: given == nil && derivable)
        self.swiftName = swiftName.map(Located.init(unwritten:))
    }

    /// Case names for raw values that do not all derive one: `value` and a number where a value gives none.
    private static func importedCaseNames(of values: [String], isInteger: Bool) -> [String] {
        var used: Set<String> = ["unknown"]
        return values.map { value in
            var base = SpecInterop.derivedCaseName(value)
            if !SpecInterop.isIdentifier(base) || base.hasPrefix("_") && isInteger {
                base = isInteger ? "value" + value.replacingOccurrences(of: "-", with: "Minus") : "value"
            }
            var caseName = base
            var number = 2
            while used.contains(caseName) {
                caseName = "\(base)\(number)"
                number += 1
            }
            used.insert(caseName)
            return caseName
        }
    }

    /// Whether `value` is one of the enum's raw values.
    func hasRawValue(_ value: String) -> Bool {
        cases.contains { $0.rawValue.value == value }
    }
}

extension String? {
    /// A description worth keeping: a blank one says nothing. Kept as it stands otherwise, as a trailing
    /// line break is part of what generated doc comments show.
    var keptDescription: String? {
        flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }
}

extension HeaderSpec {
    /// A fixed header the document gives.
    init(imported header: (name: String, value: String)) {
        self.init(name: Located(unwritten: header.name), value: Located(unwritten: header.value))
    }
}

/// Fields as the importer makes them. Until the key style is known (``Spec/namedByKeyStyle()``), a field
/// the document does not name is named by its JSON key and has no explicit `key`; one it names
/// (`x-crudegen-name`) has its key written out, which is what tells the two apart when names are decided.
extension FieldSpec {
    /// The property `key` of a document's object, of spec type `type`, named by its key.
    init(imported key: String, type: TypeExpression, description: String? = nil) {
        self.init(name: Located(unwritten: key), type: Located(unwritten: type), description: description)
    }

    /// A route parameter named as the document's path writes it, with the Swift name of its argument
    /// when that is not derived from the name.
    init(routeParameter name: String, type: TypeExpression, swiftName: String?) {
        self.init(name: Located(unwritten: name), type: Located(unwritten: type))
        self.swiftName = swiftName.map(Located.init(unwritten:))
    }

    /// The field's JSON key in the document.
    var documentKey: String { key?.value ?? name.value }

    /// The name the document gives the field, `nil` when it is named by its key.
    var givenName: String? {
        get { key == nil ? nil : name.value }
        set {
            let documentKey = documentKey
            key = newValue == nil ? nil : Located(unwritten: documentKey)
            name = Located(unwritten: newValue ?? documentKey)
        }
    }
}

extension ModelSpec {
    /// A model of `fields` named `name`.
    init(imported name: String, swiftName: String? = nil, description: String?, fields: [FieldSpec]) {
        self.init(name: Located(unwritten: name), description: description.keptDescription, fields: fields)
        self.swiftName = swiftName.map(Located.init(unwritten:))
    }
}

extension UnionSpec.Variant {
    /// A variant listed by its type only, until the document names it (`x-crudegen-variants`, a
    /// discriminator's tag): named by the type's spelling, as a spec lists it.
    init(listed type: TypeExpression) {
        self.init(name: Located(unwritten: type.description), type: Located(unwritten: type), isListed: true)
    }
}

extension IDSpec {
    /// The id's JSON key in the document, explicit until the key style is known.
    var documentKey: String { key?.value ?? name.value }
}

extension NamespaceSpec {
    /// The namespace of the keys `one` and `many`, wrapping `direction`'s bodies (both when `nil`); `nil`
    /// when neither key is given.
    init?(imported namespace: (one: String?, many: String?, direction: Direction?)) {
        guard namespace.one != nil || namespace.many != nil else { return nil }
        self.init(one: namespace.one.map(Located.init(unwritten:)), many: namespace.many.map(Located.init(unwritten:)))
        direction = namespace.direction ?? .both
    }
}

extension PaginationSpec {
    /// Django REST Framework's `{count, next, previous, results}` with a next URL, every key at its
    /// default: written `pagination: true`.
    static let nextURLDefaults = PaginationSpec(at: .unwritten)
}
