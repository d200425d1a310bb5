import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import TestTags
import Testing

/// `crudegen import --split`: one document as a spec of shared types and a spec per part that uses it.
@Suite struct SplitImportTests {
    static let example = OpenAPITestSupport.packageRoot.appendingPathComponent("Examples/PetShop")
    static let petshop = example.appendingPathComponent("petshop.yaml")

    /// The declarations of a spec's text, section by section: `models: Adoption`.
    static func declarations(_ yaml: String) -> [String] {
        var section = ""
        var result: [String] = []
        for line in yaml.split(separator: "\n") {
            if let first = line.first, first.isLetter, line.hasSuffix(":") { section = String(line.dropLast()) }
            if line.hasPrefix("  "), !line.hasPrefix("   "), ["models", "enums", "unions", "resources", "actions"].contains(section) {
                result.append("\(section): \(line.trimmingCharacters(in: .whitespaces).split(separator: ":")[0])")
            }
        }
        return result
    }

    @Test func aTypeOfOnePartStaysInItAndOneSeveralPartsReachIsSharedWithWhatItReaches() throws {
        let split = try OpenAPIImporter.importDocument(Data(contentsOf: Self.petshop), file: Self.petshop.path, splitBy: .tags)
        #expect(split.parts.map(\.target) == ["Shared", "Owners", "Toys"])
        let byTarget = Dictionary(uniqueKeysWithValues: split.parts.map { ($0.target, $0) })
        // `Pet` is the pets part's resource, but the owners' `adopt` sends one: it is shared with its
        // operations, and so is the `Address` it holds; the pets part has nothing left of its own.
        #expect(Self.declarations(byTarget["Shared"]?.yaml ?? "") == ["models: Address", "resources: Pet"])
        #expect(Self.declarations(byTarget["Owners"]?.yaml ?? "") == ["models: Adoption", "resources: Owner", "actions: adopt"])
        #expect(Self.declarations(byTarget["Toys"]?.yaml ?? "") == ["models: Toy", "actions: searchToys", "actions: deliverToys"])
        #expect(byTarget["Owners"]?.uses == ["Shared"] && byTarget["Shared"]?.uses == [])
        #expect(byTarget["Owners"]?.yaml.contains("\nuses:\n  - Shared\n") == true)
        #expect(byTarget["Owners"]?.yaml.hasPrefix("# Imported by crudegen") == true)
    }

    /// Examples/PetShop keeps what the split writes now (PluginTests builds it through the build plugin).
    @Test func theExamplesSpecsAreWhatTheSplitWrites() throws {
        let split = try OpenAPIImporter.importDocument(Data(contentsOf: Self.petshop), file: "petshop.yaml", splitBy: .tags)
        for part in split.parts {
            let path = Self.example.appendingPathComponent("Sources/\(SplitImport.specPath(of: part.target))")
            let committed = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
            #expect(
                committed == part.yaml,
                "Examples/PetShop/Sources/\(SplitImport.specPath(of: part.target)) is not what `crudegen import petshop.yaml --split tags -o Sources` writes")
        }
    }

    @Test func byPathsInGroupsConsecutiveFirstSegmentsAreAPart() throws {
        let split = try OpenAPIImporter.importDocument(Data(contentsOf: Self.petshop), file: Self.petshop.path, splitBy: .paths, parts: 2)
        // /pets and /owners are one part, so `Pet` is that part's own; /toys' deliveries send an `Address` too.
        #expect(split.parts.map(\.target) == ["Shared", "PetsToOwners", "Toys"])
        #expect(Self.declarations(split.parts[0].yaml) == ["models: Address"])
        #expect(Self.declarations(split.parts[1].yaml) == ["models: Adoption", "resources: Pet", "resources: Owner", "actions: adopt"])
    }

    @Test func byPathsEachFirstSegmentIsAPart() throws {
        let split = try OpenAPIImporter.importDocument(Data(contentsOf: Self.petshop), file: Self.petshop.path, splitBy: .paths, sharedTarget: "Common")
        #expect(split.parts.map(\.target) == ["Common", "Owners", "Toys"])
        #expect(split.parts.dropFirst().allSatisfy { $0.uses == ["Common"] })
        #expect(split.targetDeclarations().contains(#"name: "Owners",\#n    dependencies: ["Common", .product(name: "CrudeRuntime", package: "crudegen")],"#))
    }

    @Test(.tags(.integration), .skippedWhenQuick) func theCommandWritesATargetFolderPerPartThatGeneratesAndKeepsThemInStep() async throws {
        try await OpenAPITestSupport.withTemporaryDirectory { folder in
            let sources = folder.appendingPathComponent("Sources").path
            let document = folder.appendingPathComponent("petshop.yaml")
            try FileManager.default.copyItem(at: Self.petshop, to: document)
            let first = try await OpenAPITestSupport.runTool(CommandTests.executable, ["import", document.path, "--split", "tags", "-o", sources])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("Sources/Owners/Owners.crude.yaml: imported, 1 resource, 1 action, using Shared.\n"))
            #expect(first.stdout.contains("Declare the targets in Package.swift"))
            // Each spec generates, with the shared one read from the folder beside it.
            for target in ["Shared", "Owners", "Toys"] {
                let spec = "\(sources)/\(target)/\(target).crude.yaml"
                let generated = try await OpenAPITestSupport.runTool(
                    CommandTests.executable, [spec, "-o", folder.appendingPathComponent("Generated/\(target)").path])
                #expect(generated.status == 0, "\(target): \(generated.stderr)")
            }
            let adoption = try String(contentsOf: folder.appendingPathComponent("Generated/Owners/Adoption.swift"), encoding: .utf8)
            #expect(adoption.contains("public var pet: Shared.Pet\n"))

            // The document loses its toys: run again, the part's spec is removed and the manifest checked.
            let text = try String(contentsOf: document, encoding: .utf8)
            try text.replacingOccurrences(of: "      tags: [toys]\n", with: "      tags: [owners]\n").write(to: document, atomically: true, encoding: .utf8)
            try #"let package = Package(name: "P", targets: [.target(name: "Shared"), .target(name: "Owners")])"#.write(
                toFile: folder.appendingPathComponent("Package.swift").path, atomically: true, encoding: .utf8)
            let second = try await OpenAPITestSupport.runTool(CommandTests.executable, ["import", document.path, "--split", "tags", "-o", sources])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stdout.contains("Sources/Toys/Toys.crude.yaml: removed, its part is no longer in the document.\n"))
            #expect(!FileManager.default.fileExists(atPath: "\(sources)/Toys/Toys.crude.yaml"))
            #expect(second.stdout.contains("Package.swift declares every target of the split."), "\(second.stdout)")

            // A spec a person wrote is never replaced, and then nothing is written.
            try "api: { name: Mine }\n".write(toFile: "\(sources)/Owners/Owners.crude.yaml", atomically: true, encoding: .utf8)
            let shared = try String(contentsOfFile: "\(sources)/Shared/Shared.crude.yaml", encoding: .utf8)
            try text.replacingOccurrences(of: "        city: { type: string }\n", with: "        city: { type: string }\n        zip: { type: string }\n")
                .write(to: document, atomically: true, encoding: .utf8)
            let refused = try await OpenAPITestSupport.runTool(CommandTests.executable, ["import", document.path, "--split", "tags", "-o", sources])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("Owners.crude.yaml` exists and was not written by crudegen; not replacing it"))
            #expect(try String(contentsOfFile: "\(sources)/Shared/Shared.crude.yaml", encoding: .utf8) == shared)
        }
    }
}
