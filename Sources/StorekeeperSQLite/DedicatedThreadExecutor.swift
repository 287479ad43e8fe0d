import Foundation
import Synchronization

/// A serial executor that runs its jobs on one thread of its own.
///
/// Every SQLite connection is an actor on one of these, so blocking SQLite calls (an fsync on
/// `COMMIT`, a busy wait, a long scan) block that thread only, never Swift's cooperative pool,
/// which has as many threads as cores.
///
/// The same thread is also a task executor (``taskExecutor``): a transaction body run under
/// `withTaskExecutorPreference` with it runs on the connection's thread, so its statements reach
/// the connection without a thread switch. Jobs of the actor run isolated to it; the body's own
/// jobs run as what they are, nonisolated: had they run isolated to the actor too, every return
/// to nonisolated code would count as leaving the actor and queue a job (about two hundred per
/// notification). The body reaches the connection synchronously instead, once
/// ``isCurrentThread`` holds (`SQLiteWriter.runOnItsThread`): one thread runs one job at a time,
/// so the actor's exclusion holds.
///
/// No job is ever dropped: after ``stop()`` the thread keeps running jobs until the queue is
/// empty, including jobs those jobs enqueue, and only then exits; a job enqueued after the thread
/// exited would never run, so it stops the process with a message instead of hanging its task.
final class DedicatedThreadExecutor: SerialExecutor {
    /// The thread as a task executor: what it runs is not isolated to the actor.
    final class Nonisolated: TaskExecutor {
        fileprivate let queue = Mutex(Queue())
        fileprivate let wakeup = DispatchSemaphore(value: 0)
        fileprivate let name: String

        fileprivate init(name: String) {
            self.name = name
        }

        func enqueue(_ job: consuming ExecutorJob) {
            push(UnownedJob(job), isolated: false)
        }

        func asUnownedTaskExecutor() -> UnownedTaskExecutor {
            UnownedTaskExecutor(ordinary: self)
        }

        fileprivate func push(_ job: UnownedJob, isolated: Bool) {
            let accepted = queue.withLock { queue in
                guard !queue.exited else { return false }
                queue.jobs.append(Queued(job: job, isolated: isolated))
                return true
            }
            guard accepted else {
                fatalError("a job was enqueued on the stopped executor \(name); it would never run and its task would hang")
            }
            wakeup.signal()
        }
    }

    fileprivate struct Queued {
        let job: UnownedJob
        let isolated: Bool
    }

    fileprivate struct Queue {
        var jobs: [Queued] = []
        var stopped = false
        /// The thread has returned: nothing will ever run a job enqueued now.
        var exited = false
    }

    let taskExecutor: Nonisolated
    /// The running thread's `pthread_self()`, 0 until it starts.
    private let thread = Atomic<UInt>(0)
    /// Called on the thread each time it has run every queued job and is about to wait for more.
    private let whenIdle: @Sendable () -> Void

    init(name: String, whenIdle: @escaping @Sendable () -> Void = {}) {
        self.taskExecutor = Nonisolated(name: name)
        self.whenIdle = whenIdle
        let thread = Thread { [self] in runLoop() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        taskExecutor.push(UnownedJob(job), isolated: true)
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Whether the caller runs on this executor's thread, where only one job runs at a time.
    var isCurrentThread: Bool {
        thread.load(ordering: .acquiring) == UInt(pthread_self())
    }

    /// Lets the thread finish every queued job (and the jobs they enqueue), then exit. Call it
    /// once nothing can enqueue any more (from the owning actor's `deinit`).
    func stop() {
        taskExecutor.queue.withLock { $0.stopped = true }
        taskExecutor.wakeup.signal()
    }

    private func runLoop() {
        thread.store(UInt(pthread_self()), ordering: .releasing)
        let shared = taskExecutor
        let serial = asUnownedSerialExecutor()
        let task = shared.asUnownedTaskExecutor()
        // The queue's buffer and this one trade places at every take, so taking jobs allocates
        // nothing: returning a copy of the queue's array and emptying it allocated a new buffer
        // for every take, and a transaction takes jobs here at every statement it awaits.
        var jobs: [Queued] = []
        while true {
            shared.wakeup.wait()
            while true {
                // Take the queued jobs, or, when there are none and the executor was stopped,
                // mark it exited in the same critical section: no enqueue can slip in between.
                let running = shared.queue.withLock { queue -> Bool in
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
                for queued in jobs {
                    if queued.isolated {
                        queued.job.runSynchronously(isolatedTo: serial, taskExecutor: task)
                    } else {
                        queued.job.runSynchronously(on: task)
                    }
                }
                jobs.removeAll(keepingCapacity: true)
            }
        }
    }
}
