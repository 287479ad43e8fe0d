import AppStoreModels
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import Prometheus
import ServiceLifecycle
import Storekeeper

/// Builds each app's services once, and from them the router and the background jobs, so the
/// HTTP API and the jobs share one set of services.
struct StorekeeperAssembly: Sendable {
    let dependencies: StorekeeperDependencies
    let metrics: StorekeeperMetrics
    let apps: [String: StorekeeperAPI.AppServices]

    init(_ dependencies: StorekeeperDependencies) {
        self.dependencies = dependencies
        let metrics = StorekeeperMetrics(factory: PrometheusMetricsFactory(registry: dependencies.registry))
        self.metrics = metrics
        var apps: [String: StorekeeperAPI.AppServices] = [:]
        for app in dependencies.configuration.apps {
            let runtime = AppRuntime(
                config: app, metricsFactory: PrometheusMetricsFactory(registry: dependencies.registry),
                logger: dependencies.logger, now: dependencies.now)
            let applier = FactApplier(app: app)
            let store = dependencies.store
            let now = dependencies.now
            apps[app.id] = StorekeeperAPI.AppServices(
                runtime: runtime,
                orders: OrderService(store: store, app: app, metrics: metrics, now: now),
                purchases: PurchaseService(store: store, runtime: runtime, applier: applier, metrics: metrics, now: now),
                customers: CustomerService(store: store, app: app, applier: applier, now: now),
                notifications: NotificationService(
                    store: store, runtime: runtime, applier: applier, metrics: metrics, now: now,
                    refresher: runtime.apple.flatMap { $0.serverAPI.isEmpty ? nil : $0 }),
                offers: OfferService(store: store, app: app, now: now))
        }
        self.apps = apps
    }

    func router() -> Router<StorekeeperRequestContext> {
        let router = Router(context: StorekeeperRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: NULRefusalMiddleware())
        OperationsRoutes(store: dependencies.store, registry: dependencies.registry).routes(router)
        StorekeeperAPI(
            apps: apps, authenticator: Authenticator(store: dependencies.store, now: dependencies.wallClock),
            maxBodyBytes: dependencies.configuration.maxBodyBytes
        ).routes(router)
        reconciliationRoutes(router)
        return router
    }

    /// The jobs every instance runs; each claims its work, so running them on several instances
    /// sharing one PostgreSQL is safe.
    func backgroundJobs(instance: String, httpClient: HTTPClient) -> [any PeriodicJob] {
        let store = dependencies.store
        let webhooks = AppWebhooks(dependencies.configuration.apps)
        var consumption: [String: any OutboxDispatcher.ConsumptionSending] = [:]
        var confirmations: [String: any OutboxDispatcher.TransactionConfirming] = [:]
        var jobs: [any PeriodicJob] = [
            InboxProcessor(store: store, notifications: apps.mapValues(\.notifications), now: dependencies.now),
            OrderExpirer(store: store, metrics: metrics, now: dependencies.now),
        ]
        for services in apps.values.sorted(by: { $0.runtime.config.id < $1.runtime.config.id }) {
            guard let apple = services.runtime.apple, !apple.serverAPI.isEmpty else { continue }
            consumption[services.runtime.config.id] = apple
            confirmations[services.runtime.config.id] = TransactionConfirmer(
                store: store, applier: services.notifications.applier, apple: apple, now: dependencies.now)
            for environment in apple.serverAPI.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                jobs.append(
                    NotificationHistorySweeper(
                        store: store, notifications: services.notifications, apple: apple, environment: environment,
                        instance: instance, now: dependencies.now))
            }
            jobs.append(ExpiryRefresher(store: store, applier: services.notifications.applier, apple: apple, now: dependencies.now))
            jobs.append(LostOrderResolver(store: store, applier: services.notifications.applier, apple: apple, now: dependencies.now))
        }
        jobs += reportFetchers(httpClient: httpClient)
        jobs.append(
            OutboxDispatcher(
                store: store, instance: instance, webhooks: webhooks, consumption: consumption,
                confirmations: confirmations, httpClient: httpClient, metrics: metrics, now: dependencies.now,
                logger: dependencies.logger, signatureClock: dependencies.wallClock))
        return jobs
    }
}

extension PeriodicJob {
    /// This job as a ServiceLifecycle service.
    func service(interval: Duration, gate: StartGate, jumps: ClockJumps?, logger: Logger) -> any Service {
        PeriodicService(job: self, interval: interval, gate: gate, jumps: jumps, logger: logger)
    }
}
