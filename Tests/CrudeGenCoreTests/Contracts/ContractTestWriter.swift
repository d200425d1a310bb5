import CrudeGenCore
import Foundation

@testable import CrudeGenEngine

/// Writes a fixture's contract test: Swift Testing code that drives the fixture's generated client against
/// `crudegen serve` of the same spec (`Tests/ServeTests/Contracts/Contract-<fixture>.swift`).
///
/// For each resource it lists every page, reads, updates, patches, creates and deletes through the very
/// functions the generator plans for the resource (``FunctionPlanner``), and checks the server's stored
/// values after each step. What it cannot call it leaves out with a comment saying why, so a reader of the
/// recorded file sees every gap. Route arguments are the samples `ContractServer` seeds every value with.
struct ContractTestWriter {
    /// The fixture's folder name.
    let fixture: String
    /// The fixture's module (`FixtureReadme`).
    let module: String
    /// The fixture's code model.
    let model: CodeModel
    /// The fixture's spec, for what the code model does not keep: which fields are write-only.
    let spec: Spec

    /// The recorded file.
    func write() -> String {
        let access = model.access == .public ? "import \(module)" : "@testable import \(module)"
        var lines = [
            // A random spec's names and sample values make lines of any length; the writer's own layout is the format.
            "// swift-format-ignore-file",
            "// Written from Fixtures/\(fixture)/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.",
            "// Do not edit.",
            "#if CrudeServe",
            "import CrudeRuntime",
            "import Foundation",
            "import Testing",
            "",
            access,
            "",
            "/// The generated client of Fixtures/\(fixture) against `crudegen serve` of the same spec\(hasGeneratedServer ? " and its generated server" : ""), one test per resource, server and store.",
            "@Suite struct \(suiteName)RecordedContractTests {",
        ]
        var testNames: Set<String> = []
        for type in model.models {
            guard let resource = type.resource else { continue }
            var name = Self.lowerCamel(resource.specName) + "Contract"
            while !testNames.insert(name).inserted { name += "_" }
            lines += ["", "    @Test(arguments: \(targets)) func \(name)(target: ContractTarget) async throws {"]
            lines += resourceTest(type, resource).map { "        " + $0 } + ["    }"]
        }
        lines += ["}", "#endif", ""]
        return lines.joined(separator: "\n")
    }

    /// Whether the fixture's generated server (`crudegen --server --models-module`) serves the contract too:
    /// it can import the models from the fixture's module when they are public or package.
    var hasGeneratedServer: Bool { model.access != .internal }

    /// The servers and stores each test runs against.
    private var targets: String { hasGeneratedServer ? "ContractTarget.all" : "ContractTarget.served" }

    /// `ReadmeContractTests`'s `Readme` from `readme`, `DrfImported` from `drf-imported`.
    private var suiteName: String {
        fixture.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The body of one resource's test.
    private func resourceTest(_ type: ModelDeclaration, _ resource: ResourceDeclaration) -> [String] {
        let swiftType = "\(module).\(type.name)"
        let functions = type.plannedFunctions()
        let specName = SwiftNaming.stringLiteral(resource.specName)
        var lines = [
            "let contract = try await ContractServer.start(fixture: \(SwiftNaming.stringLiteral(fixture)), target: target)",
            "defer { _Concurrency.Task { await contract.stop() } }",
            "let client = CrudeRuntime.APIClient(configuration: \(module).\(model.api.name).configuration(baseURL: contract.baseURL))",
        ]
        // The first seeded value's id, declared once before its first use (see `tidied`).
        let firstIDValue = idSample(resource, number: 1)
        let firstID = firstIDValue.map { _ in "firstID" }
        let changed = changeableProperty(type.properties, resource)
        // The server never sends write-only fields back, and a full body must carry them again.
        let writeOnly = writeOnlyStrings(type, resource).map { "\($0.name) = \"YQ==\"" }

        // The first seeded value, from the list when there is one, else read by its id.
        var haveFirst = false
        if let pages = call(functions, "pages", isStatic: true, resource: resource, kind: .list) {
            lines += [
                "var listed: [\(swiftType)] = []",
                "for try await item in \(swiftType).\(pages).items { listed.append(item) }",
                "#expect(listed.count == expected)",
                "let first = try #require(listed.first)",
            ]
            haveFirst = true
        } else if let list = function(functions, "list", isStatic: true), let arguments = arguments(list, resource: resource, kind: .list) {
            let items = list.returnType?.spelling.hasPrefix("[") == true ? "" : ".items"
            lines += [
                "let listed = try await \(swiftType).list(\(arguments))\(items)",
                "#expect(listed.count == expected)",
                "let first = try #require(listed.first)",
            ]
            haveFirst = true
        } else {
            lines.append(gap(.list, resource))
        }
        if let firstID, let read = call(functions, "read", isStatic: true, resource: resource, kind: .read, id: firstID) {
            if haveFirst {
                lines.append("#expect(try await \(swiftType).\(read) == first)")
            } else {
                // Read by its id, the value is the one with that id.
                lines += ["let first = try await \(swiftType).\(read)", "#expect(first.\(resource.idProperty) == firstID)"]
                haveFirst = true
            }
        } else {
            lines.append(gap(.read, resource))
        }
        guard haveFirst else {
            lines += [
                "#expect(await contract.records(\(specName)).count == expected)",
                "// Nothing read, so nothing to update, create or delete from.",
            ]
            return tidied(lines, specName: specName, firstID: firstIDValue)
        }

        if let update = call(functions, "update", isStatic: false, resource: resource, kind: .update) {
            if changed != nil || !writeOnly.isEmpty {
                lines += ["var changed = first"] + writeOnly.map { "changed." + $0 }
                if let changed { lines.append("changed.\(changed.name) = \"changed\"") }
            } else {
                lines.append("let changed = first")
            }
            if operation(resource, .update)?.returnsModel == true, let changed {
                lines.append("#expect(try await changed.\(update).\(changed.name) == \"changed\")")
            } else if operation(resource, .update)?.returnsModel == true {
                lines.append("#expect(try await changed.\(update) == changed)")
            } else {
                lines.append("try await changed.\(update)")
            }
            if let changed {
                lines.append("#expect(await contract.stores(\(specName), \(SwiftNaming.stringLiteral(changed.key)), \"changed\"))")
            }
            lines.append("#expect(await contract.records(\(specName)).count == expected)")
        } else {
            lines.append(gap(.update, resource))
        }

        let patchProperty = changeableProperty(resource.patchProperties, resource)
        if let firstID, let patchProperty, resource.partialUpdate != nil,
            let patch = call(
                functions, "update", isStatic: true, resource: resource, kind: resource.partialUpdate!.kind, id: firstID,
                patch: "\(swiftType).Patch(\(SwiftNaming.argumentLabel(patchProperty.name)): .set(\"patched\"))")
        {
            lines += [
                resource.partialUpdate!.returnsModel
                    ? "#expect(try await \(swiftType).\(patch).\(patchProperty.name) == \"patched\")" : "try await \(swiftType).\(patch)",
                "#expect(await contract.stores(\(specName), \(SwiftNaming.stringLiteral(patchProperty.key)), \"patched\"))",
            ]
        } else {
            lines.append(
                resource.partialUpdate == nil
                    ? "// No partial update: the spec has none." : "// No partial update: no writable string field to set, or its arguments have no samples.")
        }

        if let create = call(functions, "create", isStatic: false, resource: resource, kind: .create) {
            lines.append("var fresh = first")
            lines += writeOnly.map { "fresh." + $0 }
            lines.append("fresh.\(resource.idProperty) = \(resource.idIsOptional ? "nil" : idSample(resource, number: 1000) ?? "nil")")
            if operation(resource, .create)?.returnsModel == true {
                // The server's copy: the values sent, and an id it assigned when the client sent none.
                lines.append("let created = try await fresh.\(create)")
                if let changed { lines.append("#expect(created.\(changed.name) == fresh.\(changed.name))") }
                lines.append(
                    resource.idIsOptional
                        ? "#expect(created.\(resource.idProperty) != nil)" : "#expect(created.\(resource.idProperty) == fresh.\(resource.idProperty))")
            } else {
                lines.append("try await fresh.\(create)")
            }
            lines += ["expected += 1", "#expect(await contract.records(\(specName)).count == expected)"]
        } else {
            lines.append(gap(.create, resource))
        }

        if let firstID, let delete = call(functions, "delete", isStatic: true, resource: resource, kind: .delete, id: firstID) {
            lines += ["try await \(swiftType).\(delete)", "expected -= 1", "#expect(await contract.records(\(specName)).count == expected)"]
            if let read = call(functions, "read", isStatic: true, resource: resource, kind: .read, id: firstID) {
                lines.append("await #expect(throws: CrudeRuntime.APIError.self) { try await \(swiftType).\(read) }")
            }
        } else {
            lines.append(gap(.delete, resource))
        }
        return tidied(lines, specName: specName, firstID: firstIDValue)
    }

    /// `lines` with the values they use declared and those they do not left out: `firstID` (the value of
    /// `firstID`, the first seeded value's id) and `expected`, the number of stored values, before their
    /// first use (`expected` a variable when they change it); the client and the first value only when
    /// later lines use them.
    private func tidied(_ lines: [String], specName: String, firstID: String?) -> [String] {
        func isUsed(_ name: String, after index: Int) -> Bool {
            lines[(index + 1)...].contains { line in line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.contains { $0 == name } }
        }
        var lines = lines
        if let firstIndex = lines.firstIndex(where: { $0.hasPrefix("let first = ") }), !isUsed("first", after: firstIndex) {
            lines[firstIndex] = lines[firstIndex].hasPrefix("let first = try #require") ? "" : "_ = " + lines[firstIndex].dropFirst("let first = ".count)
            lines.removeAll { $0.isEmpty }
        }
        if let clientIndex = lines.firstIndex(where: { $0.hasPrefix("let client = ") }), !isUsed("client", after: clientIndex) {
            lines.remove(at: clientIndex)
        }
        if let firstID, let firstUse = lines.firstIndex(where: { $0.contains("firstID") }) {
            lines.insert("let firstID = \(firstID)", at: firstUse)
        }
        if let firstUse = lines.firstIndex(where: { $0.contains("expected") }) {
            let changes = lines.contains { $0.hasPrefix("expected ") }
            lines.insert("\(changes ? "var" : "let") expected = contract.count(\(specName))", at: firstUse)
        }
        return lines
    }

    /// The comment saying why the test does not call the operation `kind`.
    private func gap(_ kind: CRUDOperation, _ resource: ResourceDeclaration) -> String {
        guard let operation = operation(resource, kind) else { return "// No \(kind.rawValue): the spec lists none." }
        if operation.deprecation != nil { return "// No \(kind.rawValue): it is deprecated, and calling it would warn." }
        if kind != .list && kind != .create && !Self.namesID(operation.route) {
            return "// No \(kind.rawValue): its route names no id, so no server can tell which value it means."
        }
        return "// No \(kind.rawValue): its arguments have no samples."
    }

    /// The operation of `kind`, if the resource has it.
    private func operation(_ resource: ResourceDeclaration, _ kind: CRUDOperation) -> OperationDeclaration? {
        resource.operations.first { $0.kind == kind }
    }

    /// A property the test can set to a string of its own: a writable `String` that is neither the id nor
    /// a route's value.
    private func changeableProperty(_ properties: [PropertyDeclaration], _ resource: ResourceDeclaration) -> PropertyDeclaration? {
        let routeNames = Set(
            resource.operations.flatMap(\.route).compactMap { part -> String? in
                if case let .parameter(parameter) = part { parameter.name } else { nil }
            })
        return properties.first { property in
            isString(property) && property.transform == nil && !property.isReadOnly && !property.isEnum
                && property.name != resource.idProperty && !routeNames.contains(property.name)
        }
    }

    /// Whether the property holds a `String` or an optional one.
    private func isString(_ property: PropertyDeclaration) -> Bool {
        property.type == model.api.stringType || property.type == .optional(model.api.stringType)
    }

    /// The write-only `String` properties of the resource.
    private func writeOnlyStrings(_ type: ModelDeclaration, _ resource: ResourceDeclaration) -> [PropertyDeclaration] {
        let fields = spec.resources.first { $0.name.value == resource.specName }?.fields ?? []
        let keys = Set(fields.filter(\.writeOnly).map { $0.jsonKey(style: spec.api.keyStyle) })
        return type.properties.filter { keys.contains($0.key) && isString($0) }
    }

    /// `name(arguments)` of the overload of `name` the test can call with the fewest arguments.
    private func call(
        _ functions: [SwiftFunction], _ name: String, isStatic: Bool, resource: ResourceDeclaration, kind: CRUDOperation, id: String? = nil,
        patch: String? = nil
    ) -> String? {
        // A deprecated function warns where it is called, and the test target builds without warnings.
        let candidates = functions.filter { $0.name == name && $0.isStatic == isStatic && $0.attributes.isEmpty }
        let calls = candidates.compactMap { function in
            arguments(function, resource: resource, kind: kind, id: id, patch: patch).map { (function.parameters.count, "\(name)(\($0))") }
        }
        return calls.min { $0.0 < $1.0 }?.1
    }

    /// The overload of `name` with the fewest parameters.
    private func function(_ functions: [SwiftFunction], _ name: String, isStatic: Bool) -> SwiftFunction? {
        functions.filter { $0.name == name && $0.isStatic == isStatic && $0.attributes.isEmpty }.min { $0.parameters.count < $1.parameters.count }
    }

    /// The arguments of a call of `function`, or `nil` when one of its parameters has no value the test
    /// knows: the id, a `Patch`, the client and the route's values, each the sample the server was seeded
    /// with; parameters with defaults are left out.
    private func arguments(_ function: SwiftFunction, resource: ResourceDeclaration, kind: CRUDOperation, id: String? = nil, patch: String? = nil)
        -> String?
    {
        let route = operation(resource, kind)?.route ?? []
        if kind != .list && kind != .create && !Self.namesID(route) { return nil }
        var arguments: [String] = []
        for parameter in function.parameters where parameter.defaultValue == nil {
            let label = parameter.label ?? parameter.name
            let value: String?
            if parameter.type.spelling == "APIClient" {
                value = "client"
            } else if parameter.type.spelling.hasSuffix("Patch") {
                value = patch
            } else if let routeParameter = Self.routeParameter(named: parameter.name, in: route) {
                value = routeParameter.source == .id ? id : sample(routeParameter)
            } else {
                value = nil
            }
            guard let value else { return nil }
            arguments.append(label == "_" ? value : "\(SwiftNaming.unescaped(label)): \(value)")
        }
        return arguments.joined(separator: ", ")
    }

    /// The route's parameter whose Swift name is `name`.
    private static func routeParameter(named name: String, in route: [RoutePart]) -> RouteParameter? {
        for part in route {
            if case let .parameter(parameter) = part, parameter.name == name { return parameter }
        }
        return nil
    }

    /// The sample `ContractServer` seeds a field of the parameter's type with, as Swift.
    private func sample(_ parameter: RouteParameter) -> String? {
        if parameter.isEnum {
            guard let enumeration = model.enums.first(where: { .named($0.name) == parameter.type }) else { return nil }
            let first =
                Self.unqualified(enumeration.rawType) == "Int"
                ? enumeration.cases.min { (Int($0.rawValue) ?? 0) < (Int($1.rawValue) ?? 0) }
                : enumeration.cases.min { $0.rawValue < $1.rawValue }
            return first.map { "\(module).\(parameter.type.spelling).\($0.name)" }
        }
        switch Self.unqualified(parameter.type) {
        case "Int", "Int32", "Int64", "UInt": return "1"
        case "Double", "Float": return "1.5"
        case "Bool": return "true"
        case "String": return "\"YQ==\""
        case "UUID": return "Foundation.UUID(uuidString: \"00000000-0000-4000-8000-000000000001\")!"
        default: return nil
        }
    }

    /// The id `ContractServer` gives the `number`th seeded value, as Swift; `nil` for an id type it does
    /// not make.
    private func idSample(_ resource: ResourceDeclaration, number: Int) -> String? {
        switch Self.unqualified(resource.idType) {
        case "Int", "Int32", "Int64", "UInt": "\(number)"
        case "String": "\"id\(number)\""
        case "UUID": "Foundation.UUID(uuidString: \(SwiftNaming.stringLiteral(String(format: "00000000-0000-4000-8000-%012d", number))))!"
        default: nil
        }
    }

    /// A standard type's name without the module that a spec shadowing it makes the code model write:
    /// `Int` from `Swift.Int`.
    static func unqualified(_ type: SwiftType) -> String {
        if case let .member(.named(module), name) = type, ["Swift", "Foundation"].contains(module) { return name }
        return type.spelling
    }

    /// Whether the route names the value by its id; the server finds values by it.
    static func namesID(_ route: [RoutePart]) -> Bool {
        route.contains { if case let .parameter(parameter) = $0 { parameter.source == .id } else { false } }
    }

    /// `name` as a lower-camel identifier: `cmsPage` from `CMSPage`, `class` stays.
    static func lowerCamel(_ name: String) -> String {
        let result = SwiftNaming.camelCase(SwiftNaming.words(of: name), uppercaseFirst: false)
        return result.first?.isLetter == true ? result : "resource" + result
    }
}
