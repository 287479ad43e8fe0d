import Synchronization

/// Holds background jobs until the schema is migrated: services start before Hummingbird runs
/// its before-server-start work, and a job must not query tables that do not exist yet.
///
/// A wait ends when the gate opens or the waiting task is cancelled: a server stopped before its
/// migrations finished (or that failed to start) must not leave its jobs waiting forever, which
/// would keep its service group, and the process, from ever ending.
public final class StartGate: Sendable {
    private struct State {
        var open: Bool
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state: Mutex<State>

    public init(open: Bool = false) {
        state = Mutex(State(open: open))
    }

    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open, or at once when the task is (or gets) cancelled; check
    /// `Task.isCancelled` afterwards.
    public func wait() async {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Cancellation is flagged before the handler below runs: one that comes before
                // this registration is seen here, one after it finds the waiter.
                let ready = state.withLock { state -> Bool in
                    if state.open || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
