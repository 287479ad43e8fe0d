public import AppStoreModels
import AsyncHTTPClient
import Foundation
public import Hummingbird
public import Logging
public import NIOCore
public import Prometheus
import ServiceLifecycle
import Storekeeper
public import StorekeeperApplication
import StorekeeperConsole
public import StorekeeperHTTP
public import StorekeeperStore

/// The one way a Storekeeper instance is put together: `serve`, the demo and the local stack,
/// the benchmarks and the end-to-end tests all build their server here. It takes what differs
/// between them (the configuration, the opened storage, the time source, event loops, logger)
/// and gives the runnable server with its services, its router alone (in-process tests) or its
/// background jobs (tests that drive them by hand).
///
/// The server it builds migrates the storage before accepting requests; background jobs wait for
/// the migration (`StartGate`), and services run in order: the database pool, the clock follower,
/// then the jobs. Tests may build it on a store that needs neither (the in-memory
/// `MemoryPurchaseStore` of `StorekeeperTesting`, a third backend beside SQLite and PostgreSQL).
///
/// ```swift
/// let builder = try await StorekeeperApplicationBuilder.open(configuration, logger: logger)
/// try await builder.application().runService()
/// await builder.storage?.close()
/// ```
public struct StorekeeperApplicationBuilder: Sendable {
    public let configuration: StorekeeperConfiguration
    /// The opened storage; whoever opened it closes it (`storage.close()`) after the server stops.
    /// `nil` when the server was built on a store given as it is.
    public let storage: StoreBootstrap?
    /// The store the server reads and writes.
    public let store: any PurchaseStore
    /// Brings the store's schema up to date before the server listens (nothing for a given store).
    private let prepare: @Sendable () async throws -> Void
    /// Where the time comes from (see `ServerClock`).
    public let clock: ServerClock
    public let logger: Logger
    /// The one registry `GET /metrics` exports: the HTTP API's and the background jobs' metrics.
    public let registry: PrometheusCollectorRegistry
    /// The event loops the HTTP server runs on; `nil`: a group of `configuration.ioThreads`
    /// threads kept for the life of the process.
    public var eventLoopGroup: (any EventLoopGroup)?
    /// How often background jobs look for work.
    public var jobInterval: Duration = .seconds(5)
    /// Whether the background jobs run (tests may drive them by hand instead, the benchmarks
    /// measure the request path alone).
    public var runsBackgroundJobs = true

    /// A server on `storage`, with `clock`'s time.
    public init(
        configuration: StorekeeperConfiguration, storage: StoreBootstrap, clock: ServerClock, logger: Logger,
        registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
    ) {
        self.configuration = configuration
        self.storage = storage
        self.store = storage.store
        self.prepare = { _ = try await storage.store.migrate() }
        self.clock = clock
        self.logger = logger
        self.registry = registry
    }

    /// A server on `store` as it is: nothing to migrate, run or close (tests: the in-memory
    /// store), with `now` for every time.
    public init(
        configuration: StorekeeperConfiguration, store: any PurchaseStore, logger: Logger, now: any WallClock = SystemClock()
    ) {
        self.configuration = configuration
        self.storage = nil
        self.store = store
        self.prepare = {}
        self.clock = ServerClock(now: now, wall: now)
        self.logger = logger
        self.registry = PrometheusCollectorRegistry()
    }

    /// A server on one time source, `now`, for everything (tests freeze or script it; the local
    /// stack passes its in-process simulator's).
    public init(
        configuration: StorekeeperConfiguration, storage: StoreBootstrap, logger: Logger,
        now: any WallClock = SystemClock()
    ) {
        self.init(configuration: configuration, storage: storage, clock: ServerClock(now: now, wall: now), logger: logger)
    }

    /// The server `configuration` describes, as `serve` runs it: its clock (`configuration.clock`,
    /// which throws `ConfigurationError` when a simulator to follow does not answer), then its
    /// storage (`configuration.storage`).
    public static func open(_ configuration: StorekeeperConfiguration, logger: Logger) async throws -> StorekeeperApplicationBuilder {
        let clock = try await ServerClock.make(configuration.clock, logger: logger)
        let storage = try await StoreBootstrap.open(configuration.storage, logger: logger)
        return StorekeeperApplicationBuilder(configuration: configuration, storage: storage, clock: clock, logger: logger)
    }

    /// The routes alone, with the error rendering and request checks, for in-process tests
    /// (HummingbirdTesting's `.router`). The storage must already be migrated.
    public func router() -> Router<StorekeeperRequestContext> {
        assembly().router()
    }

    /// The background jobs of this server, for running them by hand (tests); `application`
    /// runs its own as services.
    public func backgroundJobs() -> [any PeriodicJob] {
        assembly().backgroundJobs(instance: configuration.instance, httpClient: .shared)
    }

    /// The whole server: migrations before it listens, the HTTP API, and its services.
    /// `onServerRunning` hears the bound port (port 0 picks a free one).
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let assembly = assembly()
        let prepare = prepare
        let gate = StartGate()
        var services: [any Service] = []
        if let pool = storage?.service { services.append(pool) }
        if let follower = clock.service { services.append(follower) }
        if runsBackgroundJobs {
            for job in assembly.backgroundJobs(instance: configuration.instance, httpClient: .shared) {
                services.append(job.service(interval: jobInterval, gate: gate, jumps: clock.jumps, logger: logger))
            }
        }
        var application = Application(
            router: assembly.router(),
            server: .http1(configuration: .init(additionalChannelHandlers: [CloseAfterResponseHandler()])),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "storekeeper"),
            services: services,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(eventLoopGroup ?? ServerEventLoops.group(threads: configuration.ioThreads)),
            logger: logger)
        application.beforeServerStarts {
            try await prepare()
            gate.open()
        }
        return application
    }

    /// Runs the server until `body`, given the bound port, returns; then shuts it down gracefully
    /// (it closes its idle keep-alive connections itself instead of logging cancelled ones).
    /// Throws `ServerStopped` if the server stops, or fails to start, before `body` ends.
    public func serving<T: Sendable>(_ body: @escaping @Sendable (_ port: Int) async throws -> T) async throws -> T {
        let port = ServerPort()
        let application = application(onServerRunning: { port.set($0) })
        let server = GracefulService(application, logger: logger)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await port.reportingEnd { try await server.run() }
                return nil
            }
            group.addTask { try await body(try await port.wait()) }
            var result: T?
            while let next = try await group.next() {
                if let value = next {
                    result = value
                    await server.stop()
                }
            }
            guard let result else { throw ServerPort.ServerStopped() }
            return result
        }
    }

    package func assembly() -> StorekeeperAssembly {
        StorekeeperAssembly(
            configuration: configuration, store: store, registry: registry, logger: logger, now: clock.now,
            wallClock: clock.wall)
    }
}
