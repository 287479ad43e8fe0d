// swift-tools-version: 6.2
import PackageDescription

/// As in the root manifest: CI sets `STOREKEEPER_WARNINGS_AS_ERRORS=1` and a warning in these
/// targets fails the build there.
let strict: [SwiftSetting] =
    [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ] + (Context.environment["STOREKEEPER_WARNINGS_AS_ERRORS"] == "1" ? [.treatAllWarnings(as: .error)] : [])

// Apple's platforms link the real StoreKit. Elsewhere (Linux, where CI builds and the tests run)
// a module of the same name declares exactly the part of StoreKit 2 the adapter calls, with
// Apple's signatures, so the adapter is type-checked on every build; its members trap.
#if os(Linux)
    let storeKitTargets: [Target] = [
        .target(name: "StoreKit", path: "Sources/StoreKitDeclarations", swiftSettings: strict)
    ]
    let storeKitDependencies: [Target.Dependency] = ["StoreKit"]
#else
    let storeKitTargets: [Target] = []
    let storeKitDependencies: [Target.Dependency] = []
#endif

/// The app half of Storekeeper: what an iOS or macOS app adds. It depends on Foundation and
/// swift-crypto only (which forwards to CryptoKit on Apple's platforms), never on the server's
/// dependencies.
let package = Package(
    name: "StorekeeperClient",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "StorekeeperAPIModels", targets: ["StorekeeperAPIModels"]),
        .library(name: "StorekeeperClient", targets: ["StorekeeperClient"]),
        .library(name: "StorekeeperStoreKit", targets: ["StorekeeperStoreKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0")
    ],
    targets: [
        // The wire contract of Storekeeper's app and admin APIs: Foundation only. The server, the
        // CLI, the demo, the benchmarks and the tests use this one source.
        .target(
            name: "StorekeeperAPIModels",
            swiftSettings: strict
        ),
        // The purchase flow, the durable proof queue, verification of signed answers, the
        // customer's cached state: platform-independent, driven through `StoreKitInterface`.
        .target(
            name: "StorekeeperClient",
            dependencies: [
                "StorekeeperAPIModels",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The thin StoreKit 2 adapter.
        .target(
            name: "StorekeeperStoreKit",
            dependencies: ["StorekeeperClient"] + storeKitDependencies,
            swiftSettings: strict
        ),
    ] + storeKitTargets
)
