import AsyncWaiting

/// Holds background jobs until the schema is migrated: services start before Hummingbird runs
/// its before-server-start work, and a job must not query tables that do not exist yet.
///
/// A wait ends when the gate opens or the waiting task is cancelled: a server stopped before its
/// migrations finished (or that failed to start) must not leave its jobs waiting forever, which
/// would keep its service group, and the process, from ever ending.
public final class StartGate: Sendable {
    /// The waiting jobs; the state is whether the gate is open.
    private let waiters: WaitQueue<Bool, Void>

    public init(open: Bool = false) {
        waiters = WaitQueue(open)
    }

    public func open() {
        waiters.resumeAll(with: ()) { isOpen in isOpen = true }
    }

    /// Returns once the gate is open, or at once when the task is (or gets) cancelled; check
    /// `Task.isCancelled` afterwards.
    public func wait() async {
        try? await waiters.wait { isOpen in isOpen ? () : nil }
    }
}
