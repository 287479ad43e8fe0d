import Synchronization

/// The deadlines of a database's connection leases still waiting for a connection, watched by
/// one sweeper task instead of a timer per lease.
///
/// Nearly every lease gets its connection at once and withdraws its deadline within
/// microseconds; a timer task per lease (created, put to sleep, woken to be cancelled) cost more
/// than the lease itself. The sweeper runs only while deadlines are pending: it sleeps until the
/// earliest, expires what is due, and ends when none is left (the next deadline starts another).
///
/// Every deadline is `now + ` the database's one lease timeout, so a deadline added later is not
/// earlier than one already pending (by more than the moment between reading the clock and
/// taking the lock), and the sweeper's sleep does not overshoot a deadline.
final class LeaseDeadlines: Sendable {
    private struct Pending {
        let deadline: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }

    private struct State {
        var pending: [UInt64: Pending] = [:]
        var nextID: UInt64 = 0
        var sweeping = false
    }

    private let state = Mutex(State())

    /// Calls `expire` at `deadline` (at the latest when the sweeper next wakes) unless withdrawn
    /// first; returns the deadline's identifier for ``withdraw(_:)``.
    func add(_ deadline: ContinuousClock.Instant, expire: @escaping @Sendable () -> Void) -> UInt64 {
        let (id, startSweeper) = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.pending[id] = Pending(deadline: deadline, expire: expire)
            defer { state.sweeping = true }
            return (id, !state.sweeping)
        }
        if startSweeper {
            Task.detached { await self.sweep() }
        }
        return id
    }

    /// The lease is over (a connection came, or it failed): its deadline no longer applies.
    func withdraw(_ id: UInt64) {
        _ = state.withLock { $0.pending.removeValue(forKey: id) }
    }

    /// Deadlines not yet expired nor withdrawn.
    var pendingCount: Int { state.withLock { $0.pending.count } }

    private func sweep() async {
        while let next = nextDeadline() {
            // A detached task nobody cancels: the sleep runs to its end.
            try? await Task.sleep(until: next, clock: .continuous)
            let now = ContinuousClock.now
            let expired = state.withLock { state in
                let due = state.pending.filter { $0.value.deadline <= now }
                for id in due.keys { state.pending[id] = nil }
                return due.values.map(\.expire)
            }
            for expire in expired { expire() }
        }
    }

    /// The earliest pending deadline; nil ends the sweeper (in the same critical section as the
    /// check, so a deadline added afterwards starts a new one).
    private func nextDeadline() -> ContinuousClock.Instant? {
        state.withLock { state in
            guard let earliest = state.pending.values.lazy.map(\.deadline).min() else {
                state.sweeping = false
                return nil
            }
            return earliest
        }
    }
}
