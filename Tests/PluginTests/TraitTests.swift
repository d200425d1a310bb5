import Foundation
import TestTags
import Testing

/// The `CrudeAsyncHTTPClient` trait keeps AsyncHTTPClient and SwiftNIO, and the `CrudeServe` trait Hummingbird,
/// out of every app that does not turn them on: SwiftPM leaves a dependency used only under a disabled trait out of resolution, so such an app neither
/// fetches nor builds it. Proven on apps' packages that depend on this checkout by path, resolved (not built:
/// building AsyncHTTPClient takes minutes) in a scratch folder of their own.
@Suite(.tags(.plugin), .skippedWhenQuick) struct TraitTests {
    typealias Support = PluginTestSupport

    /// The identities pinned in the `Package.resolved` of an app whose target uses `product` of crudegen, with
    /// `traits` on crudegen's package line.
    static func resolvedIdentities(product: String, traits: String) async throws -> [String] {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-trait-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let app = parent.appendingPathComponent("App", isDirectory: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "App",
            platforms: [.macOS(.v13)],
            dependencies: [.package(name: "crudegen", path: "\(Support.root.path)"\(traits))],
            targets: [.target(name: "App", dependencies: [.product(name: "\(product)", package: "crudegen")])]
        )
        """.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import \(product)\n".write(to: app.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)
        let scratch = Support.scratch.appendingPathComponent("trait-app-\(product)")
        let resolve = try await Support.swift(["package", "resolve", "--package-path", app.path, "--scratch-path", scratch.path])
        try #require(resolve.status == 0, "swift package resolve failed:\n\(resolve.output)")
        /// The part of `Package.resolved` read here.
        struct Resolved: Decodable {
            /// One pinned package.
            struct Pin: Decodable {
                /// The package's identity: its URL's last component, in lower case.
                var identity: String
            }
            /// Every package the app resolved.
            var pins: [Pin]
        }
        let data = try Data(contentsOf: app.appendingPathComponent("Package.resolved"))
        return try JSONDecoder().decode(Resolved.self, from: data).pins.map(\.identity)
    }

    /// An app of `CrudeRuntime` with no trait pins the runtime's own dependency and nothing of AsyncHTTPClient's
    /// or Hummingbird's.
    @Test func anAppOfTheRuntimeAloneResolvesNeitherAsyncHTTPClientNorSwiftNIONorHummingbird() async throws {
        let identities = try await Self.resolvedIdentities(product: "CrudeRuntime", traits: "")
        #expect(identities.contains("swift-http-types"), "the runtime's own dependency is resolved: \(identities)")
        #expect(!identities.contains("async-http-client"), "\(identities)")
        #expect(!identities.contains { $0.hasPrefix("swift-nio") }, "\(identities)")
        #expect(!identities.contains("hummingbird"), "\(identities)")
        #expect(!identities.contains("swift-service-lifecycle"), "\(identities)")
        #expect(!identities.contains("postgres-nio"), "\(identities)")
    }

    /// An app that turns the `CrudeServe` trait on and uses its product pins Hummingbird and SwiftNIO, and not
    /// postgres-nio, which only the `CrudePostgreSQL` trait brings.
    @Test func anAppThatTurnsTheServeTraitOnResolvesHummingbird() async throws {
        let identities = try await Self.resolvedIdentities(product: "CrudeServe", traits: #", traits: ["CrudeServe"]"#)
        #expect(identities.contains("hummingbird"), "\(identities)")
        #expect(identities.contains("swift-nio"), "\(identities)")
        #expect(!identities.contains("postgres-nio"), "\(identities)")
    }

    /// An app that turns the `CrudePostgreSQL` trait on pins postgres-nio and, through the trait it
    /// enables, Hummingbird.
    @Test func anAppThatTurnsThePostgreSQLTraitOnResolvesPostgresNIO() async throws {
        let identities = try await Self.resolvedIdentities(product: "CrudeServe", traits: #", traits: ["CrudePostgreSQL"]"#)
        #expect(identities.contains("postgres-nio"), "\(identities)")
        #expect(identities.contains("hummingbird"), "\(identities)")
    }

    /// An app that turns the trait on and uses the `CrudeAsyncHTTPClient` product pins AsyncHTTPClient and SwiftNIO.
    @Test func anAppThatTurnsTheTraitOnResolvesAsyncHTTPClient() async throws {
        let identities = try await Self.resolvedIdentities(product: "CrudeAsyncHTTPClient", traits: #", traits: ["CrudeAsyncHTTPClient"]"#)
        #expect(identities.contains("async-http-client"), "\(identities)")
        #expect(identities.contains("swift-nio"), "\(identities)")
    }
}
