import Storekeeper
import StorekeeperTesting
import Testing

/// What the memory store adds to the contract: its single writer queue and its snapshots.
@Suite("MemoryPurchaseStore")
struct MemoryPurchaseStoreTests {
    /// A write holding the writer turn until `release` yields; `held` yields once it holds it.
    static func holdTheWriterTurn(
        of store: MemoryPurchaseStore, release: AsyncStream<Void>
    ) async -> Task<Void, any Error> {
        let (held, holding) = AsyncStream<Void>.makeStream()
        let writer = Task {
            try await store.write { tx throws in
                try await tx.setWatermark("w", value: "held")
                holding.yield()
                for await _ in release { break }
            }
        }
        for await _ in held { break }
        return writer
    }

    @Test("a writer cancelled while it waits for its turn leaves the queue; the writers after it run")
    func cancelledWaitingWriter() async throws {
        let store = MemoryPurchaseStore()
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let holder = await Self.holdTheWriterTurn(of: store, release: release)
        let waiting = Task { try await store.write { try await $0.setWatermark("w", value: "cancelled") } }
        waiting.cancel()
        releasing.yield()
        try await holder.value
        await #expect(throws: CancellationError.self) { try await waiting.value }
        try await store.write { try await $0.setWatermark("w", value: "after") }
        #expect(try await store.read { try await $0.watermark("w") } == "after")
    }

    @Test("reads run while a write holds the turn and see the last commit, not the write in progress")
    func readsDoNotWaitForWriters() async throws {
        let store = MemoryPurchaseStore()
        try await store.write { try await $0.setWatermark("w", value: "committed") }
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let holder = await Self.holdTheWriterTurn(of: store, release: release)
        let read = Task { try await store.read { try await $0.watermark("w") } }
        let ended = await finishes(within: .seconds(60)) { _ = try? await read.value }
        #expect(ended, "the read waited for the write in progress")
        releasing.yield()
        try await holder.value
        #expect(try await read.value == "committed")
        #expect(try await store.read { try await $0.watermark("w") } == "held")
    }
}
