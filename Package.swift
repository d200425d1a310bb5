// swift-tools-version: 6.1
import PackageDescription

/// What new Xcode app targets use: default main-actor isolation and the approachable-concurrency features.
let mainActorApp: [SwiftSetting] = [
    .unsafeFlags(["-default-isolation", "MainActor"]),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

/// Each folder in `Fixtures/` holds a spec, its golden output in `Expected/` and, where the spec needs
/// them, hand-written `Support/` sources (such as a user-defined transform). Every fixture is compiled as a
/// module of its own with warnings treated as errors, so every committed output is proven to build
/// against the runtime; `GoldenFileTests` proves the committed output is what the generator writes.
///
/// `main-actor` is compiled as new Xcode app targets compile: default main-actor isolation with the
/// approachable-concurrency upcoming features.
let fixtureCases: [(target: String, folder: String, settings: [SwiftSetting])] = [
    ("FixtureCRUDEFutures", "crude-futures", []),
    ("FixtureApiModel", "apimodel", []),
    ("FixtureRaccoon", "raccoon", []),
    ("FixtureIService", "iservice", []),
    ("FixtureTransforms", "transforms", []),
    ("FixtureNaming", "naming", []),
    ("FixtureShadowing", "shadowing", []),
    ("FixtureCorners", "corners", []),
    ("FixtureReadme", "readme", []),
    ("FixtureRandomFinds", "random-finds", []),
    ("FixturePaging", "paging", []),
    ("FixtureDRF", "drf", []),
    ("FixtureDRFCRUDEFutures", "drf-crude-futures", []),
    ("FixtureDRFIService", "drf-iservice", []),
    ("FixtureDRFRaccoon", "drf-raccoon", []),
    ("FixtureDRFApiModel", "drf-apimodel", []),
    // Imported by `crudegen import` from the schema drf-spectacular writes for Tests/DRFServer.
    ("FixtureDRFImported", "drf-imported", []),
    // Imported by `crudegen import` from the Swagger 2.0 schema drf-yasg writes for Tests/DRFServer.
    ("FixtureDRFYasgImported", "drf-yasg-imported", []),
    // Imported by `crudegen import` from the schema FastAPI serves for Tests/FastAPIServer.
    ("FixtureFastAPIImported", "fastapi-imported", []),
    // Imported by `crudegen import` from the schema FastAPI serves for Tests/FastAPIServer/vendor_styles.py.
    ("FixtureFastAPIVendorStyles", "fastapi-vendor-styles", []),
    // Imported by `crudegen import` from the schema Litestar serves for Tests/LitestarServer.
    ("FixtureLitestarImported", "litestar-imported", []),
    // README's forms and uploads.
    ("FixtureGallery", "gallery", []),
    ("FixtureUnions", "unions", []),
    // JSON:API, as djangorestframework-jsonapi serves it for Tests/JSONAPIServer.
    ("FixtureJSONAPI", "jsonapi", []),
    ("FixtureStore", "store", []),
    // The DocC migration guides' specs, whose examples run in DocExamples-article-*.swift.
    ("FixtureArticleApiModel", "article-apimodel", []),
    ("FixtureArticleCRUDEFuturesConfiguration", "article-crude-futures-configuration", []),
    ("FixtureArticleCRUDEFuturesModel", "article-crude-futures-model", []),
    ("FixtureArticleCRUDEFuturesRoutes", "article-crude-futures-routes", []),
    ("FixtureArticleIService", "article-iservice", []),
    ("FixtureArticleRaccoon", "article-raccoon", []),
    // Specs of the random-spec generator (Tests/CrudeGenCoreTests/Contracts/ContractTestFiles.swift), odd seeds
    // compiled under default main-actor isolation as the random-spec test compiles them.
    ("FixtureRandom2026", "random-2026", []),
    ("FixtureRandom2027", "random-2027", mainActorApp),
    ("FixtureRandom2035", "random-2035", mainActorApp),
    ("FixtureRandom2042", "random-2042", []),
    ("FixtureMainActor", "main-actor", mainActorApp),
]

let package = Package(
    name: "crudegen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "crudegen", targets: ["CrudeGenCLI"]),
        // The plugins' tools. SwiftPM builds a plugin's executable through the product named like its target;
        // without these products, applying a plugin to a target of this package fails with
        // "no product named 'CrudeGenCLI'". Use `crudegen` from the command line.
        .executable(name: "CrudeGenBuildTool", targets: ["CrudeGenBuildTool"]),
        .executable(name: "CrudeGenCLI", targets: ["CrudeGenCLI"]),
        .library(name: "CrudeRuntime", targets: ["CrudeRuntime"]),
        // Optional: `RequestLogger` logs requests through swift-log; apps without it compile none of swift-log.
        .library(name: "CrudeLogging", targets: ["CrudeLogging"]),
        .library(name: "CrudeGenCore", targets: ["CrudeGenCore"]),
        // Optional: `AsyncHTTPClientTransport` sends requests through AsyncHTTPClient (server-side Swift). Enable the
        // `CrudeAsyncHTTPClient` trait to get it; without the trait, SwiftPM neither fetches nor builds AsyncHTTPClient.
        .library(name: "CrudeAsyncHTTPClient", targets: ["CrudeAsyncHTTPClient"]),
        // Optional: keeps responses in SQLite through GRDB (docs/store.md); apps without it compile none of GRDB.
        .library(name: "CrudeStore", targets: ["CrudeStore"]),
        // Optional: `SpecServer` serves a spec as a working HTTP API (docs/serve.md), for an app's tests and for
        // `crudegen serve`. Enable the `CrudeServe` trait to get it; without the trait, SwiftPM neither fetches nor
        // builds Hummingbird.
        .library(name: "CrudeServe", targets: ["CrudeServe"]),
        .plugin(name: "CrudeGenPlugin", targets: ["CrudeGenPlugin"]),
        .plugin(name: "GenerateCrudSources", targets: ["GenerateCrudSources"]),
    ],
    traits: [
        .trait(
            name: "CrudeAsyncHTTPClient",
            description: "The CrudeAsyncHTTPClient library: a transport over AsyncHTTPClient and SwiftNIO for server apps."
        ),
        .trait(
            name: "CrudeServe",
            description: "The CrudeServe library and `crudegen serve`: a spec served as a working HTTP API, on Hummingbird."
        ),
        .trait(
            name: "CrudePostgreSQL",
            description: "CrudeServe's values in a PostgreSQL database (postgres-nio), shared by several server processes.",
            enabledTraits: ["CrudeServe"]
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Only the command line's import and export use it; traits off drops external loading (and its build time).
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        // `swift package generate-documentation`: builds the DocC catalogs (CI treats warnings as errors).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // CrudeStore's SQLite layer; links the system SQLite.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // CrudeAsyncHTTPClient's transport; used only under the trait of that name, so resolved only when it is on.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The same: SwiftNIO's types and thread pool that the transport speaks to AsyncHTTPClient with.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // CrudeServe's HTTP server; used only under the `CrudeServe` trait, so resolved only when it is on.
        // Its default `ConfigurationSupport` trait is off: the server is configured in code, and the trait
        // would build swift-configuration too.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        // The same: the service group that starts and gracefully stops CrudeServe's server (Hummingbird's own).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // CrudeServe's PostgreSQL store; used only under the `CrudePostgreSQL` trait, so resolved only when it is on.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .target(
            name: "CrudeRuntime",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
            ]
        ),
        // AsyncHTTPClientTransport. Its sources compile to nothing unless the `CrudeAsyncHTTPClient` trait is on.
        .target(
            name: "CrudeAsyncHTTPClient",
            dependencies: [
                "CrudeRuntime",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["CrudeAsyncHTTPClient"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["CrudeAsyncHTTPClient"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["CrudeAsyncHTTPClient"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["CrudeAsyncHTTPClient"])),
            ]
        ),
        // The middleware that logs requests and responses (docs: MiddlewareAndAuthentication).
        .target(
            name: "CrudeLogging",
            dependencies: ["CrudeRuntime", .product(name: "Logging", package: "swift-log")]
        ),
        // The local store generated code of `store: true` resources conforms to (docs/store.md).
        .target(
            name: "CrudeStore",
            dependencies: [
                "CrudeRuntime",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The generator between input and output: the spec model, diagnostics, validation, the code model and
        // templates. It imports only the standard library and Dispatch, not Foundation, so a clean build compiles it
        // while CrudeYAML compiles and none of its jobs builds or indexes Foundation's modules.
        .target(name: "CrudeGenEngine"),
        // YAML text into located nodes: LibYAML's scanner and parser in Swift, with nothing but the standard library,
        // so that the build plugin's tool compiles no YAML library beside the engine.
        .target(name: "CrudeYAML"),
        // The pipeline and its input and output: reads specs and configuration files (CrudeYAML), runs them through
        // the engine, writes the files and prints diagnostics.
        .target(
            name: "CrudeGenCore",
            dependencies: ["CrudeGenEngine", "CrudeYAML"]
        ),
        // OpenAPI 3 import into a spec and export of a spec; the command line's alone, so the build plugin's tool
        // never compiles OpenAPIKit.
        .target(
            name: "CrudeGenOpenAPI",
            dependencies: [
                "CrudeGenCore",
                "CrudeYAML",
                .product(name: "Yams", package: "Yams"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
            ]
        ),
        // A spec served as a working HTTP API. Its sources compile to nothing unless the `CrudeServe` trait is on.
        .target(
            name: "CrudeServe",
            dependencies: [
                "CrudeGenCore",
                "CrudeGenEngine",
                "CrudeRuntime",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["CrudeServe"])),
                // `--database`: the served data in a SQLite file.
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["CrudeServe"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["CrudeServe"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["CrudeServe"])),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["CrudeServe"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["CrudeServe"])),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: .when(traits: ["CrudeServe"])),
                // `--database postgres://…`: the served data in PostgreSQL, for several server processes.
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["CrudePostgreSQL"])),
            ]
        ),
        .executableTarget(
            name: "CrudeGenCLI",
            dependencies: [
                "CrudeGenCore",
                "CrudeGenOpenAPI",
                // `crudegen serve`, which exists only under the `CrudeServe` trait.
                .target(name: "CrudeServe", condition: .when(traits: ["CrudeServe"])),
                // The level of `crudegen serve --log-level`.
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["CrudeServe"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the build plugin runs: one spec into one file, without swift-argument-parser or Yams, so that a
        // plugin user's clean build compiles only the generator and its YAML reader.
        .executableTarget(name: "CrudeGenBuildTool", dependencies: ["CrudeGenCore"]),
        // Generates a target's `*.crude.yaml` specs into its build (see docs/plugin.md).
        .plugin(name: "CrudeGenPlugin", capability: .buildTool(), dependencies: ["CrudeGenBuildTool"]),
        // `swift package generate-crud-sources`: the same, written into the target's folder for committing.
        .plugin(
            name: "GenerateCrudSources",
            capability: .command(
                intent: .custom(
                    verb: "generate-crud-sources", description: "Generate Swift sources from each target's *.crude.yaml specs into the target's folder."),
                permissions: [.writeToPackageDirectory(reason: "crudegen writes the generated Swift files next to each target's sources.")]
            ),
            dependencies: ["CrudeGenCLI"]
        ),
        // Yams: the schema tests hand specs to the Python validator as JSON, read by the parser crudegen uses.
        .testTarget(
            name: "CrudeGenCoreTests",
            dependencies: [
                "CrudeGenCore", "CrudeGenEngine", "ProcessRunner", "RandomSpecs", "TestTags", .product(name: "Yams", package: "Yams"),
                // The server code tests compile against CrudeServe's module.
                .target(name: "CrudeServe", condition: .when(traits: ["CrudeServe"])),
            ]),
        .testTarget(
            name: "CrudeGenOpenAPITests",
            dependencies: [
                "CrudeGenOpenAPI", "CrudeGenCore", "CrudeGenCLI", "CrudeYAML", "ProcessRunner", "RandomSpecs", "TestScratch", "TestTags",
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Documents"]
        ),
        // crudegen's YAML reader held to LibYAML, which Yams embeds.
        .testTarget(name: "CrudeYAMLTests", dependencies: ["CrudeYAML", "RandomSpecs", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "CrudeGenCLITests", dependencies: ["CrudeGenCLI", "CrudeGenBuildTool", "ProcessRunner"]),
        .testTarget(name: "PluginTests", dependencies: ["ProcessRunner", "TestHTTPServer", "TestScratch", "TestTags"]),
        // The served spec against the generated clients of the fixtures; empty unless the `CrudeServe` trait is on.
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "CrudeRuntime",
                "CrudeGenCore",
                "ProcessRunner",
                // Seeded random values, which JSONTextTests checks the server's JSON writer over.
                "RandomSpecs",
                .target(name: "CrudeServe", condition: .when(traits: ["CrudeServe"])),
                // An application's own router, which a server's routes join (`SpecServer.register(on:)`), run
                // and stopped in a service group.
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["CrudeServe"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["CrudeServe"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["CrudeServe"])),
            ] + fixtureCases.map { .target(name: $0.target) }
        ),
        // Random specs crudegen accepts, and the seeded numbers they are drawn from, for the generator's and the
        // OpenAPI round trip's tests (debug builds compile every module for testing, which it imports).
        .target(name: "RandomSpecs", dependencies: ["CrudeGenEngine"], path: "Tests/RandomSpecs"),
        // Where tests keep what they fetch or build: inside the running `swift test`'s scratch folder.
        .target(name: "TestScratch", path: "Tests/TestScratch"),
        // The suite's tags, and `CRUDEGEN_QUICK=1`, which leaves the tagged tests out (README, "Development").
        .target(name: "TestTags", path: "Tests/TestTags"),
        // Runs the tests' programs and blocking waits off Swift's cooperative threads, which the suite shares.
        .target(name: "ProcessRunner", path: "Tests/ProcessRunner"),
        // A real HTTP server on 127.0.0.1 for tests, on POSIX sockets and a thread per connection, so that the
        // suite's busy cooperative threads cannot starve it (docs/reliability.md).
        .target(name: "TestHTTPServer", path: "Tests/TestHTTPServer"),
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: [
                "CrudeAsyncHTTPClient",
                "CrudeLogging",
                "CrudeRuntime",
                "CrudeStore",
                "ProcessRunner",
                "TestHTTPServer",
                "TestTags",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["CrudeAsyncHTTPClient"])),
                .target(name: "CrudeServe", condition: .when(traits: ["CrudeServe"])),
            ] + fixtureCases.map { .target(name: $0.target) }
        ),
    ]
        + fixtureCases.map { fixture in
            .target(
                name: fixture.target,
                // The store fixture's generated `+Store` files conform to CrudeStore's protocols.
                dependencies: ["CrudeRuntime"] + (fixture.folder == "store" ? ["CrudeStore"] : []),
                path: "Fixtures/\(fixture.folder)",
                exclude: ["spec.yaml"],
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])] + fixture.settings
            )
        }
)
