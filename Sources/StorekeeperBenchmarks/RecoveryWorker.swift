import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// The recovering Storekeeper of `storekeeper-bench recovery`, run as a child process (so the benchmark
/// can kill it with SIGKILL): opens the database, starts the server with background jobs off,
/// runs one Notification History sweep against the simulator and prints its result as one JSON
/// line.
public struct RecoveryWorker: Sendable {
    /// Everything the child needs, written by the parent as JSON.
    public struct Spec: Codable, Sendable {
        var simulatorURL: String
        var appId: String
        var bundleId: String
        var appAppleId: Int64
        var issuerId: String
        var keyId: String
        var privateKeyPEM: String
        var rootCertificatePEM: String
        var database: String
        var sliceCount: Int
        var concurrency: Int
    }

    /// What the child prints.
    struct Report: Codable, Sendable {
        var seen: Int
        var known: Int
        var recovered: Int
        var pages: Int
        var resumedSlices: Int
        var seconds: Double
    }

    let specPath: String

    public init(specPath: String) {
        self.specPath = specPath
    }

    static func sweepName(appId: String) -> String { "notifications.sweep.\(appId).\(AppStoreEnvironment.production.rawValue)" }

    static func configuration(_ spec: Spec) throws -> StorekeeperConfiguration {
        let gems = Product(
            id: DemoCatalog.gems, kind: .consumable, currencies: ["gems": 100],
            prices: [StorefrontPrice(storefront: "USA", currency: "USD", milliunits: 990)])
        let app = AppConfiguration(
            id: spec.appId, bundleId: spec.bundleId, appAppleId: spec.appAppleId, environments: [.production],
            catalog: try Catalog(products: [gems]),
            serverAPI: .init(
                issuerId: spec.issuerId, keyId: spec.keyId, privateKey: try ES256Signer.privateKey(p8: spec.privateKeyPEM),
                productionURL: spec.simulatorURL + "/production", sandboxURL: spec.simulatorURL + "/sandbox", appleBudget: true),
            jwsRoots: try TrustedRoots(pem: spec.rootCertificatePEM), usesCustomRoots: true)
        return try StorekeeperConfiguration(
            mode: .development, host: "127.0.0.1", port: 0, storage: .sqlite(path: spec.database), instance: "recovery-bench",
            apps: [app])
    }

    public func run() async throws {
        let spec = try JSONDecoder().decode(Spec.self, from: Data(contentsOf: URL(fileURLWithPath: specPath)))
        let logger = Logger(label: "storekeeper.benchmark.recovery", factory: { _ in SwiftLogNoOpLogHandler() })
        let configuration = try Self.configuration(spec)
        let storage = try await StoreBootstrap.open(configuration.storage, logger: logger)
        var builder = StorekeeperApplicationBuilder(configuration: configuration, storage: storage, logger: logger)
        builder.runsBackgroundJobs = false
        let jobs = builder.backgroundJobs()
        let report = try await builder.serving { _ in
            guard
                var sweeper = jobs.compactMap({ $0 as? NotificationHistorySweeper }).first(where: {
                    $0.name == Self.sweepName(appId: spec.appId)
                })
            else { throw BenchmarkFailure("no production Notification History sweeper") }
            sweeper.plan = HistoryRecoveryPlan(sliceCount: spec.sliceCount, concurrency: spec.concurrency)
            let clock = ContinuousClock()
            let started = clock.now
            let result = try await sweeper.sweep()
            let elapsed = clock.now - started
            return Report(
                seen: result.seen, known: result.known, recovered: result.recovered, pages: result.pages,
                resumedSlices: result.resumedSlices,
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        await storage.close()
        print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
    }
}
