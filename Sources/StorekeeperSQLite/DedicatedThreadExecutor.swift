import Foundation
import Synchronization

/// A serial executor that runs its jobs on one thread of its own.
///
/// Every SQLite connection is an actor on one of these, so blocking SQLite calls (an fsync on
/// `COMMIT`, a busy wait, a long scan) block that thread only, never Swift's cooperative pool,
/// which has as many threads as cores.
///
/// It is also a task executor: a transaction body run under `withTaskExecutorPreference` with
/// it runs on the connection's thread, and every job it runs there counts as isolated to the
/// connection's actor (one thread runs one job at a time, so the actor's exclusion holds). The
/// body's statements then reach the actor without a thread switch: a transaction of N
/// statements costs two switches, not 2N.
final class DedicatedThreadExecutor: SerialExecutor, TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var stopped = false
    }

    private let queue = Mutex(Queue())
    private let wakeup = DispatchSemaphore(value: 0)

    init(name: String) {
        let thread = Thread { [self] in runLoop() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        wakeup.signal()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    /// Lets the thread finish the jobs already queued, then exit. Call it once nothing can
    /// enqueue any more (from the owning actor's `deinit`).
    func stop() {
        queue.withLock { $0.stopped = true }
        wakeup.signal()
    }

    private func runLoop() {
        while true {
            wakeup.wait()
            let (jobs, stopped) = queue.withLock { queue in
                defer { queue.jobs.removeAll(keepingCapacity: true) }
                return (queue.jobs, queue.stopped)
            }
            for job in jobs {
                job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            }
            if stopped { return }
        }
    }
}
