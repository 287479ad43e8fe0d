import AppStoreModels
public import AppStoreSimulator
import AppStoreVerification
import Crypto
public import Foundation
import Hummingbird
public import Logging
import NIOCore
public import Storekeeper
public import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
public import StorekeeperServer
public import StorekeeperStore

/// A complete local deployment: the App Store simulator and a Storekeeper server wired to it,
/// both on loopback ports picked by the system. Storekeeper trusts the simulator's roots, calls
/// its App Store Server API and verifyReceipt, and receives its notifications; the simulator
/// sells `LocalStack.catalog`. The demo, the end-to-end tests and the load tests run on it.
///
/// ```swift
/// try await LocalStack.run(LocalStack.Options()) { stack in
///     let purchase = try await stack.simulator.purchase(...)
///     // call stack.storekeeperURL with stack.apiKey
/// }
/// ```
public enum LocalStack {
    public enum Backend: Sendable {
        /// A fresh SQLite file in the temporary directory, deleted afterwards.
        case temporarySQLite
        case sqlite(path: String)
        case postgres(url: String)
        /// A store `make` builds for each stack, used as it is: nothing to migrate, run or close
        /// (end-to-end tests: the in-memory `MemoryPurchaseStore`, a third backend).
        case given(@Sendable () -> any PurchaseStore)
    }

    public struct Options: Sendable {
        public var backend: Backend = .temporarySQLite
        /// `.manual`: time moves only when the caller advances it (tests); `.system`: it follows
        /// the wall clock (the demo).
        public var clockMode: ClockMode = .manual
        public var durationMode: DurationMode = .production
        public var start: Date = Date()
        public var appId = "demo"
        public var policy = AppPolicy()
        public var webhooks: [AppConfiguration.Webhook] = []
        /// More apps served next to `appId`, by app id, each with its own webhooks: the same
        /// simulated bundle, keys and catalog under another id (for tests of what keeps apps apart).
        public var additionalApps: [String: [AppConfiguration.Webhook]] = [:]
        /// Groups of apps (of `appId` and `additionalApps`) sharing their customers.
        public var appGroups: [AppGroup] = []
        /// The app or group owning customers stored before apps were isolated (default: the first app's).
        public var preIsolationCustomers: String?
        /// How often Storekeeper's background jobs look for work.
        public var jobInterval: Duration = .seconds(1)
        /// Whether Storekeeper runs its background jobs (tests drive them by hand when false).
        public var runsBackgroundJobs = true
        public var logger = Logger(label: "storekeeper.local", factory: { _ in SwiftLogNoOpLogHandler() })
        /// Shared simulator signing keys (minting RSA chains is slow; tests reuse one set).
        public var keys: SimulatorKeys?
        /// Where the simulator's identifier sequences start (see
        /// `AppStoreSimulator.Configuration.identifierOffset`). Apple's identifiers are unique
        /// forever, so stacks sharing one database (a PostgreSQL database shared by tests, a kept
        /// SQLite file) must not reuse transaction IDs: random by default.
        public var identifierOffset: Int64 = Int64.random(in: 0..<1_000_000) * 100_000
        /// App Store Connect reports for the app (`app.<id>.reports`), downloaded from the
        /// simulator; its `baseURL` is set to the simulator's.
        public var reports: AppConfiguration.ReportsCredentials?
        /// Storekeeper spends Apple's published request budgets on the simulator
        /// (`serverAPI.appleBudget`) instead of calling it without limit.
        public var appleBudget = false
        /// The app's answer-signing keys (`app.<id>.answerKeys`), the signing one first: by
        /// default one made for the stack, so answers to requests carrying a nonce are signed.
        public var answerKeys: [AnswerSigningKey] = [AnswerSigningKey(name: "local", privateKey: P256.Signing.PrivateKey())]

        public init() {}
    }

    /// The running deployment handed to `run`'s body.
    public struct Running: Sendable {
        public let simulator: AppStoreSimulator
        public let simulatorURL: String
        public let storekeeperURL: String
        /// A server-to-server API key for the app's routes.
        public var apiKey: String { apiKeys.forApp }
        /// A server-to-server API key for each configured app, each good for its own app's routes only.
        let apiKeys: APIKeySet
        public let store: any PurchaseStore
        public let configuration: StorekeeperConfiguration
        public let app: AppConfiguration
        /// How this stack's Storekeeper was built: its background jobs, for tests that run them
        /// by hand.
        public let builder: StorekeeperApplicationBuilder

        /// A customer token the app's backend would sign for `customerId`, issued at Storekeeper's
        /// clock (the simulator's): Storekeeper refuses tokens issued in its future.
        public func customerToken(_ customerId: CustomerID, lifetimeSeconds: Int64 = 3600) -> String {
            CustomerTokenSigner.signHS256(
                customerId: customerId, appId: app.id, secret: LocalStack.customerTokenSecret,
                issuedAt: simulator.now(), lifetimeSeconds: lifetimeSeconds)
        }

        /// The app's routes: `\(storekeeperURL)/v1/apps/<app>`.
        public var appURL: String { storekeeperURL + "/v1/apps/" + app.id }

        /// The server API key for configured app `id`'s routes (`nil` for an app not configured).
        public func apiKey(forApp id: String) -> String? { apiKeys.byApp[id] }
    }

    /// One server API key per configured app.
    struct APIKeySet: Sendable {
        let forApp: String
        let byApp: [String: String]

        static func create(for configuration: StorekeeperConfiguration, main: String, in store: any PurchaseStore) async throws -> Self {
            var byApp: [String: String] = [:]
            for app in configuration.apps { byApp[app.id] = try await APIKeys.create(name: "local", app: app.id, in: store) }
            guard let forApp = byApp[main] else { throw StorekeeperError.invalidRequest("app \(main) is not configured") }
            return APIKeySet(forApp: forApp, byApp: byApp)
        }
    }

    static let customerTokenSecret = Array("local-stack-hs256-secret-for-tests-only!!".utf8)

    /// Starts the simulator and Storekeeper, runs `body`, then stops both.
    public static func run<T: Sendable>(
        _ options: Options, _ body: @escaping @Sendable (Running) async throws -> T
    ) async throws -> T {
        let (simulator, configured) = try makeSimulator(options)
        var simulated = configured
        let storage = try await StackStorage.open(options.backend, logger: options.logger)
        let simulatorPort = ServerPort()
        let storekeeperPort = ServerPort()
        // PostgreSQL's pool runs inside Storekeeper's service group (`StorekeeperApplicationBuilder`).
        return try await withThrowingTaskGroup(of: T?.self) { group in
            let simulatorServer = GracefulService(
                SimulatorServer.buildApplication(
                    simulator: simulator, port: 0,
                    services: options.clockMode == .system
                        ? [SimulatorScheduler(simulator: simulator, interval: .milliseconds(200))] : [],
                    logger: options.logger,
                    onServerRunning: { channel in simulatorPort.set(channel.localAddress?.port ?? 0) }),
                logger: options.logger)
            group.addTask {
                try await simulatorPort.reportingEnd { try await simulatorServer.run() }
                return nil
            }
            let simulatorURL = "http://127.0.0.1:\(try await simulatorPort.wait())"
            let builder = try self.builder(
                options, simulator: simulator, simulated: simulated, simulatorURL: simulatorURL, storage: storage)
            let configuration = builder.configuration
            let app = configuration.apps[0]
            let storekeeperServer = GracefulService(
                builder.application(onServerRunning: { storekeeperPort.set($0) }), logger: options.logger)
            group.addTask {
                try await storekeeperPort.reportingEnd { try await storekeeperServer.run() }
                return nil
            }
            let storekeeperURL = "http://127.0.0.1:\(try await storekeeperPort.wait())"
            simulated.productionNotificationURL = storekeeperURL + "/v1/apps/\(app.id)/notifications"
            simulated.sandboxNotificationURL = simulated.productionNotificationURL
            _ = try simulator.configureApp(simulated)
            let running = Running(
                simulator: simulator, simulatorURL: simulatorURL, storekeeperURL: storekeeperURL,
                apiKeys: try await APIKeySet.create(for: configuration, main: app.id, in: storage.store),
                store: storage.store, configuration: configuration, app: app, builder: builder)
            group.addTask { try await body(running) }
            var result: T?
            while let next = try await group.next() {
                if let value = next {
                    result = value
                    // Gracefully, Storekeeper (which calls the simulator) first (see GracefulService).
                    await storekeeperServer.stop()
                    await simulatorServer.stop()
                }
            }
            await storage.close()
            guard let result else { throw CancellationError() }
            return result
        }
    }

    /// The in-process simulator, selling the demo catalog.
    static func makeSimulator(_ options: Options) throws -> (AppStoreSimulator, SimulatedApp) {
        var simulatorConfiguration = AppStoreSimulator.Configuration(
            clockMode: options.clockMode, start: options.start, durationMode: options.durationMode,
            keys: try options.keys ?? SimulatorKeys.generate(), logger: options.logger)
        simulatorConfiguration.identifierOffset = options.identifierOffset
        let simulator = try AppStoreSimulator(configuration: simulatorConfiguration)
        return (simulator, try simulator.configureApp(DemoCatalog.app(notificationURL: nil)))
    }

    /// Storekeeper as a stack runs it: the app (`options.appId`, then `additionalApps`) trusting
    /// `simulator` and calling it at `simulatorURL`, on `storage`. Its clock is the simulator's,
    /// so a test that advances the simulated month sees entitlements expire and renew at the
    /// same instants Apple would.
    static func builder(
        _ options: Options, simulator: AppStoreSimulator, simulated: SimulatedApp, simulatorURL: String, storage: StackStorage
    ) throws -> StorekeeperApplicationBuilder {
        let app = try appConfiguration(options, simulator: simulator, simulated: simulated, simulatorURL: simulatorURL)
        let additionalApps = options.additionalApps.keys.sorted().map { id in
            var other = app
            other.id = id
            other.webhooks = options.additionalApps[id] ?? []
            return other
        }
        let configuration = try StorekeeperConfiguration(
            mode: .development, host: "127.0.0.1", port: 0, storage: StackStorage.described(options.backend), instance: "local",
            apps: [app] + additionalApps, appGroups: options.appGroups,
            preIsolationCustomers: options.preIsolationCustomers)
        var builder = storage.builder(configuration: configuration, logger: options.logger, now: simulator.simulatedTime)
        builder.jobInterval = options.jobInterval
        builder.runsBackgroundJobs = options.runsBackgroundJobs
        return builder
    }

    /// Storekeeper's view of the simulator's demo app: same bundle, same products, plus what
    /// each grants.
    static func appConfiguration(
        _ options: Options, simulator: AppStoreSimulator, simulated: SimulatedApp, simulatorURL: String
    ) throws -> AppConfiguration {
        guard let apiKey = simulated.apiKey, let apiPrivate = apiKey.privateKeyPEM,
            let offer = simulated.offerKeys.first, let offerPrivate = offer.privateKeyPEM
        else { throw StorekeeperError.invalidRequest("the simulator did not generate keys") }
        var app = AppConfiguration(
            id: options.appId, bundleId: simulated.bundleId, appAppleId: simulated.appAppleId,
            environments: options.policy.sandbox == .reject ? [.production] : [.production, .sandbox],
            policy: options.policy, catalog: try catalog,
            sharedSecret: simulated.sharedSecret,
            serverAPI: .init(
                issuerId: apiKey.issuerId, keyId: apiKey.keyId, privateKey: try ES256Signer.privateKey(p8: apiPrivate),
                productionURL: simulatorURL + "/production", sandboxURL: simulatorURL + "/sandbox",
                appleBudget: options.appleBudget),
            offerKey: .init(keyId: offer.keyId, privateKey: try ES256Signer.privateKey(p8: offerPrivate)),
            jwsRoots: try TrustedRoots(pem: simulator.keys.rootCertificatePEM),
            receiptRoots: try TrustedRoots(pem: simulator.keys.receiptRootCertificatePEM), usesCustomRoots: true,
            verifyReceiptURLs: (simulatorURL + "/verifyReceipt/production", simulatorURL + "/verifyReceipt/sandbox"),
            customerTokens: .init(hs256Secret: customerTokenSecret), webhooks: options.webhooks,
            bonus: .init(currency: "gems", unitsPerMajorUnit: 100))
        app.answerKeys = options.answerKeys
        app.reports = options.reports.map { reports in
            var reports = reports
            reports.baseURL = simulatorURL
            return reports
        }
        return app
    }

    /// The currencies of the simulator's demo storefronts.
    static let currencies = ["USA": "USD", "GBR": "GBP", "CHN": "CNY", "JPN": "JPY"]

    /// What each of the simulator's demo products grants in Storekeeper.
    public static var catalog: Catalog {
        get throws {
            try Catalog(
                products: DemoCatalog.products.map { product in
                    let kind = ProductKind(appleType: product.type) ?? .consumable
                    let entitlements: [String] =
                        switch product.productId {
                        case DemoCatalog.removeAds: ["no_ads"]
                        case DemoCatalog.seasonPass: ["season_pass"]
                        case DemoCatalog.proMonthly: ["premium", "pro"]
                        case DemoCatalog.basicMonthly: ["basic"]
                        default: kind == .autoRenewableSubscription ? ["premium"] : []
                        }
                    return Product(
                        id: product.productId, kind: kind, entitlements: entitlements,
                        currencies: kind == .consumable ? ["gems": 100] : [:],
                        duration: product.period.flatMap { Period(iso8601: $0.description) },
                        subscriptionGroup: product.subscriptionGroupId, groupLevel: product.groupLevel,
                        prices: product.prices.sorted { $0.key < $1.key }.map {
                            StorefrontPrice(storefront: $0.key, currency: currencies[$0.key] ?? $0.key, milliunits: $0.value)
                        })
                })
        }
    }
}
