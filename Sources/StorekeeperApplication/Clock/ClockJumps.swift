public import AppStoreModels
import AsyncWaiting

/// Tells whoever is pausing that the server's now leapt forward (an App Store simulator's clock
/// was advanced), so a pause measured in real time ends at once: a background job waiting five
/// seconds between passes must not leave a simulated month unprocessed for those five seconds,
/// and no pause may last until a deadline that the jump has already passed.
public final class ClockJumps: Sendable {
    /// The pauses in progress; the state is the generation (how many jumps were signalled).
    private let pauses = WaitQueue<UInt64, Void>(0)

    public init() {}

    /// How many jumps were signalled so far.
    public var generation: UInt64 { pauses.withState { $0 } }

    /// Records a jump and wakes every pause in progress.
    public func signal() {
        pauses.resumeAll(with: ()) { generation in generation &+= 1 }
    }

    /// Sleeps `duration` on `clock`, or less when a jump is signalled meanwhile — or was since
    /// `observed` (a ``generation`` read earlier, e.g. before the pass this pause follows, so a
    /// jump during the pass ends the pause at once instead of being missed); throws
    /// `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration, on clock: any WallClock, since observed: UInt64? = nil) async throws {
        let observed = observed ?? generation
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
        try? await pauses.wait { generation in generation != observed ? () : nil }
    }
}
