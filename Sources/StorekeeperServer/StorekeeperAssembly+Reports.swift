import AppStoreAPI
import AppStoreModels
package import AsyncHTTPClient
package import Hummingbird
import Prometheus
package import Storekeeper
package import StorekeeperApplication
import StorekeeperConsole
package import StorekeeperHTTP

/// Reconciliation's pieces of the application: present when the store also stores
/// reports (``ReportStore``, which the SQL store is).
extension StorekeeperAssembly {
    /// The reconciliation service, with the lost-purchase lookup through every app that can ask
    /// Apple for a customer's history.
    package func reconciliationService(_ reports: any ReportStore) -> ReconciliationService {
        let resolvers = apps.values.sorted { $0.runtime.config.id < $1.runtime.config.id }.compactMap { services -> LostOrderResolver? in
            guard let apple = services.runtime.apple, !apple.serverAPI.isEmpty else { return nil }
            return LostOrderResolver(
                store: store, applier: services.notifications.applier, apple: apple, now: now)
        }
        // The Small Business Program is a developer account's, as the reports' vendor is.
        let smallBusinessProgram = configuration.apps.contains { $0.reports != nil && $0.smallBusinessProgram }
        return ReconciliationService(
            store: reports, lookup: OpenOrderLookup(store: store, resolvers: resolvers, now: now),
            metrics: ReconciliationMetrics(factory: PrometheusMetricsFactory(registry: registry)),
            estimator: ProceedsEstimator(smallBusinessProgram: smallBusinessProgram), now: now)
    }

    /// `GET`/`POST /v1/apps/{app}/reconciliation`.
    package func reconciliationRoutes(_ router: Router<StorekeeperRequestContext>) {
        guard let reports = store as? any ReportStore else { return }
        ReconciliationRoutes(
            apps: Dictionary(uniqueKeysWithValues: configuration.apps.map { ($0.id, $0) }), reports: reports,
            service: reconciliationService(reports),
            authenticator: Authenticator(store: store, appIds: configuration.apps.map(\.id), now: wallClock)
        ).routes(router)
    }

    /// One ``ReportFetcher`` per vendor number the apps' `reports` configure (the first app
    /// naming a vendor supplies its key).
    package func reportFetchers(httpClient: HTTPClient) -> [any PeriodicJob] {
        guard let reports = store as? any ReportStore else { return [] }
        var jobs: [any PeriodicJob] = []
        var vendors: Set<String> = []
        for app in configuration.apps {
            guard let credentials = app.reports, vendors.insert(credentials.vendorNumber).inserted else { continue }
            do {
                let configuration = AppStoreConnectReportsConfiguration(
                    environment: credentials.baseURL == nil ? .production : .xcode,
                    baseURL: credentials.baseURL ?? AppStoreConnectReportsConfiguration.productionBaseURL,
                    hourlyRequestLimit: credentials.requestsPerHour)
                let client = try AppStoreConnectReportsClient(
                    configuration: configuration, token: try credentials.token(), httpClient: httpClient,
                    metricsFactory: PrometheusMetricsFactory(registry: registry), logger: logger)
                jobs.append(
                    ReportFetcher(
                        vendorNumber: credentials.vendorNumber, client: client, store: store, reports: reports,
                        reconciliation: reconciliationService(reports), trailingDays: credentials.trailingDays, now: now,
                        logger: logger))
            } catch {
                logger.error(
                    "cannot fetch App Store Connect reports for this app",
                    metadata: ["storekeeper.app": "\(app.id)", "storekeeper.error": "\(error)"])
            }
        }
        return jobs
    }
}
