import Synchronization

/// Admits one writer at a time, in arrival order: the memory store's single writer, like
/// SQLite's. A writer waiting its turn can be cancelled; it then leaves the queue with a
/// `CancellationError` and never holds the turn.
final class MemoryWriterQueue: Sendable {
    private struct State {
        var held = false
        var nextTicket = 0
        /// Tickets that asked for the turn and have not got it or given up yet.
        var pending: Set<Int> = []
        /// Tickets cancelled before they could start waiting.
        var cancelled: Set<Int> = []
        var waiters: [(ticket: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    private let state = Mutex(State())

    /// Returns once the caller holds the turn; call ``release()`` when done.
    func acquire() async throws {
        let ticket = state.withLock { state in
            state.nextTicket += 1
            state.pending.insert(state.nextTicket)
            return state.nextTicket
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let immediate: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(ticket) != nil {
                        state.pending.remove(ticket)
                        return .failure(CancellationError())
                    }
                    guard state.held else {
                        state.held = true
                        state.pending.remove(ticket)
                        return .success(())
                    }
                    state.waiters.append((ticket, continuation))
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard state.pending.contains(ticket) else { return nil }  // already holds the turn
                guard let index = state.waiters.firstIndex(where: { $0.ticket == ticket }) else {
                    state.cancelled.insert(ticket)  // not waiting yet: refused when it starts
                    return nil
                }
                state.pending.remove(ticket)
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Passes the turn to the next waiter, or frees it.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard !state.waiters.isEmpty else {
                state.held = false
                return nil
            }
            let next = state.waiters.removeFirst()
            state.pending.remove(next.ticket)
            return next.continuation
        }
        next?.resume()
    }
}
