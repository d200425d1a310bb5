import CrudeGenCore
import Foundation
import OpenAPIKit

/// Translates an OpenAPI 3.0 or 3.1 document into crudegen spec YAML.
///
/// Component schemas become enums and models; a collection path with its item path (`/pets` and
/// `/pets/{id}`) becomes a resource with the CRUD operations its verbs and shapes allow; every other
/// operation becomes an action. What a spec cannot say is reported as a located warning and left out or
/// approximated (see docs/openapi.md). The text is loaded and validated by crudegen before it is
/// returned, so an import never yields a spec crudegen rejects.
public enum OpenAPIImporter {
    /// What an import produced.
    public struct Result: Sendable {
        /// The spec, as YAML text.
        public var yaml: String
        /// What could not be mapped, one located warning per item, in document order.
        public var warnings: [Diagnostic]
        /// How many operations went where.
        public var summary: Summary
    }

    /// How many of a document's operations became what.
    public struct Summary: Sendable, Equatable, CustomStringConvertible {
        /// Every operation of every path.
        public var operations = 0
        /// The resources made of collection and item paths.
        public var resources = 0
        /// The operations those resources took as their CRUD operations.
        public var resourceOperations = 0
        /// The operations that became actions.
        public var actions = 0
        /// The operations left out, each with a warning.
        public var leftOut = 0
        /// The operations the ``OperationSelection`` did not take (not counted in `operations`).
        public var notSelected = 0
        /// The models and enums left out because no taken operation uses them (``OperationSelection/usedTypesOnly``).
        public var unusedTypes = 0
        /// The models and enums left out because only error responses use them: the runtime reads error bodies itself.
        public var errorTypes = 0

        /// `12 operations read: 2 resources (9 operations), 3 actions, 0 left out`, then `; 40 not selected`
        /// when a selection left operations out, `; 25 unused types left out` when it left types out and
        /// `; 2 error types left out (…)` for the types only error responses use.
        public var description: String {
            "\(operations) operation\(operations == 1 ? "" : "s") read: \(resources) resource\(resources == 1 ? "" : "s") (\(resourceOperations) operation\(resourceOperations == 1 ? "" : "s")), \(actions) action\(actions == 1 ? "" : "s"), \(leftOut) left out"
                + (notSelected == 0 ? "" : "; \(notSelected) not selected")
                + (unusedTypes == 0 ? "" : "; \(unusedTypes) unused type\(unusedTypes == 1 ? "" : "s") left out")
                + (errorTypes == 0 ? "" : "; \(errorTypes) error type\(errorTypes == 1 ? "" : "s") left out (the client reads error bodies itself)")
        }
    }

    /// Imports the operations `selection` takes from the document in `data`, with the types they use;
    /// `file` names the document in warnings, `specFile` names the spec in the validation of the result.
    /// `apiName` names the API instead of the document's title (or its `x-crudegen-name`).
    public static func importDocument(
        _ data: Data, file: String, specFile: String = "imported.crude.yaml", selection: OperationSelection = OperationSelection(),
        apiName: String? = nil
    ) throws(DiagnosticsError) -> Result {
        let source = try OpenAPISource(data, file: file)
        var requestProblems = selection.problems(in: source.document, file: file)
        if let apiName, !SpecInterop.isIdentifier(apiName) || SpecInterop.reservedTypeNames.contains(apiName) {
            let hint = "give a type name of letters, digits and underscores, not starting with a digit, and not a Swift or crudegen type's"
            requestProblems.append(.error("`\(apiName)` cannot name the API", at: nil, hint: hint))
        }
        guard requestProblems.isEmpty else { throw DiagnosticsError(requestProblems) }
        var mapper = Mapper(source: source, selection: selection, apiName: apiName)
        let yaml = SpecSerializer.yaml(
            of: mapper.map(),
            header: "Imported by crudegen \(CrudeGenVersion.current) from \(URL(fileURLWithPath: file).lastPathComponent) (OpenAPI \(source.declaredVersion)).")
        try requireValid(yaml, file: specFile, named: "the imported spec")
        return Result(yaml: yaml, warnings: mapper.reportedWarnings(), summary: mapper.summary)
    }

    /// Throws an internal error unless `yaml` loads (with the specs it uses, from `files`) and validates:
    /// loading and validating is what decides whether `generate` accepts a spec, and an import never yields
    /// one it rejects. `name` says which spec in the error.
    static func requireValid(_ yaml: String, file: String, files: SpecFiles = .fileSystem, named name: String) throws(DiagnosticsError) {
        let loaded = SpecLoader.load(Data(yaml.utf8), file: file, files: files)
        let problems = loaded.diagnostics + (loaded.spec.map(SpecValidator.validate) ?? [])
        guard loaded.spec == nil || problems.containsErrors else { return }
        let errors = problems.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
        throw DiagnosticsError([.error("internal error: \(name) does not validate; please report it with the document:\n\(errors)", at: nil)])
    }
}

extension Mapper {
    /// What an import reports: the reading's warnings and the stages', leaving out those about component
    /// schemas the selection dropped, each once, in document order.
    func reportedWarnings() -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        let all = source.warnings + warnings.filter { $0.component.map { !droppedComponents.contains($0) } ?? true }.map(\.diagnostic)
        return all.filter { seen.insert($0).inserted }.sortedByLocation()
    }
}

/// Ordering of the importer's warnings.
extension [Diagnostic] {
    /// Warnings in document order, unlocated ones last, keeping the order of equal places.
    fileprivate func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case let (left?, right?) where left != right: left < right
            case (nil, _?): false
            case (_?, nil): true
            default: lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}

/// One import: the document's schemas and paths mapped into a ``Spec``.
///
/// Its stages are extensions in `Import/`, a file each (docs/architecture.md); `map()` below runs them in
/// order over the state they share here.
struct Mapper {
    /// The document and where each of its values is.
    let source: OpenAPISource

    /// The operations to import.
    let selection: OperationSelection

    /// What could not be mapped, as the stages find it, each with the component schema it is about.
    var warnings: [(diagnostic: Diagnostic, component: String?)] = []

    /// The component schemas whose types a selection dropped: their warnings concern nothing the spec holds.
    var droppedComponents: Set<String> = []

    /// How many operations went where, counted as the paths are mapped.
    var summary = OpenAPIImporter.Summary()

    /// The type names the spec declares so far.
    var names = TypeNames()

    /// Component schema name → what it became.
    var components: [String: Component] = [:]

    /// The spec being built, its values located nowhere until its text is loaded, its fields named by their
    /// JSON keys until ``map()`` names them by the key style (``Spec/namedByKeyStyle()``).
    var spec: Spec

    /// Models by name, with their position in `spec.models` (resources take theirs out later).
    var modelIndex: [String: Int] = [:]

    /// Where each model's schema is, for warnings about its fields.
    var modelPointers: [String: [String]] = [:]

    /// The Swift names (`x-crudegen-swift-name`) of component schemas, by component name.
    var swiftNames: [String: String] = [:]

    /// Models that became part of a resource (its page component, its partial-update body): dropped at the
    /// end unless something else refers to them.
    var consumedModels: Set<String> = []

    /// The types of component schemas that are neither enums nor objects, computed once so that the
    /// types they declare in place are declared once.
    var aliasTypes: [String: (TypeExpression, nullable: Bool)] = [:]

    /// The fields of each model component, by type name, as mapped before any resource takes one: what
    /// decides whether two schemas are one resource.
    var componentFields: [String: [FieldSpec]] = [:]

    /// The models read as JSON:API resource objects, by type name (see ``flattenJSONAPIObjects()``).
    var jsonAPIObjects: [String: JSONAPIObject] = [:]

    /// Keys wrapping every JSON response (`{"data": …}`), outermost first.
    var envelope: [String] = []

    /// The key style `export` wrote (`x-crudegen-keys`); `nil` lets the keys decide.
    var givenKeyStyle: KeyStyle?

    /// What a component schema maps to.
    enum Component {
        /// An enum of this name.
        case enumeration(String)
        /// A union of this name.
        case union(String)
        /// A model of this name (or the resource that takes it).
        case model(String)
        /// Anything else: references to it use its type directly.
        case alias
    }

    /// Prepares to map what `selection` takes of `source`; the API is named `apiName`, else after the
    /// document's title.
    init(source: OpenAPISource, selection: OperationSelection = OperationSelection(), apiName givenName: String? = nil) {
        self.source = source
        self.selection = selection
        var names = TypeNames()
        let title = source.document.info.title.trimmingCharacters(in: .whitespaces)
        let apiName =
            givenName.flatMap { names.claim(specName: $0, swiftName: nil) }
            ?? (source.document.vendorExtensions[CrudegenExtension.name]?.value as? String).flatMap { names.claim(specName: $0, swiftName: nil) }
            ?? names.claim(Self.apiName(fromTitle: title, server: Self.firstServerURL(of: source.document)))
        self.names = names
        spec = Spec(file: "", api: APISpec(name: Located(unwritten: apiName), location: .unwritten))
    }
}

extension Mapper {
    /// The API's name from a document's title without the words that only say it is an API and which
    /// one (`Netlify's API documentation` → `Netlify`, `Airflow API (Stable)` → `Airflow`, `The Plaid API`
    /// → `Plaid`, versions); `API` when nothing else is left.
    static func apiName(fromTitle title: String, server: String? = nil) -> String {
        let noise: Set<String> = [
            "api", "apis", "the", "documentation", "docs", "reference", "spec", "specification", "openapi", "swagger", "rest", "stable", "beta", "alpha",
        ]
        var words: [String] = []
        for piece in title.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }) {
            var word = String(piece)
            if ["'s", "’s"].contains(where: { word.lowercased().hasSuffix($0) }) { word.removeLast(2) }
            word.removeAll { $0 == "'" || $0 == "’" }
            let isVersion = word.allSatisfy(\.isNumber) || (word.count > 1 && word.lowercased().first == "v" && word.dropFirst().allSatisfy(\.isNumber))
            if word.isEmpty || isVersion || noise.contains(word.lowercased()) { continue }
            words.append(word)
        }
        if !words.isEmpty { return words.joined(separator: " ") }
        // A title of nothing but such words (Sentry's `API Reference`): the name of the server's domain.
        return server.flatMap { URL(string: $0)?.host }.flatMap(Self.domainName) ?? "API"
    }

    /// The name a host is registered under (`us.sentry.io` → `sentry`, `api.example.co.uk` → `example`);
    /// `nil` for `localhost` and addresses.
    static func domainName(_ host: String) -> String? {
        let labels = host.lowercased().split(separator: ".").map(String.init)
        guard labels.count >= 2, !labels.joined().allSatisfy(\.isNumber) else { return nil }
        let suffixLength = labels.count >= 3 && labels[labels.count - 2].count <= 3 && labels[labels.count - 1].count == 2 ? 2 : 1
        return labels[labels.count - 1 - suffixLength]
    }

    /// The URL of the document's first server, its variables at their defaults.
    static func firstServerURL(of document: OpenAPI.Document) -> String? {
        guard let server = document.servers.first else { return nil }
        var url = server.urlTemplate.absoluteString
        for (name, variable) in server.variables {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
        }
        return url
    }

    /// The document, as OpenAPIKit reads it.
    var document: OpenAPI.Document { source.document }

    /// The component schema a reference names; `nil` for a name no component can have.
    func componentSchema(named name: String) -> JSONSchema? {
        OpenAPI.ComponentKey(rawValue: name).flatMap { document.components.schemas[$0] }
    }

    /// The component schemas in document order, without the error bodies `export` writes: only its error
    /// responses use them, which import does not read, and no spec declares them.
    var componentSchemas: [(key: String, value: JSONSchema)] {
        source.inDocumentOrder(
            document.components.schemas.compactMap { ErrorResponse.schemaNames.contains($0.key.rawValue) ? nil : ($0.key.rawValue, $0.value) },
            at: ["components", "schemas"])
    }

    /// The paths in document order.
    var orderedPaths: [(key: String, value: Either<OpenAPI.Reference<OpenAPI.PathItem>, OpenAPI.PathItem>)] {
        source.inDocumentOrder(document.paths.map { ($0.key.rawValue, $0.value) }, at: ["paths"])
    }

    /// Records a warning at the place `pointer` names, ending with the pointer itself.
    mutating func warn(_ message: String, at pointer: [String], hint: String? = nil) {
        let component = pointer.count > 2 && pointer[0] == "components" && pointer[1] == "schemas" ? pointer[2] : nil
        warnings.append((.warning(message + " (\(JSONPointer.text(pointer)))", at: source.location(of: pointer), hint: hint), component))
    }

    /// Maps the whole document.
    mutating func map() -> Spec {
        mapServers()
        readCrudegenAPI()
        declareComponents()
        for (name, schema) in componentSchemas {
            defineComponent(name, schema)
        }
        flattenJSONAPIObjects()
        detectEnvelope()
        mapPaths()
        restoreJSONAPIObjects()
        for (name, _) in document.webhooks {
            warn("webhook `\(name)` is not imported: a spec describes calls the client makes", at: ["webhooks", name])
        }
        for (name, _) in document.components.securitySchemes {
            warn(
                "security scheme `\(name.rawValue)` is not imported; give the client an `Authenticator` or default headers",
                at: ["components", "securitySchemes", name.rawValue])
        }
        dropConsumedModels()
        if selection.usedTypesOnly { dropUnusedTypes() } else { dropErrorOnlyTypes() }
        breakValueCycles()
        repairUnions()
        if let givenKeyStyle { spec.api.keyStyle = givenKeyStyle } else { chooseKeyStyle() }
        return spec.namedByKeyStyle()
    }

    /// The first server: an absolute URL becomes `base_url`, as written (the client joins it to a route
    /// with one slash either way, and a spec's own `base_url` exports as it is written). Routes are the document's paths, relative to
    /// the server as OpenAPI reads them, so a relative server (`/api/v3`) is said: the client's base URL
    /// must end with it.
    mutating func mapServers() {
        guard let url = Self.firstServerURL(of: document) else { return }
        if let parsed = URL(string: url), parsed.scheme != nil, parsed.host != nil {
            spec.api.baseURL = Located(unwritten: url)
        } else if url.hasPrefix("/"), url != "/" {
            warn(
                "the server URL `\(url)` has no host, so the spec has no `base_url`; its routes are the document's paths, relative to the server",
                at: ["servers", "0", "url"], hint: "give the client a base URL that ends with `\(url.trimmingSuffix("/"))`, or write `base_url` into the spec")
        }
    }

    /// The fixed headers `export` keeps in `x-crudegen-headers` (of the document, or of an operation with a
    /// header OpenAPI ignores as a parameter), in the spec's order; `nil` without the extension.
    static func markedHeaders(_ extensions: [String: AnyCodable]) -> [(String, String)]? {
        guard let entries = extensions[CrudegenExtension.headers]?.value as? [Any] else { return nil }
        return entries.compactMap { entry in
            guard let pair = entry as? [String: Any], let name = pair["name"] as? String, let value = pair["value"] as? String else { return nil }
            return (name, value)
        }
    }

    /// What `export` keeps of the `api` section and `transforms` in top-level `x-crudegen-…` extensions,
    /// which OpenAPI itself cannot say. Values a spec would not accept are ignored.
    mutating func readCrudegenAPI() {
        let extensions = document.vendorExtensions
        spec.api.headers = (Self.markedHeaders(extensions) ?? []).map(HeaderSpec.init(imported:))
        spec.api.access = (extensions[CrudegenExtension.access]?.value as? String).flatMap(AccessLevel.init(rawValue:)) ?? .public
        spec.api.cache = Self.cachePolicy(extensions).map(Located.init(unwritten:))
        givenKeyStyle = (extensions[CrudegenExtension.keys]?.value as? String).flatMap(KeyStyle.init(rawValue:))
        spec.api.store = (extensions[CrudegenExtension.store]?.value as? Bool).map(Located.init(unwritten:))
        guard let transforms = extensions[CrudegenExtension.transforms]?.value as? [String: Any] else { return }
        for (name, value) in source.inDocumentOrder(transforms.map { ($0.key, $0.value) }, at: [CrudegenExtension.transforms]) {
            guard SpecInterop.isIdentifier(name), BuiltinTransform(rawValue: name) == nil, let body = value as? [String: Any] else { continue }
            if let format = body["date_format"] as? String {
                let zone = (body["time_zone"] as? String).flatMap { SpecInterop.isTimeZone($0) ? $0 : nil }
                spec.transforms.append(
                    TransformSpec(name: Located(unwritten: name), kind: .dateFormat(Located(unwritten: format), timeZone: zone.map(Located.init(unwritten:)))))
            } else if let type = body["type"] as? String, let swift = body["swift"] as? String, SpecInterop.isIdentifier(swift),
                case let .success(valueType) = TypeExpressionParser.parse(type)
            {
                spec.transforms.append(
                    TransformSpec(name: Located(unwritten: name), kind: .custom(valueType: Located(unwritten: valueType), swiftType: Located(unwritten: swift)))
                )
            }
        }
    }

    /// The cache policy `x-crudegen-cache` names in `extensions`, when it is one.
    static func cachePolicy(_ extensions: [String: AnyCodable]) -> CachePolicySpec? {
        (extensions[CrudegenExtension.cache]?.value as? String).flatMap(CachePolicySpec.init(rawValue:))
    }

    /// An operation's `deprecated`, with the message `export` wrote; a blank message is none.
    static func deprecation(of operation: OpenAPI.Operation) -> DeprecationSpec? {
        guard operation.deprecated else { return nil }
        let message = operation.vendorExtensions[CrudegenExtension.deprecationMessage]?.value as? String
        return DeprecationSpec(message: message.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 })
    }
}
