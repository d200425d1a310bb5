// swift-tools-version: 6.1
import PackageDescription

// A server of the Household API, sharing its models with the app in ../Household. `HouseholdService.swift` is
// what `crudegen --server --models-module HouseholdModels` writes (Scripts/example-server.sh writes it again);
// `Registry.swift` answers two of its operations with logic of its own, and every other operation answers as
// `crudegen serve` does. See ../../docs/serve.md.
let package = Package(
    name: "HouseholdServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        // A real server writes .package(url: "https://github.com/…/crudegen", from: "0.1.0", traits: ["CrudeServe"]).
        .package(name: "crudegen", path: "../..", traits: ["CrudeServe"]),
        .package(path: "../Household"),
        // The application the API's routes join, beside a route of the server's own.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "HouseholdService",
            dependencies: [
                .product(name: "HouseholdModels", package: "Household"),
                .product(name: "CrudeRuntime", package: "crudegen"),
                .product(name: "CrudeServe", package: "crudegen"),
            ]
        ),
        .executableTarget(
            name: "HouseholdServer",
            dependencies: [
                "HouseholdService",
                .product(name: "CrudeServe", package: "crudegen"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "HouseholdServiceTests",
            dependencies: [
                "HouseholdService",
                .product(name: "HouseholdModels", package: "Household"),
                .product(name: "CrudeRuntime", package: "crudegen"),
                .product(name: "CrudeServe", package: "crudegen"),
            ]
        ),
    ]
)
