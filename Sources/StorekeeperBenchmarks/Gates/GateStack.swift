import AppStoreModels
import AppStoreSimulator
import Foundation
import Logging
import Prometheus
import StorekeeperApplication
import StorekeeperServer
import StorekeeperStore
import StorekeeperTesting

/// The benchmark app's services as the server assembles them, over the in-memory store or a
/// fresh SQLite file, called in this process: what a request costs without HTTP.
struct GateStack: Sendable {
    let services: AppServices
    let store: any PurchaseStore
    let close: @Sendable () async -> Void

    static func open(pki: AppleShapedPKI, sqlite: Bool) async throws -> GateStack {
        let app = AppConfiguration(
            id: BenchmarkStack.appId, bundleId: BenchmarkStack.bundleId, appAppleId: BenchmarkStack.appAppleId,
            environments: [.production], catalog: try BenchmarkStack.catalog, jwsRoots: try pki.trustedRoots, usesCustomRoots: true)
        let logger = Logger(label: "storekeeper.gates", factory: { _ in SwiftLogNoOpLogHandler() })
        let store: any PurchaseStore
        let close: @Sendable () async -> Void
        if sqlite {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storekeeper-gate-\(UUID.random().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let storage = try await StoreBootstrap.open(.sqlite(path: directory.appendingPathComponent("gate.sqlite").path), logger: logger)
            _ = try await storage.store.migrate()
            store = storage.store
            close = {
                await storage.close()
                try? FileManager.default.removeItem(at: directory)
            }
        } else {
            store = MemoryPurchaseStore()
            close = {}
        }
        let configuration = try StorekeeperConfiguration(mode: .development, instance: "gate", apps: [app])
        let assembly = StorekeeperAssembly(
            configuration: configuration, store: store, registry: PrometheusCollectorRegistry(), logger: logger, now: SystemClock(),
            wallClock: SystemClock())
        guard let services = assembly.apps[BenchmarkStack.appId] else { throw BenchmarkFailure("the app was not assembled") }
        return GateStack(services: services, store: store, close: close)
    }
}
