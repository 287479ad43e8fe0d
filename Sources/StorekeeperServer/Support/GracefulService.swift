public import Logging
public import ServiceLifecycle
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP

/// A service (a Hummingbird application: a server and its jobs) run in a service group of its
/// own, so that whoever started it can stop it gracefully instead of cancelling its task.
///
/// Cancelling a server's task while a connection it accepted is still queued for it makes
/// SwiftNIO trap ("Deinited NIOAsyncWriter without calling finish()", swift-nio#2637): the
/// queued connection is dropped without being closed. A graceful shutdown closes the listener
/// first and serves what it already accepted. Test harnesses and the local stack stop their
/// servers this way, clients before the servers they call.
public struct GracefulService: Sendable {
    private let group: ServiceGroup

    public init(_ service: some Service, logger: Logger) {
        group = ServiceGroup(configuration: .init(services: [service], gracefulShutdownSignals: [], logger: logger))
    }

    /// Runs the service until it ends or ``stop()`` is called.
    public func run() async throws { try await group.run() }

    /// Asks the service to shut down gracefully; ``run()`` returns once it has.
    public func stop() async { await group.triggerGracefulShutdown() }
}
