import StorekeeperTesting
import Testing

@testable import AppStoreSimulator

/// Delivery runs under the simulator's `SerialGate`: one caller at a time, and a caller cancelled
/// while it waits for the gate stops waiting.
@Suite struct SerialGateTests {
    @Test("a caller cancelled while another holds the gate ends without running its work")
    func cancelledWhileWaiting() async throws {
        let gate = SerialGate()
        let (holding, held) = AsyncStream<Void>.makeStream()
        let (release, released) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await gate.run {
                held.yield()
                for await _ in release { break }
            }
        }
        for await _ in holding { break }
        let waiter = Task { try await gate.run { "ran" } }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        let ended = await finishes(within: .seconds(60)) { _ = try? await waiter.value }
        #expect(ended, "the cancelled caller kept waiting for the gate")
        // Released before the waiter is awaited, so a waiter that kept waiting fails the test
        // instead of hanging it.
        released.yield()
        try await holder.value
        await #expect(throws: CancellationError.self) { try await waiter.value }
        // The gate is free again for the next caller.
        #expect(try await gate.run { "next" } == "next")
    }

}
