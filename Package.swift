// swift-tools-version: 6.2
import PackageDescription

/// CI sets `STOREKEEPER_WARNINGS_AS_ERRORS=1` (see `.ci/run`): a warning in our own targets fails
/// the build there; dependencies are not affected.
let strict: [SwiftSetting] =
    [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ] + (Context.environment["STOREKEEPER_WARNINGS_AS_ERRORS"] == "1" ? [.treatAllWarnings(as: .error)] : [])

/// The SQL layers: an async function runs on its caller's executor unless marked `@concurrent`.
/// Every statement passes through several async layers (store, statements, transaction state,
/// backend); a layer that hops to the generic executor and back on each call costs a switch
/// each way, for nothing: the caller already runs where the statement runs.
let storage: [SwiftSetting] = strict + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

/// The wire contract lives in the app package (`Client/`), its one source: the server, the CLI,
/// the demo, the benchmarks and the tests use it from there.
let apiModels: Target.Dependency = .product(name: "StorekeeperAPIModels", package: "Client")

let package = Package(
    name: "storekeeper",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "storekeeper", targets: ["storekeeper"]),
        .executable(name: "storekeeper-bench", targets: ["storekeeper-bench"]),
        .library(name: "AppStoreModels", targets: ["AppStoreModels"]),
        .library(name: "AppStoreVerification", targets: ["AppStoreVerification"]),
        .library(name: "AppStoreAPI", targets: ["AppStoreAPI"]),
        .library(name: "AppStoreReports", targets: ["AppStoreReports"]),
        .library(name: "AppStoreSimulator", targets: ["AppStoreSimulator"]),
        .library(name: "Storekeeper", targets: ["Storekeeper"]),
        .library(name: "StorekeeperStore", targets: ["StorekeeperStore"]),
        .library(name: "StorekeeperServer", targets: ["StorekeeperServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        // The app half (and the wire contract), a package of its own so that an app resolves
        // none of the server's dependencies.
        .package(path: "Client"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "AppStoreModels",
            swiftSettings: strict
        ),
        .target(
            name: "AsyncWaiting",
            swiftSettings: strict
        ),
        .target(
            name: "AppStoreReports",
            dependencies: [
                "AppStoreModels",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "AppStoreVerification",
            dependencies: [
                "AppStoreModels",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            resources: [.copy("Roots")],
            swiftSettings: strict
        ),
        .target(
            name: "AppStoreAPI",
            dependencies: [
                "AppStoreModels",
                "AppStoreReports",
                "AppStoreVerification",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "AppStoreSimulator",
            dependencies: [
                "AppStoreModels",
                "AsyncWaiting",
                "AppStoreReports",
                "AppStoreVerification",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "Storekeeper",
            dependencies: ["AppStoreModels"],
            swiftSettings: strict
        ),
        // The store's ports: the `PurchaseStore` union and the operators' and console's records.
        .target(
            name: "StorekeeperStore",
            dependencies: ["AppStoreModels", "Storekeeper"],
            swiftSettings: strict
        ),
        .target(
            name: "StorekeeperSQL",
            dependencies: [
                "Storekeeper",
                "StorekeeperStore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: storage
        ),
        .target(
            name: "StorekeeperSQLite",
            dependencies: [
                "StorekeeperStore",
                "StorekeeperSQL",
                "AsyncWaiting",
                "CSQLite",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: storage
        ),
        .target(
            name: "StorekeeperPostgres",
            dependencies: [
                "StorekeeperStore",
                "StorekeeperSQL",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: storage
        ),
        // The application: per-app services, operator use cases, background jobs. No HTTP.
        .target(
            name: "StorekeeperApplication",
            dependencies: [
                "AppStoreModels",
                "AppStoreReports",
                "AsyncWaiting",
                "AppStoreVerification",
                "AppStoreAPI",
                "Storekeeper",
                "StorekeeperStore",
                apiModels,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The HTTP edge: the app API, the admin API, webhooks, authentication, the OpenAPI
        // document; the only place an HTTP status is chosen.
        .target(
            name: "StorekeeperHTTP",
            dependencies: [
                "AppStoreModels",
                "AppStoreVerification",
                "AppStoreAPI",
                "Storekeeper",
                "StorekeeperStore",
                apiModels,
                "StorekeeperApplication",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: strict
        ),
        // The web console: server-rendered pages over the same use cases as the admin API.
        .target(
            name: "StorekeeperConsole",
            dependencies: [
                "AppStoreModels",
                "Storekeeper",
                "StorekeeperStore",
                apiModels,
                "StorekeeperApplication",
                "StorekeeperHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: strict
        ),
        // The composition root: configuration and storage to a running server.
        .target(
            name: "StorekeeperServer",
            dependencies: [
                "AppStoreModels",
                "AppStoreAPI",
                "Storekeeper",
                "StorekeeperStore",
                "StorekeeperSQLite",
                "StorekeeperPostgres",
                "StorekeeperApplication",
                "StorekeeperHTTP",
                "StorekeeperConsole",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "StorekeeperLocal",
            dependencies: [
                "StorekeeperApplication", "StorekeeperHTTP", "StorekeeperConsole",
                "StorekeeperStore",
                "AppStoreModels", "AppStoreVerification", "AppStoreSimulator", "Storekeeper", "StorekeeperSQL",
                "StorekeeperPostgres", "StorekeeperServer",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "StorekeeperDemo",
            dependencies: [
                "StorekeeperApplication", "StorekeeperHTTP", "StorekeeperConsole",
                "AppStoreModels", "AppStoreSimulator", "Storekeeper", apiModels, "StorekeeperLocal", "StorekeeperServer",
                "StorekeeperClientSimulation", .product(name: "StorekeeperClient", package: "Client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "StorekeeperBenchmarks",
            dependencies: [
                "StorekeeperApplication", "StorekeeperHTTP", "StorekeeperConsole",
                "StorekeeperStore",
                "AppStoreModels", "AppStoreReports", "AppStoreSimulator", "AppStoreVerification", "Storekeeper", "StorekeeperSQL",
                "StorekeeperSQLite", "StorekeeperPostgres", apiModels, "StorekeeperServer", "StorekeeperTesting",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "storekeeper",
            dependencies: [
                "StorekeeperApplication", "StorekeeperHTTP", "StorekeeperConsole",
                "StorekeeperStore",
                "AppStoreModels",
                "AppStoreReports",
                "AppStoreVerification",
                "AppStoreAPI",
                "AppStoreSimulator",
                apiModels,
                "StorekeeperServer",
                "StorekeeperDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The lab, apart from the product: the operators' `storekeeper` links no benchmark.
        .executableTarget(
            name: "storekeeper-bench",
            dependencies: [
                "StorekeeperApplication", "StorekeeperHTTP", "StorekeeperConsole",
                "StorekeeperBenchmarks",
                "StorekeeperServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // StoreKit played by the App Store simulator, for the app package's end-to-end tests.
        .target(
            name: "StorekeeperClientSimulation",
            dependencies: [
                "AppStoreModels",
                "AppStoreSimulator",
                .product(name: "StorekeeperClient", package: "Client"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "StorekeeperTesting",
            dependencies: [
                "StorekeeperStore",
                "AppStoreModels",
                "AppStoreVerification",
                "AppStoreSimulator",
                "Storekeeper",
                "StorekeeperSQL",
                "StorekeeperSQLite",
                "StorekeeperPostgres",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AsyncWaitingTests",
            dependencies: ["AsyncWaiting", "StorekeeperTesting"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StorekeeperTests",
            dependencies: ["Storekeeper"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppStoreModelsTests",
            dependencies: ["AppStoreModels"],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppStoreReportsTests",
            dependencies: ["AppStoreReports", "AppStoreModels"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppStoreAPITests",
            dependencies: [
                "AppStoreAPI", "AppStoreModels", "AppStoreReports", "AppStoreVerification", "StorekeeperTesting",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppStoreSimulatorTests",
            dependencies: [
                "AppStoreSimulator", "AppStoreModels", "AppStoreReports", "AppStoreVerification", "StorekeeperTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppStoreAPISimulatorTests",
            dependencies: [
                "AppStoreAPI", "AppStoreModels", "AppStoreReports", "AppStoreSimulator", "AppStoreVerification", "StorekeeperTesting",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppStoreVerificationTests",
            dependencies: [
                "AppStoreVerification", "AppStoreSimulator", "StorekeeperTesting", "AppStoreAPI",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StorekeeperSQLTests",
            dependencies: [
                "CSQLite",
                "StorekeeperSQL",
                "StorekeeperSQLite",
                "StorekeeperPostgres",
                "StorekeeperTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StorekeeperStoreTests",
            dependencies: [
                "StorekeeperStore",
                "Storekeeper",
                "StorekeeperSQL",
                "StorekeeperSQLite",
                "StorekeeperPostgres",
                "StorekeeperTesting",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StorekeeperServerTests",
            dependencies: [
                "StorekeeperApplication", "StorekeeperHTTP", "StorekeeperConsole",
                "StorekeeperStore", "AppStoreModels", "AppStoreReports", "Storekeeper", "StorekeeperServer", "StorekeeperSQL",
                "StorekeeperTesting", apiModels,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StorekeeperCLITests",
            dependencies: [
                "StorekeeperApplication", "StorekeeperHTTP", "StorekeeperConsole",
                "storekeeper", "AppStoreModels", "Storekeeper", apiModels, "StorekeeperServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StorekeeperEndToEndTests",
            dependencies: [
                "StorekeeperApplication", "StorekeeperHTTP", "StorekeeperConsole",
                "StorekeeperStore", "AppStoreModels", "AppStoreSimulator", "AsyncWaiting", "AppStoreVerification", "Storekeeper",
                "StorekeeperLocal", "StorekeeperServer", "StorekeeperSQL", "StorekeeperTesting", apiModels,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StorekeeperClientTests",
            dependencies: [
                "AppStoreModels", "AppStoreSimulator", "Storekeeper", "StorekeeperApplication", "StorekeeperClientSimulation",
                "StorekeeperLocal", "StorekeeperServer", "StorekeeperTesting", apiModels,
                .product(name: "StorekeeperClient", package: "Client"),
                // Linked so that the StoreKit 2 adapter is type-checked by every build.
                .product(name: "StorekeeperStoreKit", package: "Client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
    ]
)
