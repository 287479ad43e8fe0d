public import AppStoreModels
public import Foundation
public import Hummingbird
public import Logging
public import Prometheus
public import ServiceLifecycle
public import Storekeeper

/// Everything `buildApplication` wires together; tests build one with their own store and clock.
public struct StorekeeperDependencies: Sendable {
    public var configuration: StorekeeperConfiguration
    public var store: any PurchaseStore
    public var registry: PrometheusCollectorRegistry
    public var logger: Logger
    public var now: @Sendable () -> Timestamp
    /// Long-running work the application's service group runs (recovery, outbox, ...).
    public var services: [any Service]

    public init(
        configuration: StorekeeperConfiguration, store: any PurchaseStore,
        registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), logger: Logger = Logger(label: "storekeeper"),
        now: @escaping @Sendable () -> Timestamp = { Timestamp(Date()) }, services: [any Service] = []
    ) {
        self.configuration = configuration
        self.store = store
        self.registry = registry
        self.logger = logger
        self.now = now
        self.services = services
    }
}

/// Builds the Storekeeper HTTP application: routes, error rendering, metrics, services.
public func buildApplication(
    _ dependencies: StorekeeperDependencies
) -> some ApplicationProtocol {
    let router = buildRouter(dependencies)
    return Application(
        router: router,
        configuration: .init(
            address: .hostname(dependencies.configuration.host, port: dependencies.configuration.port),
            serverName: "storekeeper"),
        services: dependencies.services,
        logger: dependencies.logger)
}

/// The router alone (for in-process tests with `HummingbirdTesting`-style clients).
public func buildRouter(_ dependencies: StorekeeperDependencies) -> Router<StorekeeperRequestContext> {
    let configuration = dependencies.configuration
    let metrics = StorekeeperMetrics(factory: PrometheusMetricsFactory(registry: dependencies.registry))
    let authenticator = Authenticator(store: dependencies.store, now: dependencies.now)
    var apps: [String: StorekeeperAPI.AppServices] = [:]
    for app in configuration.apps {
        let runtime = AppRuntime(config: app)
        let applier = FactApplier(app: app)
        apps[app.id] = StorekeeperAPI.AppServices(
            runtime: runtime,
            orders: OrderService(store: dependencies.store, app: app, metrics: metrics, now: dependencies.now),
            purchases: PurchaseService(
                store: dependencies.store, runtime: runtime, applier: applier, metrics: metrics, now: dependencies.now),
            customers: CustomerService(store: dependencies.store, app: app, applier: applier, now: dependencies.now),
            notifications: NotificationService(
                store: dependencies.store, runtime: runtime, applier: applier, metrics: metrics, now: dependencies.now,
                refresher: nil))
    }
    let router = Router(context: StorekeeperRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    OperationsRoutes(store: dependencies.store, registry: dependencies.registry).routes(router)
    StorekeeperAPI(apps: apps, authenticator: authenticator, maxBodyBytes: configuration.maxBodyBytes).routes(router)
    return router
}
