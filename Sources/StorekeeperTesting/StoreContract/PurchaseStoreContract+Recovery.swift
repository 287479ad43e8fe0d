import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let recoveryCases: [StoreContractCase] = [
        StoreContractCase("recovery slices: saved by job and start, replaced, read in order, deleted by job") { context throws in
            let store = context.store
            func slice(_ job: String, _ start: Int64, token: String? = nil, pages: Int = 0, complete: Bool = false) -> RecoverySlice {
                RecoverySlice(
                    job: job, start: StoreFixtures.at(start), end: StoreFixtures.at(start + 10), nextPageToken: token,
                    pagesApplied: pages, notificationsSeen: pages * 20, isComplete: complete, updatedAt: StoreFixtures.at(start))
            }
            #expect(try await store.read { try await $0.recoverySlices(job: "sweep") }.isEmpty)
            try await store.write { tx throws in
                for start in [20, 0, 10] as [Int64] { try await tx.saveRecoverySlice(slice("sweep", start)) }
                try await tx.saveRecoverySlice(slice("backfill", 0))
            }
            #expect(try await store.read { try await $0.recoverySlices(job: "sweep") }.map(\.start) == [0, 10, 20].map(StoreFixtures.at))

            // The watermark moves: same (job, start) replaces; a token with quotes and unicode survives.
            let moved = slice("sweep", 10, token: "bmg6MjA6MTcw'\"é", pages: 3)
            try await store.write { try await $0.saveRecoverySlice(moved) }
            let done = slice("sweep", 20, pages: 1, complete: true)
            try await store.write { try await $0.saveRecoverySlice(done) }
            let stored = try await store.read { try await $0.recoverySlices(job: "sweep") }
            #expect(stored == [slice("sweep", 0), moved, done])

            // A failed transaction leaves the watermark where it was.
            await #expect(throws: (any Error).self) {
                try await store.write { tx throws in
                    try await tx.saveRecoverySlice(slice("sweep", 0, token: "lost", pages: 9))
                    throw CancellationError()
                }
            }
            #expect(try await store.read { try await $0.recoverySlices(job: "sweep") }.first == slice("sweep", 0))

            #expect(try await store.write { try await $0.deleteRecoverySlices(job: "sweep") } == 3)
            #expect(try await store.read { try await $0.recoverySlices(job: "sweep") }.isEmpty)
            #expect(try await store.read { try await $0.recoverySlices(job: "backfill") } == [slice("backfill", 0)])
            #expect(try await store.write { try await $0.deleteRecoverySlices(job: "sweep") } == 0)
        }
    ]
}
