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
    /// Business time (see `ServerClock`).
    public var now: @Sendable () -> Timestamp
    /// Real time, for customer tokens and webhook signatures (see `ServerClock`); `now` unless
    /// given, so a test freezing `now` freezes both.
    public var wallClock: @Sendable () -> Timestamp
    /// Long-running work the application's service group runs, in start order (a database
    /// pool first, then background jobs).
    public var services: [any Service]
    /// Work that must finish before the server accepts requests (migrations).
    public var beforeServerStarts: [@Sendable () async throws -> Void]
    /// Called with the bound port once the server listens (port 0 picks a free one).
    public var onServerRunning: @Sendable (Int) async -> Void = { _ in }

    public init(
        configuration: StorekeeperConfiguration, store: any PurchaseStore,
        registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), logger: Logger = Logger(label: "storekeeper"),
        now: @escaping @Sendable () -> Timestamp = { Timestamp(Date()) }, services: [any Service] = [],
        beforeServerStarts: [@Sendable () async throws -> Void] = [], wallClock: (@Sendable () -> Timestamp)? = nil
    ) {
        self.beforeServerStarts = beforeServerStarts
        self.configuration = configuration
        self.store = store
        self.registry = registry
        self.logger = logger
        self.now = now
        self.wallClock = wallClock ?? now
        self.services = services
    }
}

/// Builds the Storekeeper HTTP application: routes, error rendering, metrics, services.
public func buildApplication(
    _ dependencies: StorekeeperDependencies
) -> some ApplicationProtocol {
    let router = StorekeeperAssembly(dependencies).router()
    let onServerRunning = dependencies.onServerRunning
    var application = Application(
        router: router,
        server: .http1(configuration: .init(additionalChannelHandlers: [CloseAfterResponseHandler()])),
        configuration: .init(
            address: .hostname(dependencies.configuration.host, port: dependencies.configuration.port),
            serverName: "storekeeper"),
        services: dependencies.services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
        eventLoopGroupProvider: .shared(ServerEventLoops.group(threads: dependencies.configuration.ioThreads)),
        logger: dependencies.logger)
    for process in dependencies.beforeServerStarts {
        application.beforeServerStarts(perform: process)
    }
    return application
}

/// The router alone (for in-process tests).
public func buildRouter(_ dependencies: StorekeeperDependencies) -> Router<StorekeeperRequestContext> {
    StorekeeperAssembly(dependencies).router()
}
