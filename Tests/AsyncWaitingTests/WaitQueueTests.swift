import AsyncWaiting
import StorekeeperTesting
import Synchronization
import Testing

/// Every wait on a ``WaitQueue`` ends: resumed, or cancelled before or while it waits. Waits that
/// could hang run under `finishes(within:)`, so a lost waiter fails the test instead of hanging it.
@Suite struct WaitQueueTests {
    /// Waits until `queue` has `count` waiters (they register asynchronously).
    static func waitForWaiters<S, V>(_ queue: WaitQueue<S, V>, count: Int) async throws {
        while queue.count < count { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("a wait whose condition already holds returns its value without waiting")
    func readyAtOnce() async throws {
        let queue = WaitQueue<Int?, Int>(7)
        #expect(try await queue.wait { $0 } == 7)
        #expect(queue.count == 0)
    }

    @Test("a waiting task is resumed with the value it is handed")
    func resume() async throws {
        let queue = WaitQueue<Int?, Int>(nil)
        let waiting = Task { try await queue.wait { $0 } }
        try await Self.waitForWaiters(queue, count: 1)
        #expect(queue.resumeAll(with: 42) { $0 = 42 } == 1)
        let ended = await finishes(within: .seconds(60)) { _ = try? await waiting.value }
        #expect(ended, "the resumed waiter never returned")
        #expect(try await waiting.value == 42)
    }

    @Test("a task cancelled before it waits throws at once and never joins the queue")
    func cancelBeforeWait() async throws {
        let queue = WaitQueue<Bool, Void>(false)
        let waiting = Task {
            await withTaskGroup(of: Bool.self) { group in
                group.cancelAll()
                group.addTask {
                    do throws(CancellationError) {
                        try await queue.wait { $0 ? () : nil }
                        return false
                    } catch {
                        return true
                    }
                }
                return await group.next() ?? false
            }
        }
        let ended = await finishes(within: .seconds(60)) { _ = await waiting.value }
        #expect(ended, "a wait in a cancelled task waited")
        #expect(await waiting.value, "a wait in a cancelled task did not throw CancellationError")
        #expect(queue.count == 0)
    }

    @Test("a task cancelled before it waits still gets a value that is ready")
    func cancelledButReady() async throws {
        let queue = WaitQueue<Bool, Int>(true)
        let value = await withTaskGroup(of: Int?.self) { group in
            group.cancelAll()
            group.addTask { try? await queue.wait { $0 ? 5 : nil } }
            return await group.next() ?? nil
        }
        #expect(value == 5)
    }

    @Test("a task cancelled while it waits leaves the queue and throws")
    func cancelWhileWaiting() async throws {
        let queue = WaitQueue<Bool, Void>(false)
        let waiting = Task { try await queue.wait { $0 ? () : nil } }
        try await Self.waitForWaiters(queue, count: 1)
        waiting.cancel()
        let ended = await finishes(within: .seconds(60)) { _ = try? await waiting.value }
        #expect(ended, "the cancelled waiter kept waiting")
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(queue.count == 0)
        #expect(queue.resumeAll(with: ()) == 0, "the cancelled waiter was still queued")
    }

    @Test("resumeAll wakes every waiter; resumeFirst wakes them one at a time in arrival order")
    func resumeAllAndFirst() async throws {
        let queue = WaitQueue<Int, Int>(0)
        var tasks: [Task<Int, any Error>] = []
        for count in 1...3 {
            tasks.append(Task { try await queue.wait { _ in nil } })
            try await Self.waitForWaiters(queue, count: count)
        }
        #expect(queue.resumeFirst(with: 1))
        #expect(try await tasks[0].value == 1)
        #expect(queue.count == 2)
        #expect(queue.resumeAll(with: 9) { $0 = 9 } == 2)
        let all = tasks
        let ended = await finishes(within: .seconds(60)) {
            for task in all { _ = try? await task.value }
        }
        #expect(ended, "a waiter was left behind")
        #expect(try await tasks[1].value == 9)
        #expect(try await tasks[2].value == 9)
        #expect(queue.withState { $0 } == 9)
    }

    @Test("resumeFirst with nobody waiting changes the state instead")
    func resumeFirstWithoutWaiters() {
        let queue = WaitQueue<Bool, Void>(true)
        #expect(!queue.resumeFirst(with: ()) { $0 = false })
        #expect(queue.withState { $0 } == false)
    }

    @Test("many waiters resumed and cancelled at once each end exactly once", arguments: 0..<5)
    func resumeRacingCancel(round: Int) async throws {
        let queue = WaitQueue<Bool, Void>(false)
        let ended = await finishes(within: .seconds(60)) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<50 {
                    group.addTask { try? await queue.wait { $0 ? () : nil } }
                }
                try? await Self.waitForWaiters(queue, count: 25)
                group.cancelAll()
                queue.resumeAll(with: ()) { $0 = true }
            }
        }
        #expect(ended, "a waiter never ended")
        #expect(queue.count == 0)
    }
}
