import CrudeGenCore
import Foundation
import OpenAPIKit

/// The importer's naming: routes and parameter names as a spec writes them, renamed components, the key style.
extension Mapper {
    /// A spec route for an OpenAPI path: relative, each parameter named as the document names it unless
    /// `renaming` names it otherwise (the id, by the id's name).
    func route(_ path: OpenAPI.Path, renaming: [String: String] = [:]) -> String {
        let segments = path.components.map { segment -> String in
            var result = ""
            var parameter: String?
            for character in segment {
                switch (character, parameter) {
                case ("{", nil): parameter = ""
                case ("}", let name?):
                    result += "{" + (renaming[name] ?? name) + "}"
                    parameter = nil
                case (_, let name?): parameter = name + String(character)
                case (_, nil): result.append(character)
                }
            }
            return result
        }
        return segments.joined(separator: "/") + (path.trailingSlash && !segments.isEmpty ? "/" : "")
    }

    /// The Swift name of a path parameter: camel case, as Swift arguments read (`{hero_id}` → `heroId`).
    static func parameterName(_ name: String) -> String {
        SpecInterop.propertyName(name.camelCased(uppercaseFirst: false))
    }

    /// A route parameter as a spec declares it: by the document's name, which the route keeps, with the
    /// name Swift reads (``parameterName(_:)``, or the document's `x-crudegen-swift-name`) as its
    /// `swift_name` when the generator would spell the name otherwise.
    func routeParam(_ name: String, type: TypeExpression, declared: OpenAPI.Parameter?) -> FieldSpec {
        let given = (declared?.vendorExtensions[CrudegenExtension.swiftName]?.value as? String).flatMap { SpecInterop.isIdentifier($0) ? $0 : nil }
        let swiftName = given ?? Self.parameterName(name)
        return FieldSpec(routeParameter: name, type: type, swiftName: swiftName == SpecInterop.propertyName(name) ? nil : swiftName)
    }

    /// The names of a path's parameters, in order.
    func parameterNames(_ path: OpenAPI.Path) -> [String] {
        path.components.flatMap { segment -> [String] in
            segment.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap {
                $0.split(separator: "}", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            }
        }
    }

    /// The type name a resource takes from the last literal segment of its collection path in the singular,
    /// with the parent's in front for a nested collection (`teams/{team_id}/heroes` → `team hero`), to be
    /// camel-cased.
    static func nameFromPath(_ segments: [String]) -> String {
        let literals = segments.filter { !$0.contains("{") && !$0.isEmpty }
        let singular = ResourceMatching.singular(of:)
        let own = literals.last.map(singular) ?? "Item"
        let isNested = segments.filter { !$0.isEmpty }.dropLast().contains { $0.contains("{") }
        let parent = isNested ? literals.dropLast().last.map(singular) : nil
        return (parent.map { $0 + " " } ?? "") + own
    }

    /// Makes the component schema that declared the type `old` declare `new` (a resource named after its
    /// path), so that what is mapped later refers to `new`.
    mutating func renameComponent(_ old: String, to new: String) {
        if let fields = componentFields.removeValue(forKey: old) { componentFields[new] = fields }
        if let pointer = modelPointers[old] { modelPointers[new] = pointer }
        if let component = components.first(where: { if case .model(old) = $0.value { true } else { false } })?.key {
            components[component] = .model(new)
        }
    }

    /// Replaces every reference to a type among the keys of `renamed` in the fields and variants mapped so far.
    mutating func renameReferences(_ renamed: [String: String]) {
        guard !renamed.isEmpty else { return }
        let rename = { (fields: inout [FieldSpec]) in
            for index in fields.indices { fields[index].type.value = fields[index].type.value.renamed(renamed) }
        }
        for index in spec.models.indices { rename(&spec.models[index].fields) }
        for index in spec.unions.indices {
            for variant in spec.unions[index].variants.indices {
                spec.unions[index].variants[variant].type.value = spec.unions[index].variants[variant].type.value.renamed(renamed)
            }
        }
        for index in spec.resources.indices {
            rename(&spec.resources[index].fields)
            for param in spec.resources[index].params.indices {
                spec.resources[index].params[param].type.value = spec.resources[index].params[param].type.value.renamed(renamed)
            }
        }
    }

    /// `snake_case` when most JSON keys of several words are snake case, else keys verbatim; a key the
    /// style does not derive keeps an explicit `key` (see `ImportFieldNaming.swift`), so one odd key changes
    /// only its own field's name.
    mutating func chooseKeyStyle() {
        var keys =
            spec.models.flatMap { $0.fields.map(\.documentKey) }
            + spec.resources.flatMap { $0.fields.map(\.documentKey) + $0.query.map(\.documentKey) + [$0.id.documentKey] }
        for action in spec.actions {
            keys += action.query.map(\.documentKey)
            for payload in [action.body, action.returns] {
                if case let .fields(fields, _)? = payload { keys += fields.map(\.documentKey) }
            }
        }
        let isSnake = { (key: String) in
            key.first.map { $0.isLowercase && $0.isASCII } == true && key.allSatisfy { ($0.isLowercase && $0.isASCII) || $0.isNumber || $0 == "_" }
                && !key.contains("__") && !key.hasSuffix("_")
        }
        let severalWords = keys.filter { $0.contains("_") || $0.dropFirst().contains(where: \.isUppercase) }
        let snake = severalWords.filter(isSnake).count
        if snake * 2 > severalWords.count {
            spec.api.keyStyle = .snakeCase
        }
    }
}

/// Names the spec declares, never reserved or built in: unique as written, and their Swift names unique even
/// ignoring case (each is a file).
struct TypeNames {
    /// Every Swift name taken so far, lowercased.
    private var taken: Set<String> = []
    /// Every spec name taken so far.
    private var specNames: Set<String> = []

    /// Whether import gives no type the name: a reserved or built-in one, or a standard library type's
    /// that a generated type would shadow in every file of the app importing it (Asana's `Task` would
    /// turn each `Task { … }` into a model).
    static func isAvoided(_ name: String) -> Bool {
        SpecInterop.reservedTypeNames.contains(name) || BuiltinType(rawValue: name) != nil || ["Task", "Result", "Error"].contains(name)
    }

    /// Takes a name derived from `preferred`, numbered when it is taken.
    mutating func claim(_ preferred: String) -> String {
        var base = preferred.camelCased(uppercaseFirst: true)
        if Self.isAvoided(base) { base += "Model" }
        var name = base
        var number = 2
        while taken.contains(name.lowercased()) || specNames.contains(name) {
            name = "\(base)\(number)"
            number += 1
        }
        taken.insert(name.lowercased())
        specNames.insert(name)
        return name
    }

    /// Takes the spec name `export` wrote (`x-crudegen-name`), which may be a keyword or a built-in type's
    /// name, when a spec can declare it: an identifier not yet taken, whose Swift name is not reserved or
    /// taken (a spec may declare `any` beside `Any` when that one's Swift name is `KindAny`).
    mutating func claim(specName name: String, swiftName: String?) -> String? {
        let swift = swiftName ?? name
        guard SpecInterop.isIdentifier(name), !specNames.contains(name), !taken.contains(swift.lowercased()), !SpecInterop.reservedTypeNames.contains(swift)
        else { return nil }
        taken.insert(swift.lowercased())
        specNames.insert(name)
        return name
    }

    /// Takes exactly `name` when it is free; `false` otherwise.
    mutating func claimExactly(_ name: String) -> Bool {
        guard !taken.contains(name.lowercased()), !specNames.contains(name), !Self.isAvoided(name) else {
            return false
        }
        taken.insert(name.lowercased())
        specNames.insert(name)
        return true
    }
}

/// Renaming in spec types.
extension TypeExpression {
    /// The type with every reference to a key of `names` naming its value instead.
    func renamed(_ names: [String: String]) -> TypeExpression {
        switch self {
        case let .named(name): .named(names[name] ?? name)
        case let .optional(wrapped): .optional(wrapped.renamed(names))
        case let .array(element): .array(element.renamed(names))
        case let .dictionary(value): .dictionary(value.renamed(names))
        }
    }
}

/// Name helpers the importer uses.
extension String {
    /// `pets_list` → `petsList` (`PetsList` with `uppercaseFirst`): words split at anything that is not a
    /// letter or digit, made a valid identifier the way the generator does it.
    func camelCased(uppercaseFirst: Bool) -> String {
        let words = split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard !words.isEmpty else { return SpecInterop.identifier(self, uppercaseFirst: uppercaseFirst) }
        let joined = words.enumerated().map { index, word in
            index == 0 && !uppercaseFirst ? word.lowercasedFirst : word.capitalizedFirst
        }.joined()
        return SpecInterop.identifier(joined, uppercaseFirst: uppercaseFirst)
    }

    /// The string with its first character lowercased.
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }

    /// The string without one trailing `suffix`.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
