import CrudeGenEngine
import Foundation
import Testing

@testable import CrudeGenCore

/// Specs that use another spec's types (`uses`): the used types are generated once, by the module that
/// declares them, named through it by the others; and every mistake is reported at the line that makes it.
@Suite struct SpecUsesTests {
    static let shared = """
        api:
          name: SharedAPI
          base_url: https://api.example.com
        transforms:
          day: { date_format: "yyyy-MM-dd" }
        enums:
          Role: [user, assistant]
        models:
          Message:
            fields:
              role: Role
              text: String
              sent: { type: Date, transform: day }
        resources:
          Thread:
            path: /threads
            fields:
              title: String

        """

    static let chat = """
        api:
          name: ChatAPI
          base_url: https://api.example.com
        uses: [Shared]
        models:
          Reply:
            fields:
              message: Message
              thread: Thread?
              day: { type: Date?, transform: day }
        resources:
          Completion:
            path: /completions
            id: String
            fields:
              messages: "[Message]"
              role: Role

        """

    /// Writes `files` (path → text) into a temporary folder and runs `body` there, paths relative to it.
    static func inPackage<T>(_ files: [String: String], _ body: (URL) async throws -> T) async throws -> T {
        try await TestSupport.withTemporaryDirectory { folder in
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            return try await body(folder)
        }
    }

    static let package = ["Sources/Shared/Shared.crude.yaml": shared, "Sources/Chat/Chat.crude.yaml": chat]

    @Test func usedTypesAreNamedThroughTheirModuleAndNotDeclaredAgain() async throws {
        try await Self.inPackage(Self.package) { folder in
            let files = try Generator().generate(specsAt: [folder.appendingPathComponent("Sources/Chat/Chat.crude.yaml").path]).files
            #expect(files.map(\.name) == ["ChatAPI.swift", "Completion.swift", "Reply.swift"])
            let reply = try #require(files.first { $0.name == "Reply.swift" }?.contents)
            #expect(reply.contains("\nimport Shared\n"))
            // Foundation has a `Thread` too: only the module's name tells the two apart.
            #expect(reply.contains("    public var thread: Shared.Thread?\n"))
            #expect(reply.contains("using: Shared.SharedAPI.DayDateFormat.self"))
            let api = try #require(files.first { $0.name == "ChatAPI.swift" }?.contents)
            #expect(!api.contains("DayDateFormat"), "the used spec's date format is declared again:\n\(api)")
        }
    }

    @Test(.tags(.integration), .skippedWhenQuick) func theUsingModuleCompilesAgainstTheUsedOne() async throws {
        try await Self.inPackage(Self.package) { folder in
            let modules = folder.appendingPathComponent("modules")
            try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
            for (module, spec) in [("Shared", "Sources/Shared/Shared.crude.yaml"), ("Chat", "Sources/Chat/Chat.crude.yaml")] {
                let files = try Generator().generate(specsAt: [folder.appendingPathComponent(spec).path]).files
                var sources = files.map { ($0.name, $0.contents) }
                if module == "Chat" {
                    // A value of the used module's types goes into the using module's and comes back.
                    sources.append(
                        (
                            "Use.swift",
                            """
                            import Foundation
                            import Shared

                            func roundTrip() throws -> Bool {
                                let message = Shared.Message(role: .assistant, text: "hi", sent: Date(timeIntervalSince1970: 86_400))
                                let reply = Reply(message: message, thread: Shared.Thread(id: 1, title: "t"))
                                let data = try JSONEncoder().encode(reply)
                                return try JSONDecoder().decode(Reply.self, from: data) == reply
                            }

                            """
                        ))
                }
                let result = try await SwiftCompiler.compile(sources, module: module, modules: modules)
                #expect(result.status == 0, "\(module) does not compile:\n\(result.output.prefix(3000))")
            }
            #if CrudeServe
            // The part's server, in a module of its own over the part's models and the shared ones.
            var generator = Generator()
            generator.server = Generator.ServerOutput(modelsModule: "Chat")
            let server = try generator.generate(specsAt: [folder.appendingPathComponent("Sources/Chat/Chat.crude.yaml").path]).files
            let result = try await SwiftCompiler.compile(server.map { ($0.name, $0.contents) }, module: "ChatServer", modules: modules)
            #expect(result.status == 0, "ChatServer does not compile:\n\(result.output.prefix(3000))")
            #endif
        }
    }

    @Test func aNameTakenByAUsedSpecIsReportedAtThisSpecsLineNamingTheOther() async throws {
        let chat = Self.chat.replacingOccurrences(of: "  Reply:", with: "  Role:")
        try await Self.inPackage(["Sources/Shared/Shared.crude.yaml": Self.shared, "Sources/Chat/Chat.crude.yaml": chat]) { folder in
            let path = folder.appendingPathComponent("Sources/Chat/Chat.crude.yaml").path
            let error = try #require(throws: DiagnosticsError.self) { try Generator().generate(specsAt: [path]) }
            let diagnostic = try #require(error.diagnostics.first { $0.message.hasPrefix("`Role` is declared twice") })
            #expect(diagnostic.location == SourceLocation(file: path, line: 6, column: 3))
            #expect(diagnostic.message.contains("first in `\(folder.path)/Sources/Shared/Shared.crude.yaml` at line 7, a spec this one uses"))
        }
    }

    @Test func anErrorInTheUsedSpecIsReportedAtItsLineAndStopsTheUsingOne() async throws {
        let shared = Self.shared.replacingOccurrences(of: "role: Role", with: "role: Rol")
        try await Self.inPackage(["Sources/Shared/Shared.crude.yaml": shared, "Sources/Chat/Chat.crude.yaml": Self.chat]) { folder in
            let error = try #require(throws: DiagnosticsError.self) {
                try Generator().generate(specsAt: [folder.appendingPathComponent("Sources/Chat/Chat.crude.yaml").path])
            }
            let lines = error.diagnostics.map {
                "\($0.location.map { "\($0.file.replacingOccurrences(of: folder.path + "/", with: "")):\($0.line)" } ?? "-") \($0.message)"
            }
            #expect(
                lines
                    == [
                        "Sources/Chat/Chat.crude.yaml:4 `Sources/Shared/Shared.crude.yaml`, which this spec uses, has errors",
                        "Sources/Shared/Shared.crude.yaml:11 unknown type `Rol`",
                    ].map { $0.replacingOccurrences(of: "`Sources/", with: "`\(folder.path)/Sources/") })
        }
    }

    @Test(arguments: [
        ("uses: [Shard]", "target `Shard` has no spec: no `*.crude.yaml` in `FOLDER/Sources/Shard`"),
        ("uses: [{ spec: ../Shared/None.crude.yaml }]", "no spec at `FOLDER/Sources/Shared/None.crude.yaml`, which `uses` names"),
        ("uses: [{ spec: ../Shared/Shared.crude.yaml, module: 9lives }]", "`9lives` cannot name the module of `FOLDER/Sources/Shared/Shared.crude.yaml`"),
    ])
    func aUseThatFindsNoSpecIsReportedAtIt(uses: String, message: String) async throws {
        let chat = Self.chat.replacingOccurrences(of: "uses: [Shared]", with: uses)
        try await Self.inPackage(["Sources/Shared/Shared.crude.yaml": Self.shared, "Sources/Chat/Chat.crude.yaml": chat]) { folder in
            let path = folder.appendingPathComponent("Sources/Chat/Chat.crude.yaml").path
            let error = try #require(throws: DiagnosticsError.self) { try Generator().generate(specsAt: [path]) }
            // Only the use: the fields naming the types it would have brought are not reported too.
            #expect(error.diagnostics.map(\.message) == [message.replacingOccurrences(of: "FOLDER", with: folder.path)])
            #expect(error.diagnostics.first?.location?.line == 4)
        }
    }

    @Test func aCycleOfUsesAndAnInternalUsedSpecAreReported() async throws {
        let cyclic = Self.shared + "uses: [Chat]\n"
        try await Self.inPackage(["Sources/Shared/Shared.crude.yaml": cyclic, "Sources/Chat/Chat.crude.yaml": Self.chat]) { folder in
            let error = try #require(throws: DiagnosticsError.self) {
                try Generator().generate(specsAt: [folder.appendingPathComponent("Sources/Chat/Chat.crude.yaml").path])
            }
            // At the use that closes the cycle: the used spec's own line.
            let usesLine = Self.shared.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(
                error.diagnostics.contains {
                    $0.message.hasPrefix("`uses` makes a cycle: ") && $0.location?.line == usesLine && $0.location?.file.hasSuffix("Shared.crude.yaml") == true
                }, "\(error.diagnostics)")
        }
        let internalShared = Self.shared.replacingOccurrences(of: "  name: SharedAPI\n", with: "  name: SharedAPI\n  access: internal\n")
        try await Self.inPackage(["Sources/Shared/Shared.crude.yaml": internalShared, "Sources/Chat/Chat.crude.yaml": Self.chat]) { folder in
            let error = try #require(throws: DiagnosticsError.self) {
                try Generator().generate(specsAt: [folder.appendingPathComponent("Sources/Chat/Chat.crude.yaml").path])
            }
            #expect(
                error.diagnostics.map(\.message) == [
                    "`\(folder.path)/Sources/Shared/Shared.crude.yaml` keeps its types internal to module `Shared`, so this spec cannot name them"
                ])
        }
    }

    /// A part's server names the used types too, beside the part's models.
    @Test func aServerOfAPartImportsTheUsedModule() async throws {
        try await Self.inPackage(Self.package) { folder in
            var generator = Generator()
            generator.server = Generator.ServerOutput(modelsModule: "Chat")
            let files = try generator.generate(specsAt: [folder.appendingPathComponent("Sources/Chat/Chat.crude.yaml").path]).files
            let server = try #require(files.first?.contents)
            #expect(server.contains("\nimport Chat\nimport Shared\n"), "\(server.prefix(400))")
        }
    }

    @Test func theSerializerWritesTheUsesAndOnlyTheSpecsOwnTypes() async throws {
        try await Self.inPackage(Self.package) { folder in
            let loaded = SpecLoader.load(contentsOf: folder.appendingPathComponent("Sources/Chat/Chat.crude.yaml").path)
            let spec = try #require(loaded.spec)
            let written = SpecSerializer.yaml(of: spec)
            #expect(written.contains("\nuses:\n  - Shared\n"))
            #expect(!written.contains("Message:") && written.contains("Reply:"))
            // What a generated server embeds needs no other file: the used types are in it.
            let inlined = SpecSerializer.yaml(of: spec, inliningUsedTypes: true)
            #expect(!inlined.contains("uses:") && inlined.contains("  Message:\n") && inlined.contains("  Thread:\n"))
            let standalone = SpecLoader.load(Data(inlined.utf8), file: "elsewhere/Chat.crude.yaml", files: .inMemory([:]))
            #expect(standalone.diagnostics.filter { $0.severity == .error }.isEmpty, "\(standalone.diagnostics)")
        }
    }
}
