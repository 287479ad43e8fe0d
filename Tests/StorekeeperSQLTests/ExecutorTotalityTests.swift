import Foundation
import NIOCore
import NIOPosix
import StorekeeperSQL
import StorekeeperTesting
import Synchronization
import Testing

@testable import StorekeeperPostgres
@testable import StorekeeperSQLite

/// The executors and hand-offs the backends suspend tasks on never lose a job or a
/// continuation: a lost one leaves its task suspended forever with every thread idle, which is
/// a hung request in production and a hung test suite here. Each test fails (by its deadline)
/// instead of hanging when the guarantee is broken.
@Suite("Executors and hand-offs lose nothing")
struct ExecutorTotalityTests {
    @Test("a dedicated thread runs the jobs enqueued while its last batch runs, after stop()")
    func dedicatedThreadDrainsAfterStop() async {
        let executor = DedicatedThreadExecutor(name: "storekeeper-test-drain")
        let finished = await finishes(within: .seconds(60)) {
            await Task(executorPreference: executor.taskExecutor) {
                // Each yield enqueues the task's next job on the executor. The first job stops
                // the executor; the next ones arrive while the thread runs its last batch.
                executor.stop()
                for _ in 0..<3 { await Task.yield() }
            }.value
        }
        #expect(finished, "a job enqueued after stop() was dropped; its task never finished")
    }

    @Test("a job enqueued after a dedicated thread exited stops the process instead of hanging its task")
    func dedicatedThreadTrapsAfterExit() async {
        await #expect(processExitsWith: .failure) {
            let executor = DedicatedThreadExecutor(name: "storekeeper-test-exited")
            executor.stop()
            // Let the thread see the stop and exit (it has nothing queued).
            try? await Task.sleep(for: .milliseconds(200))
            // Enqueues the task's first job on the exited thread: it must trap right here. A job
            // dropped instead would leave the task suspended and this process would exit cleanly.
            _ = Task(executorPreference: executor.taskExecutor) {}
            try? await Task.sleep(for: .seconds(2))
        }
    }

    @Test("a job for an event loop that has shut down still runs")
    func shutDownEventLoopDoesNotDropJobs() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        try await group.shutdownGracefully()
        let executor = EventLoopTaskExecutor(loop)
        let finished = await finishes(within: .seconds(60)) {
            await Task(executorPreference: executor) {
                await Task.yield()
            }.value
        }
        #expect(finished, "the shut-down loop dropped the job; its task never finished")
    }

    @Test("a transaction that ends while its connection is still awaited resumes the waiter with an error")
    func handOffResumesAWaitingBorrowerOnGiveBack() async {
        let handOff = ConnectionHandOff()
        let outcome = Mutex<(any Error)?>(nil)
        let waiter = Task {
            do {
                _ = try await handOff.connection()
            } catch {
                outcome.withLock { $0 = error }
            }
        }
        // Give the waiter time to suspend; giveBack must resume it whether or not it has.
        try? await Task.sleep(for: .milliseconds(100))
        handOff.giveBack()
        let finished = await finishes(within: .seconds(60)) { await waiter.value }
        #expect(finished, "giveBack() dropped the waiting borrower's continuation")
        #expect((outcome.withLock { $0 } as? SQLError)?.code == .connectionFailure)
    }
}
