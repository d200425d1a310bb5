/// An entry of a spec's `uses`: another spec whose models, enums, unions, resources and transforms this
/// spec's fields and payloads may name. They are generated once, by the target that declares them, and the
/// files of this spec import that target's module.
public struct SpecUse: Sendable, Equatable {
    /// How the used spec is found.
    public enum Reference: Sendable, Equatable {
        /// The spec of a package target (`uses: [Shared]`): the one spec file in the folder of that name
        /// beside this spec's folder (`Sources/Shared/` for `Sources/Chat/Chat.crude.yaml`), the module of that name.
        case target(String)
        /// A spec by its path relative to this spec's folder (`{ spec: ../Shared/Shared.crude.yaml }`); its
        /// module is `module`, or the folder holding it, as SwiftPM names a target after its folder.
        case file(String)
    }

    /// The target or file, where it is written.
    public var reference: Located<Reference>
    /// The module of a used spec named by its file, when it is not the folder's name.
    public var module: Located<String>?

    /// Creates the value; the loader (in CrudeGenCore) fills it.
    package init(reference: Located<Reference>, module: Located<String>? = nil) {
        self.reference = reference
        self.module = module
    }
}

/// Which of a spec's declarations come from the specs it uses (`uses`), and from which module.
///
/// The used declarations sit in the spec's own sections so that looking a type up is the same for both;
/// a stage that declares types (the code model, the serializer, the validator's checks of a declaration)
/// asks ``declaresHere(type:)`` and leaves the others to the module that declares them.
public struct UsedTypes: Sendable, Equatable {
    /// Where a used type or transform is declared.
    public struct Origin: Sendable, Equatable {
        /// The module generated from the used spec, which this spec's files import.
        public var module: String
        /// The used spec's API name: its date formats are types inside it (`SharedAPI.DayFormat`).
        public var apiName: String
    }

    /// The origin of each type a used spec declares, by its spec name.
    public internal(set) var types: [String: Origin] = [:]
    /// The origin of each transform a used spec declares, by its name.
    public internal(set) var transforms: [String: Origin] = [:]
    /// The modules of the used specs, each once, in the order of `uses` (a used spec's own uses after it):
    /// what generated files import.
    public internal(set) var modules: [String] = []

    /// Creates an empty value: a spec that uses no other.
    public init() {}

    /// Whether the type named `name` is the spec's own, not a used spec's.
    public func declaresHere(type name: String) -> Bool { types[name] == nil }

    /// Whether the transform named `name` is the spec's own, not a used spec's.
    public func declaresHere(transform name: String) -> Bool { transforms[name] == nil }
}

extension Spec {
    /// This spec, with the types of `used` (generated as `module`) declared after its own: its enums,
    /// unions, models and transforms, its resources as the models of their values (id first), and what
    /// `used` itself uses. A type reached through two uses is taken once.
    public func using(_ used: Spec, module: String) -> Spec {
        var spec = self
        let declaring = UsedTypes.Origin(module: module, apiName: used.api.name.value)
        // A type `used` takes from a spec it uses keeps that spec's origin.
        func origin(ofType name: String) -> UsedTypes.Origin { used.usedTypes.types[name] ?? declaring }
        for enumeration in used.enums where spec.usedTypes.types[enumeration.name.value] == nil {
            spec.enums.append(enumeration)
            spec.usedTypes.types[enumeration.name.value] = origin(ofType: enumeration.name.value)
        }
        for union in used.unions where spec.usedTypes.types[union.name.value] == nil {
            spec.unions.append(union)
            spec.usedTypes.types[union.name.value] = origin(ofType: union.name.value)
        }
        for model in used.models where spec.usedTypes.types[model.name.value] == nil {
            spec.models.append(model)
            spec.usedTypes.types[model.name.value] = origin(ofType: model.name.value)
        }
        for resource in used.resources where spec.usedTypes.types[resource.name.value] == nil {
            var model = ModelSpec(name: resource.name, description: resource.description, fields: [resource.id.field(optional: false)] + resource.fields)
            model.swiftName = resource.swiftName
            spec.models.append(model)
            spec.usedTypes.types[resource.name.value] = declaring
        }
        for transform in used.transforms where spec.usedTypes.transforms[transform.name.value] == nil {
            spec.transforms.append(transform)
            spec.usedTypes.transforms[transform.name.value] = used.usedTypes.transforms[transform.name.value] ?? declaring
        }
        for module in [module] + used.usedTypes.modules where !spec.usedTypes.modules.contains(module) {
            spec.usedTypes.modules.append(module)
        }
        return spec
    }
}
