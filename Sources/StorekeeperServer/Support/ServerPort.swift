import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import Synchronization

/// Hands a server's bound port from its start callback to whoever waits for it; when the server
/// stops, or fails to start, before it listens, waiters get why instead of waiting forever (a
/// refused migration must fail a stack, not hang it).
public final class ServerPort: Sendable {
    /// The server stopped before its caller was done with it.
    public struct ServerStopped: Error, CustomStringConvertible {
        public var description: String { "the server stopped before its caller was done with it" }

        public init() {}
    }

    private let state = Mutex<(result: Result<Int, any Error>?, waiters: [CheckedContinuation<Int, any Error>])>((nil, []))

    public init() {}

    /// The server listens on `port`.
    public func set(_ port: Int) { finish(.success(port)) }

    /// The server stopped, or failed to start, before it listened.
    public func fail(_ error: any Error) { finish(.failure(error)) }

    /// Runs `server` (a server's run, reporting to this port); if it ends or fails before
    /// listening, waiters learn why (its error, or `ServerStopped`).
    public func reportingEnd(_ server: () async throws -> Void) async throws {
        do {
            try await server()
        } catch {
            fail(error)
            throw error
        }
        fail(ServerStopped())
    }

    private func finish(_ result: Result<Int, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Int, any Error>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// The bound port, once the server listens.
    public func wait() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let result = state.withLock { state -> Result<Int, any Error>? in
                if let result = state.result { return result }
                state.waiters.append(continuation)
                return nil
            }
            if let result { continuation.resume(with: result) }
        }
    }
}
