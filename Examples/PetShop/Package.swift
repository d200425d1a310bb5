// swift-tools-version: 6.1
import PackageDescription

// A large API's layout, small: `crudegen import petshop.yaml --split tags -o Sources` wrote a spec per tag
// (`Owners`, `Toys`) and one of the types several tags use (`Shared`), which the others name through
// `uses: [Shared]`; each target's build plugin generates its spec, and an address read through `Owners` is
// the `Shared.Address` that `Toys` sends. See ../../docs/plugin.md, "Large APIs".
let package = Package(
    name: "PetShop",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // A real app writes .package(url: "https://github.com/…/crudegen", from: "0.1.0").
        .package(name: "crudegen", path: "../..")
    ],
    targets: [
        // The targets `crudegen import --split` printed.
        .target(
            name: "Shared",
            dependencies: [.product(name: "CrudeRuntime", package: "crudegen")],
            plugins: [.plugin(name: "CrudeGenPlugin", package: "crudegen")]
        ),
        .target(
            name: "Owners",
            dependencies: ["Shared", .product(name: "CrudeRuntime", package: "crudegen")],
            plugins: [.plugin(name: "CrudeGenPlugin", package: "crudegen")]
        ),
        .target(
            name: "Toys",
            dependencies: ["Shared", .product(name: "CrudeRuntime", package: "crudegen")],
            plugins: [.plugin(name: "CrudeGenPlugin", package: "crudegen")]
        ),
        .executableTarget(
            name: "PetShopDemo",
            dependencies: ["Owners", "Toys", "Shared", .product(name: "CrudeRuntime", package: "crudegen")]
        ),
    ]
)
