import NIOCore

/// Runs a task's nonisolated code on one event loop (`withTaskExecutorPreference`).
///
/// Used to send a prepared statement from its connection's event loop, where the channel cannot
/// close between the check that it is open and the write (see ``PostgresTransaction/send(_:on:logger:)``):
/// PostgresNIO's `execute` writes the statement before its first suspension, so with this
/// preference the check and the write run in one turn of the loop.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
