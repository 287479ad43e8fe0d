import Synchronization

/// Tells whoever is pausing that the server's now leapt forward (an App Store simulator's clock
/// was advanced), so a pause measured in real time ends at once: a background job waiting five
/// seconds between passes must not leave a simulated month unprocessed for those five seconds,
/// and no pause may last until a deadline that the jump has already passed.
public final class ClockJumps: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// How many jumps were signalled so far.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// Records a jump and wakes every pause in progress.
    public func signal() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.generation &+= 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Sleeps `duration` on `clock`, or less when a jump is signalled meanwhile; throws
    /// `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration, on clock: any Clock<Duration>) async throws {
        let observed = generation
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await clock.sleep(for: duration) }
            group.addTask { await self.jump(after: observed) }
            defer { group.cancelAll() }
            try await group.next()
        }
        try Task.checkCancellation()
    }

    /// Returns once the generation differs from `observed`, or when the task is cancelled.
    private func jump(after observed: UInt64) async {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Cancellation is flagged before the handler below runs, so a cancellation that
                // comes before this registration is seen here and one after it finds the waiter.
                let resumeNow = state.withLock { state -> Bool in
                    if state.generation != observed || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
