import CrudeGenCore
import Foundation
import Testing

@testable import CrudeGenEngine

/// Which functions a resource gets is decided once, in the code model, before anything is rendered: the
/// renderer and the templates only lay out what the model holds.
@Suite struct FunctionPlannerTests {
    /// The code model of `yaml`, which must be a valid spec.
    static func model(_ yaml: String) throws -> CodeModel {
        let spec = try #require(SpecLoader.load(Data(yaml.utf8), file: "test.yaml").spec)
        return CodeModelBuilder.build(APIResolver.resolve(try #require(ValidatedSpec.validate(spec).validated)))
    }

    /// A function as a selector: `static read(id:on:)`.
    static func selector(_ function: SwiftFunction) -> String {
        let labels = function.parameters.map { SwiftNaming.unescaped($0.label ?? $0.name) + ":" }.joined()
        return (function.isStatic ? "static " : "") + "\(function.name)(\(labels))"
    }

    @Test func theModelHoldsEveryFunctionOfAResource() throws {
        let model = try Self.model(
            """
            api: { name: Shop }
            resources:
              Item:
                path: items
                operations: [create, read, update, delete, list]
                fields: { name: String }
            """)
        let item = try #require(model.models.first)
        #expect(
            item.plannedFunctions().map(Self.selector) == [
                // Each optional last argument is an overload that leaves it out, and each send has its builder.
                "create(on:)", "createOperation()", "create(nils:on:)", "createOperation(nils:)",
                "static read(id:on:)", "static readOperation(id:)", "read(on:)",
                "update(on:)", "updateOperation()", "update(nils:on:)", "updateOperation(nils:)",
                "static delete(id:on:)", "static deleteOperation(id:)", "delete(on:)",
                "static list(on:)", "static listOperation()", "static list(query:on:)", "static listOperation(query:)",
                "save(on:)",
            ])
        #expect(model.api.plannedFunctions().isEmpty)
    }

    /// A field named like an instance builder keeps the builder from having an overload without arguments:
    /// one argument with a default value instead.
    @Test func aFieldNamedLikeABuilderLeavesOneOverload() throws {
        let model = try Self.model(
            """
            api: { name: Shop }
            resources:
              Item:
                path: items
                operations: [create]
                fields: { createOperation: String }
            """)
        let functions = try #require(model.models.first).plannedFunctions()
        #expect(functions.map(Self.selector) == ["create(nils:on:)", "createOperation(nils:)"])
        #expect(functions[1].parameters.first?.defaultValue == .member(nil, "omit"))
    }

    /// Building a request throws when it unwraps an instance value (the id of a resource that creates values
    /// is optional), so the builder does; a create, whose route needs no id, and a static read, which takes
    /// its id as an argument, do not.
    @Test func whetherABuilderThrowsComesFromItsStatements() throws {
        let model = try Self.model(
            """
            api: { name: Shop }
            resources:
              Item:
                path: items
                operations: [create, read, update]
                fields: { name: String }
            """)
        let functions = try #require(model.models.first).plannedFunctions()
        let builders = Dictionary(functions.filter { $0.name.hasSuffix("Operation") }.map { (Self.selector($0), $0.thrownError != nil) }) { first, _ in first }
        #expect(
            builders == [
                "createOperation()": false, "createOperation(nils:)": false, "static readOperation(id:)": false, "updateOperation()": true,
                "updateOperation(nils:)": true,
            ])
    }
}
