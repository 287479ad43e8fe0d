import AsyncWaiting

/// A FIFO async lock: one holder at a time, waiters resumed in arrival order. Delivery runs
/// under it so notifications leave in order even when several callers push work.
///
/// A task cancelled while it waits for the gate stops waiting and throws `CancellationError`.
final class SerialGate: Sendable {
    /// The tasks waiting for the gate; the state is whether a task holds it.
    private let holders = WaitQueue<Bool, Void>(false)

    /// Runs `body` once the gate is free, holding it meanwhile. Throws `CancellationError`
    /// (without running `body`) when the task is cancelled before it got the gate.
    func run<T: Sendable>(_ body: () async -> T) async throws(CancellationError) -> T {
        try await acquire()
        defer { release() }
        return await body()
    }

    private func acquire() async throws(CancellationError) {
        try await holders.wait { held in
            if held { return nil }
            held = true
            return ()
        }
    }

    /// Hands the gate to the longest-waiting task, or frees it when none waits.
    private func release() {
        holders.resumeFirst(with: ()) { held in held = false }
    }
}
