public import AppStoreModels
import AsyncHTTPClient
public import Foundation
public import Hummingbird
public import Logging
public import Prometheus
import ServiceLifecycle
public import Storekeeper

/// A whole Storekeeper instance as `serve` and `demo` run it: the storage opened by
/// `StoreBootstrap`, migrations before the server starts, the HTTP API, and the background jobs.
public struct StorekeeperServerRuntime: Sendable {
    public let configuration: StorekeeperConfiguration
    public let bootstrap: StoreBootstrap
    public let logger: Logger
    /// Business time; `clock.now`.
    public let now: @Sendable () -> Timestamp
    /// Where the time comes from (see `ServerClock`).
    public let clock: ServerClock
    /// The one registry `GET /metrics` exports: the HTTP API's and the background jobs' metrics
    /// (consumption answers, inbox and outbox backlogs, Apple's link).
    public let registry: PrometheusCollectorRegistry
    /// How often background jobs look for work.
    public var jobInterval: Duration = .seconds(5)
    /// Whether the background jobs run (tests may drive them by hand instead).
    public var runsBackgroundJobs = true

    /// An instance on one time source, `now`, for everything (tests freeze or script it; the
    /// local stack passes its in-process simulator's).
    public init(
        configuration: StorekeeperConfiguration, bootstrap: StoreBootstrap, logger: Logger,
        now: @escaping @Sendable () -> Timestamp = { Timestamp(Date()) },
        registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
    ) {
        self.init(
            configuration: configuration, bootstrap: bootstrap, logger: logger, clock: ServerClock(now: now, wall: now),
            registry: registry)
    }

    /// An instance on `clock`, as `serve` runs it: `ServerClock.make(configuration.clock, ...)`.
    public init(
        configuration: StorekeeperConfiguration, bootstrap: StoreBootstrap, logger: Logger, clock: ServerClock,
        registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
    ) {
        self.configuration = configuration
        self.bootstrap = bootstrap
        self.logger = logger
        self.clock = clock
        self.now = clock.now
        self.registry = registry
    }

    /// The dependencies `buildApplication` needs, with the background jobs as services.
    public func dependencies(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> StorekeeperDependencies {
        var dependencies = StorekeeperDependencies(
            configuration: configuration, store: bootstrap.store, registry: registry, logger: logger, now: now,
            wallClock: clock.wall)
        let store = bootstrap.store
        let gate = StartGate()
        dependencies.beforeServerStarts = [
            {
                try await store.migrate()
                gate.open()
            }
        ]
        var services: [any Service] = []
        if let pool = bootstrap.service { services.append(pool) }
        if let follower = clock.service { services.append(follower) }
        for job in runsBackgroundJobs ? backgroundJobs() : [] {
            services.append(job.service(interval: jobInterval, gate: gate, jumps: clock.jumps, logger: logger))
        }
        dependencies.services = services
        dependencies.onServerRunning = onServerRunning
        return dependencies
    }

    /// The background jobs of this instance, for running them by hand (tests) or as services.
    public func backgroundJobs() -> [any PeriodicJob] {
        let dependencies = StorekeeperDependencies(
            configuration: configuration, store: bootstrap.store, registry: registry, logger: logger, now: now,
            wallClock: clock.wall)
        return StorekeeperAssembly(dependencies).backgroundJobs(instance: configuration.instance, httpClient: .shared)
    }

    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        buildApplication(dependencies(onServerRunning: onServerRunning))
    }
}

extension StoreBootstrap {
    /// Runs `body` with the backend ready: PostgreSQL's pool runs for its duration.
    public func withRunning<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let service else { return try await body() }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await service.run()
                return nil
            }
            group.addTask { try await body() }
            var result: T?
            while let next = try await group.next() {
                if let value = next {
                    result = value
                    group.cancelAll()
                }
            }
            guard let result else { throw CancellationError() }
            return result
        }
    }
}

/// Server-to-server API keys: the secret is shown once; only its SHA-256 is stored.
public enum APIKeys {
    public static func create(name: String, in store: any PurchaseStore, now: Timestamp = Timestamp(Date())) async throws -> String {
        guard !name.isEmpty, name.utf8.count <= 64 else {
            throw StorekeeperError.invalidRequest("an API key name is 1–64 bytes")
        }
        let secret = Authenticator.newSecret()
        try await store.write { tx in
            try await tx.insertAPIKey(
                APIKeyRecord(name: name, hash: Authenticator.hash(secret), scopes: ["server"], createdAt: now))
        }
        return secret
    }
}
