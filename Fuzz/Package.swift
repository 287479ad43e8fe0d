// swift-tools-version: 6.2
// libFuzzer targets for Storekeeper's parsers and verifiers. Build and run with
// `scripts/fuzz.sh` (it passes `-sanitize=fuzzer,address`); they are not part of the main build.
import PackageDescription

let package = Package(
    name: "StorekeeperFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "storekeeper", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzJWS",
            dependencies: [
                .product(name: "AppStoreVerification", package: "storekeeper"),
                .product(name: "AppStoreModels", package: "storekeeper"),
            ]),
        .executableTarget(
            name: "FuzzReceipt",
            dependencies: [.product(name: "AppStoreVerification", package: "storekeeper")]),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: [.product(name: "AppStoreModels", package: "storekeeper")]),
    ]
)
