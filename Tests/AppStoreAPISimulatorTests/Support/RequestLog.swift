import AppStoreModels
import AppStoreSimulator
import Foundation
import Hummingbird
import StorekeeperTesting
import Synchronization

/// Every request that reached the simulator's HTTP server, in arrival order.
final class RequestLog: Sendable {
    struct Entry: Sendable {
        var method: String
        var path: String
        var query: String?
        /// The shared wall clock when the request arrived.
        var arrivedAt: Date
    }

    private let entries = Mutex<[Entry]>([])

    func record(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
    }

    var all: [Entry] { entries.withLock { $0 } }

    /// Forgets what was logged so far.
    func clear() {
        entries.withLock { $0.removeAll() }
    }

    /// Requests whose path ends with `suffix` (the part after `/production` or `/sandbox`).
    func matching(_ suffix: String) -> [Entry] {
        all.filter { $0.path.hasSuffix(suffix) }
    }

    /// Requests whose path contains `fragment` anywhere.
    func containing(_ fragment: String) -> [Entry] {
        all.filter { $0.path.contains(fragment) }
    }

    /// Requests whose path starts with `prefix`.
    func starting(with prefix: String) -> [Entry] {
        all.filter { $0.path.hasPrefix(prefix) }
    }
}

/// Records each request in the log, then lets the simulator's router answer it.
struct LoggingResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let inner: RouterResponder<BasicRequestContext>
    let log: RequestLog
    let clock: TestClock

    func respond(to request: Request, context: Context) async throws -> Response {
        log.record(
            RequestLog.Entry(
                method: request.method.rawValue, path: request.uri.path, query: request.uri.query, arrivedAt: clock.now))
        return try await inner.respond(to: request, context: context)
    }
}

/// Accepts every notification the simulator sends (delivery failures are injected with the
/// simulator's `drop` fault) and keeps the bodies.
final class AcceptingTransport: NotificationTransport {
    private let bodies = Mutex<[[UInt8]]>([])

    func post(_ body: [UInt8], to url: String) async -> SendAttemptResult {
        bodies.withLock { $0.append(body) }
        return .success
    }

    var received: [[UInt8]] { bodies.withLock { $0 } }
}
