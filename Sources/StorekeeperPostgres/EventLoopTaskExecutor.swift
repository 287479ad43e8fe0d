import NIOCore
import Synchronization

/// Runs a task's nonisolated code on one event loop (`withTaskExecutorPreference`).
///
/// Used to send a prepared statement from its connection's event loop, where the channel cannot
/// close between the check that it is open and the write (see ``PostgresTransaction/send(_:on:logger:)``):
/// PostgresNIO's `execute` writes the statement before its first suspension, so with this
/// preference the check and the write run in one turn of the loop.
///
/// No job is ever dropped. A loop that has shut down refuses new work by discarding it (SwiftNIO
/// prints an error and releases the closure without calling it); the job then goes to Swift's
/// global concurrent executor instead, where its task finds the connection closed and fails.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let pending = PendingJob(UnownedJob(job), on: self)
        eventLoop.execute { pending.run() }
    }
}

/// A job handed to an event loop, run exactly once: by the loop, or, if the loop discarded it
/// unrun, by the global concurrent executor when the last reference goes.
private final class PendingJob: Sendable {
    private let job: Mutex<UnownedJob?>
    private let executor: EventLoopTaskExecutor

    init(_ job: UnownedJob, on executor: EventLoopTaskExecutor) {
        self.job = Mutex(job)
        self.executor = executor
    }

    func run() {
        job.withLock { $0.take() }?.runSynchronously(on: executor.asUnownedTaskExecutor())
    }

    deinit {
        if let job = job.withLock({ $0.take() }) {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}
