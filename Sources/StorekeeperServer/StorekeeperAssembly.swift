package import AppStoreModels
package import AsyncHTTPClient
import Foundation
package import Hummingbird
package import Logging
package import Prometheus
package import ServiceLifecycle
import Storekeeper
package import StorekeeperApplication
import StorekeeperConsole
package import StorekeeperHTTP
package import StorekeeperStore

/// The object graph behind one server, built by `StorekeeperApplicationBuilder`: each app's
/// services once, and from them the router and the background jobs, so the HTTP API and the jobs
/// share one set of services.
package struct StorekeeperAssembly: Sendable {
    package let configuration: StorekeeperConfiguration
    package let store: any PurchaseStore
    package let registry: PrometheusCollectorRegistry
    package let logger: Logger
    /// Business time (see `ServerClock`).
    package let now: any WallClock
    /// Real time, for customer tokens and webhook signatures (see `ServerClock`).
    package let wallClock: any WallClock
    package let metrics: StorekeeperMetrics
    package let apps: [String: AppServices]

    package init(
        configuration: StorekeeperConfiguration, store: any PurchaseStore, registry: PrometheusCollectorRegistry, logger: Logger,
        now: any WallClock, wallClock: any WallClock
    ) {
        self.configuration = configuration
        self.store = store
        self.registry = registry
        self.logger = logger
        self.now = now
        self.wallClock = wallClock
        let metrics = StorekeeperMetrics(factory: PrometheusMetricsFactory(registry: registry))
        self.metrics = metrics
        var apps: [String: AppServices] = [:]
        for app in configuration.apps {
            let runtime = AppRuntime(
                config: app, metricsFactory: PrometheusMetricsFactory(registry: registry), logger: logger, now: now)
            let applier = FactApplier(app: app)
            apps[app.id] = AppServices(
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

    package func router() -> Router<StorekeeperRequestContext> {
        let router = Router(context: StorekeeperRequestContext.self)
        // Outermost, so that error answers are signed too.
        router.add(middleware: AnswerSigningMiddleware(signers: AnswerSigner.byApp(configuration.apps, clock: wallClock)))
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: NULRefusalMiddleware())
        OperationsRoutes(store: store, registry: registry).routes(router)
        StorekeeperAPI(
            apps: apps, authenticator: Authenticator(store: store, appIds: configuration.apps.map(\.id), now: wallClock),
            maxBodyBytes: configuration.maxBodyBytes
        ).routes(router)
        reconciliationRoutes(router)
        let admin = AdminAPI(
            apps: apps, authenticator: Authenticator(store: store, appIds: configuration.apps.map(\.id), now: wallClock), store: store,
            now: now)
        admin.routes(router)
        consoleRoutes(router, admin: admin)
        return router
    }

    /// The jobs every instance runs; each claims its work, so running them on several instances
    /// sharing one PostgreSQL is safe.
    package func backgroundJobs(instance: String, httpClient: HTTPClient) -> [any PeriodicJob] {
        let webhooks = AppWebhooks(configuration.apps)
        var consumption: [String: any OutboxDispatcher.ConsumptionSending] = [:]
        var confirmations: [String: any OutboxDispatcher.TransactionConfirming] = [:]
        var accountTokens: [String: any OutboxDispatcher.AppAccountTokenSetting] = [:]
        var finishes: [String: any OutboxDispatcher.TransactionFinishing] = [:]
        var jobs: [any PeriodicJob] = [
            InboxProcessor(store: store, notifications: apps.mapValues(\.notifications), now: now),
            OrderExpirer(store: store, metrics: metrics, now: now),
            FigureSlotFolder(store: store, now: now),
        ]
        for services in apps.values.sorted(by: { $0.runtime.config.id < $1.runtime.config.id }) {
            guard let apple = services.runtime.apple, !apple.serverAPI.isEmpty else { continue }
            consumption[services.runtime.config.id] = apple
            accountTokens[services.runtime.config.id] = apple
            finishes[services.runtime.config.id] = apple
            confirmations[services.runtime.config.id] = TransactionConfirmer(
                store: store, applier: services.notifications.applier, apple: apple, now: now)
            for environment in apple.serverAPI.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                jobs.append(
                    NotificationHistorySweeper(
                        store: store, notifications: services.notifications, apple: apple, environment: environment,
                        instance: instance, now: now))
            }
            jobs.append(ExpiryRefresher(store: store, applier: services.notifications.applier, apple: apple, now: now))
            jobs.append(LostOrderResolver(store: store, applier: services.notifications.applier, apple: apple, now: now))
            jobs.append(
                ImportJobProcessor(
                    importer: CustomerImport(store: store, runtime: services.runtime, applier: services.notifications.applier, now: now),
                    instance: instance))
        }
        jobs += reportFetchers(httpClient: httpClient)
        jobs.append(
            OutboxDispatcher(
                store: store, instance: instance, webhooks: webhooks, consumption: consumption,
                confirmations: confirmations, accountTokens: accountTokens, finishes: finishes, httpClient: httpClient, metrics: metrics,
                now: now,
                logger: logger, signatureClock: wallClock))
        return jobs
    }
}

extension PeriodicJob {
    /// This job as a ServiceLifecycle service.
    package func service(interval: Duration, gate: StartGate, jumps: ClockJumps?, logger: Logger) -> any Service {
        PeriodicService(job: self, interval: interval, gate: gate, jumps: jumps, logger: logger)
    }
}
