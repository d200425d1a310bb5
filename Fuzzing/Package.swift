// swift-tools-version: 6.1
import PackageDescription

// A libFuzzer harness for the spec loader and generator, kept out of the main package so that its users
// never build it. Run it with `Scripts/fuzz.sh`.
let package = Package(
    name: "CrudeGenFuzzing",
    platforms: [.macOS(.v13)],
    // `name:` keeps the identity `crudegen` whatever the checkout's folder is called.
    dependencies: [.package(name: "crudegen", path: "..")],
    targets: [
        .executableTarget(
            name: "CrudeGenFuzz",
            dependencies: [.product(name: "CrudeGenCore", package: "crudegen")]
        )
    ]
)
