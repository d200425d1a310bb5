// swift-tools-version: 6.1
import PackageDescription

// An app's package that uses crudegen the way most users will: through the build-tool plugin.
// `HouseholdModels` holds `Household.crude.yaml`; building it generates `Household.crude.00.swift` … into the
// build folder and compiles it into the module. See ../../docs/plugin.md.
let package = Package(
    name: "Household",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The models, for the app and for the server in ../HouseholdServer, which share them.
        .library(name: "HouseholdModels", targets: ["HouseholdModels"])
    ],
    dependencies: [
        // A real app writes .package(url: "https://github.com/…/crudegen", from: "0.1.0").
        // `name:` keeps the identity `crudegen` whatever the checkout's folder is called.
        .package(name: "crudegen", path: "../..")
    ],
    targets: [
        .target(
            name: "HouseholdModels",
            dependencies: [.product(name: "CrudeRuntime", package: "crudegen")],
            plugins: [.plugin(name: "CrudeGenPlugin", package: "crudegen")]
        ),
        .executableTarget(
            name: "HouseholdDemo",
            dependencies: ["HouseholdModels", .product(name: "CrudeRuntime", package: "crudegen")]
        ),
    ]
)
