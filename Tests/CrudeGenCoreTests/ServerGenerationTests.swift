#if CrudeServe
import Foundation
import TestTags
import Testing

@testable import CrudeGenCore

/// The server code crudegen writes for a spec (`crudegen --server`): every fixture's, beside its models and
/// the fixture's own support code, compiles in Swift 6 mode with warnings as errors, also under default
/// main-actor isolation. `ServeTests` runs the fixtures' contract tests against these servers.
@Suite struct ServerGenerationTests {
    @Test(.tags(.integration), .skippedWhenQuick, arguments: SwiftCompiler.Isolation.allCases)
    func everyFixturesServerCompilesWithoutWarnings(isolation: SwiftCompiler.Isolation) async throws {
        var generator = Generator()
        generator.server = Generator.ServerOutput()
        for fixture in GoldenFileTests.cases {
            let folder = GoldenFileTests.fixturesFolder.appendingPathComponent(fixture)
            let output = try generator.generate(specsAt: [folder.appendingPathComponent("spec.yaml").path])
            #expect(output.files.contains { $0.name.hasSuffix("Service.swift") }, "\(fixture): no server file")
            let result = try await SwiftCompiler.compile(output.files.map { ($0.name, $0.contents) } + Self.support(in: folder), isolation: isolation)
            #expect(result.succeeded, "\(fixture)'s server (\(isolation)) does not compile:\n\(result.output.prefix(3000))")
        }
    }

    @Test func serverCodeInAnotherModuleNeedsModelsItCanSee() throws {
        var generator = Generator()
        generator.server = Generator.ServerOutput(modelsModule: "Models")
        let spec = "api:\n  name: Shop\n  access: internal\nresources:\n  Item:\n    path: items\n    fields:\n      name: String\n"
        let error = try #require(throws: DiagnosticsError.self) { try generator.generate(spec: Data(spec.utf8), file: "shop.yaml") }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.message == "the server's file imports the models from `Models`, but the spec's types are internal")
        #expect(diagnostic.location?.line == 2)
        generator.server = Generator.ServerOutput()
        #expect(try generator.generate(spec: Data(spec.utf8), file: "shop.yaml").files.map(\.name) == ["Item.swift", "Shop.swift", "ShopService.swift"])
    }

    @Test func theServiceIsNamedAsAsked() throws {
        var generator = Generator()
        generator.server = Generator.ServerOutput(modelsModule: "Models", serviceName: "ShopBackend")
        let spec = "api:\n  name: Shop\nresources:\n  Item:\n    path: items\n    fields:\n      name: String\n"
        let files = try generator.generate(spec: Data(spec.utf8), file: "shop.yaml").files
        #expect(files.map(\.name) == ["ShopBackend.swift"])
        #expect(files.first?.contents.contains("public protocol ShopBackend: Sendable {") == true)
        #expect(files.first?.contents.contains("\nimport Models\n") == true)
    }

    /// Examples/HouseholdServer keeps what `crudegen --server` writes for the example's spec, as it writes it
    /// now (its own build and tests, a package of their own, are Scripts/example-server.sh's).
    @Test func theExampleServersCodeIsCurrent() throws {
        var generator = Generator()
        generator.server = Generator.ServerOutput(modelsModule: "HouseholdModels")
        let examples = GoldenFileTests.fixturesFolder.deletingLastPathComponent().appendingPathComponent("Examples")
        let output = try generator.generate(specsAt: [examples.appendingPathComponent("Household/Sources/HouseholdModels/Household.crude.yaml").path])
        let file = try #require(output.files.first)
        #expect(output.files.map(\.name) == ["HouseholdService.swift"])
        let kept = try String(contentsOf: examples.appendingPathComponent("HouseholdServer/Sources/HouseholdService/HouseholdService.swift"), encoding: .utf8)
        #expect(file.contents == kept, "Examples/HouseholdServer's HouseholdService.swift is not what crudegen writes now: run Scripts/example-server.sh")
    }

    /// The hand-written sources a fixture's generated code needs (a user-defined transform).
    static func support(in folder: URL) throws -> [(name: String, contents: String)] {
        let support = folder.appendingPathComponent("Support")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: support.path)) ?? []
        return try names.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            (name, try String(contentsOf: support.appendingPathComponent(name), encoding: .utf8))
        }
    }
}
#endif
