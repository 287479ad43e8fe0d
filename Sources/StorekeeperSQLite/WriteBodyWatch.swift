import StorekeeperSQL
import Synchronization

/// Notices a write body that suspends on something other than its own statements.
///
/// A write body runs on the SQLite writer's thread, and every other write transaction waits for
/// it: a body that awaits an actor, a sleep, the network or another database holds every writer
/// for as long. Its statements never leave the thread (each runs there synchronously), and every
/// hop the body makes between them is a job queued on that same thread, so the thread runs out
/// of work while a body is under way only if the body is suspended on something foreign. The
/// writer's executor reports each time it runs out of work (``threadIdle()``); if a body is under
/// way then and none of its statements is running, the body is marked suspended.
///
/// A body isolated to an actor (`write` called from an actor) runs on that actor between its
/// statements, so it counts as suspended too: call `write` from nonisolated code.
///
/// Debug builds refuse such a body (``SQLError/Code/writeBodySuspended``: the transaction rolls
/// back); release builds log it and commit.
final class WriteBodyWatch: Sendable {
    #if DEBUG
        static let refusesSuspendedBodies = true
    #else
        static let refusesSuspendedBodies = false
    #endif

    private struct Watched {
        let state: TransactionState
        var suspended = false
    }

    private let watched = Mutex<Watched?>(nil)

    /// Starts watching the body of the transaction with `state`. Call it from inside the body's
    /// task, on the writer's thread, once the body is about to run.
    func bodyStarted(_ state: TransactionState) {
        watched.withLock { $0 = Watched(state: state) }
    }

    /// Stops watching; returns whether the body was seen suspended outside its statements.
    func bodyEnded() -> Bool {
        watched.withLock { watched in
            defer { watched = nil }
            return watched?.suspended ?? false
        }
    }

    /// The writer's thread ran out of work.
    func threadIdle() {
        watched.withLock { watched in
            guard let state = watched?.state, !state.hasStatementsInFlight else { return }
            watched?.suspended = true
        }
    }
}
