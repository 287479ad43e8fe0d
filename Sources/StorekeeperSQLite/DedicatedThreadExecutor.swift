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
///
/// No job is ever dropped: after ``stop()`` the thread keeps running jobs until the queue is
/// empty, including jobs those jobs enqueue, and only then exits; a job enqueued after the thread
/// exited would never run, so it stops the process with a message instead of hanging its task.
final class DedicatedThreadExecutor: SerialExecutor, TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var stopped = false
        /// The thread has returned: nothing will ever run a job enqueued now.
        var exited = false
    }

    private let name: String
    private let queue = Mutex(Queue())
    private let wakeup = DispatchSemaphore(value: 0)
    /// Called on the thread each time it has run every queued job and is about to wait for more.
    private let whenIdle: @Sendable () -> Void

    init(name: String, whenIdle: @escaping @Sendable () -> Void = {}) {
        self.name = name
        self.whenIdle = whenIdle
        let thread = Thread { [self] in runLoop() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let accepted = queue.withLock { queue in
            guard !queue.exited else { return false }
            queue.jobs.append(job)
            return true
        }
        guard accepted else {
            fatalError("a job was enqueued on the stopped executor \(name); it would never run and its task would hang")
        }
        wakeup.signal()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    /// Lets the thread finish every queued job (and the jobs they enqueue), then exit. Call it
    /// once nothing can enqueue any more (from the owning actor's `deinit`).
    func stop() {
        queue.withLock { $0.stopped = true }
        wakeup.signal()
    }

    private func runLoop() {
        // The queue's buffer and this one trade places at every take, so taking jobs allocates
        // nothing: returning a copy of the queue's array and emptying it allocated a new buffer
        // for every take, and a transaction takes jobs here at every statement it awaits.
        var jobs: [UnownedJob] = []
        while true {
            wakeup.wait()
            while true {
                // Take the queued jobs, or, when there are none and the executor was stopped,
                // mark it exited in the same critical section: no enqueue can slip in between.
                let running = queue.withLock { queue -> Bool in
                    if queue.jobs.isEmpty {
                        if queue.stopped { queue.exited = true }
                        return !queue.stopped
                    }
                    swap(&queue.jobs, &jobs)
                    return true
                }
                guard running else { return }
                if jobs.isEmpty {
                    whenIdle()
                    break
                }
                for job in jobs {
                    job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
                }
                jobs.removeAll(keepingCapacity: true)
            }
        }
    }
}
