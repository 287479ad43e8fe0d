import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperSQL
import StorekeeperServer

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
        backend: Backend, pki: AppleShapedPKI, logger: Logger, configure: (inout AppConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (Running) async throws -> T
    ) async throws -> T {
        var app = AppConfiguration(
            id: appId, bundleId: bundleId, appAppleId: appAppleId, environments: [.production, .sandbox],
            catalog: try catalog, jwsRoots: try pki.trustedRoots, usesCustomRoots: true)
        configure(&app)
        // Answers are signed only when a request carries a nonce (`--answer-nonce`).
        app.answerKeys = [AnswerSigningKey.generate(name: "bench")]
        let configuration = try StorekeeperConfiguration(
            mode: .development, host: "127.0.0.1", port: 0, storage: backend.storage, instance: "bench", apps: [app])
        let storage = try await StoreBootstrap.open(configuration.storage, logger: logger)
        // The benchmarks count rows in SQL, so they keep the SQL store the bootstrap opened.
        guard let store = storage.store as? SQLPurchaseStore else { throw BenchmarkFailure("the storage opened no SQL store") }
        var builder = StorekeeperApplicationBuilder(configuration: configuration, storage: storage, logger: logger)
        builder.runsBackgroundJobs = false
        let signer = try pki.signer()
        let result: T
        do {
            result = try await builder.serving { port in
                let apiKey = try await APIKeys.create(name: "bench", app: appId, in: storage.store)
                return try await body(
                    Running(url: "http://127.0.0.1:\(port)", port: port, apiKey: apiKey, store: store, signer: signer))
            }
        } catch is ServerPort.ServerStopped {
            throw BenchmarkFailure("the server stopped before the benchmark finished")
        }
        await storage.close()
        return result
    }
}
