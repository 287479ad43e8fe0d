import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Storekeeper
import StorekeeperSQL
import StorekeeperServer
import Synchronization

/// A Storekeeper server on loopback for the HTTP benchmarks: development mode, one app whose
/// signed data is trusted through a freshly minted Apple-shaped chain (`AppleShapedPKI`), so the
/// benchmark can mint any number of new, valid transactions and notifications itself. No
/// simulator, no background jobs: only the request path is measured.
struct BenchmarkStack {
    static let appId = "bench"
    static let bundleId = "com.example.storekeeper"
    static let appAppleId: Int64 = 1_234_567_890
    static let gems = "com.example.gems.100"
    static let proMonthly = "com.example.pro.monthly"
    static let subscriptionGroup = "21421808"

    enum Backend: Sendable, CustomStringConvertible {
        case sqlite(path: String)
        case postgres(url: String)

        var storage: StorekeeperConfiguration.Storage {
            switch self {
            case .sqlite(let path): .sqlite(path: path)
            case .postgres(let url): .postgres(url: url)
            }
        }

        var description: String {
            switch self {
            case .sqlite: "sqlite"
            case .postgres: "postgres"
            }
        }
    }

    /// What a benchmark body gets.
    struct Running: Sendable {
        /// `http://127.0.0.1:<port>`.
        let url: String
        let port: Int
        /// A server-to-server API key (`Authorization: Bearer sk_...`).
        let apiKey: String
        let store: SQLPurchaseStore
        let signer: ES256Signer
    }

    /// The products the benchmarks buy: a consumable crediting 100 gems and a monthly
    /// subscription granting two entitlements.
    static var catalog: Catalog {
        get throws {
            try Catalog(products: [
                Product(
                    id: gems, kind: .consumable, currencies: ["gems": 100],
                    prices: [StorefrontPrice(storefront: "USA", currency: "USD", milliunits: 990)]),
                Product(
                    id: proMonthly, kind: .autoRenewableSubscription, entitlements: ["premium", "pro"],
                    duration: Period(iso8601: "P1M"), subscriptionGroup: subscriptionGroup, groupLevel: 1,
                    prices: [StorefrontPrice(storefront: "USA", currency: "USD", milliunits: 9990)]),
            ])
        }
    }

    /// Starts the server on `backend`, runs `body`, stops the server.
    static func run<T: Sendable>(
        backend: Backend, pki: AppleShapedPKI, logger: Logger, _ body: @escaping @Sendable (Running) async throws -> T
    ) async throws -> T {
        let app = AppConfiguration(
            id: appId, bundleId: bundleId, appAppleId: appAppleId, environments: [.production, .sandbox],
            catalog: try catalog, jwsRoots: try pki.trustedRoots, usesCustomRoots: true)
        let configuration = StorekeeperConfiguration(
            mode: .development, host: "127.0.0.1", port: 0, storage: backend.storage, instance: "bench", apps: [app])
        let bootstrap = try await StoreBootstrap.open(configuration.storage, logger: logger)
        var runtime = StorekeeperServerRuntime(configuration: configuration, bootstrap: bootstrap, logger: logger)
        runtime.runsBackgroundJobs = false
        let port = PortBox()
        let application = runtime.application(onServerRunning: { port.set($0) })
        let signer = try pki.signer()
        // Stopped by a graceful shutdown, not by cancellation: the server then closes its idle
        // keep-alive connections itself instead of logging the cancelled ones as errors.
        let server = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: [], logger: logger))
        let result = try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await server.run()
                return nil
            }
            group.addTask {
                let bound = try await port.wait()
                let apiKey = try await APIKeys.create(name: "bench", in: bootstrap.store)
                return try await body(
                    Running(url: "http://127.0.0.1:\(bound)", port: bound, apiKey: apiKey, store: bootstrap.store, signer: signer))
            }
            var result: T?
            while let next = try await group.next() {
                if let value = next {
                    result = value
                    await server.triggerGracefulShutdown()
                }
            }
            guard let result else { throw BenchmarkFailure("the server stopped before the benchmark finished") }
            return result
        }
        await bootstrap.close()
        return result
    }
}

/// The bound port, handed from the server's start callback to the benchmark.
final class PortBox: Sendable {
    private let port = Mutex<Int?>(nil)

    func set(_ value: Int) { port.withLock { $0 = value } }

    func wait() async throws -> Int {
        for _ in 0..<6000 {
            if let value = port.withLock({ $0 }) { return value }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw BenchmarkFailure("the server did not start within 60 s")
    }
}
