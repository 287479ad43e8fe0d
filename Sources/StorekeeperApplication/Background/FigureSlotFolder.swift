package import AppStoreModels
import Storekeeper
package import StorekeeperStore
import Synchronization

/// Folds the rollup rows of closed days into one row per bucket (``FiguresStoreWriter/foldFigureSlots(before:limit:)``).
///
/// The write path spreads a day's buckets over slots so that concurrent purchases rarely wait on
/// one row; once a day is over (before yesterday, UTC: late facts still land on yesterday) the
/// slots only cost the overview's range reads, which read every slot. A pass folds up to `batch`
/// days and reports more when it filled the batch; after a pass that found nothing left, the next
/// look waits `pause` (the search for spread rows reads the whole rollup table).
public struct FigureSlotFolder: PeriodicJob {
    package let store: any PurchaseStore
    package let now: any WallClock
    package let batch: Int
    package let pause: Int64
    /// When a pass last found nothing to fold (shared by the copies of the job).
    private let idleSince = IdleMark()

    private final class IdleMark: Sendable {
        package let instant = Mutex<Timestamp?>(nil)
    }

    public var name: String { "figures.fold" }

    package init(store: any PurchaseStore, now: any WallClock, batch: Int = 31, pauseMilliseconds: Int64 = 3_600_000) {
        self.store = store
        self.now = now
        self.batch = batch
        self.pause = pauseMilliseconds
    }

    public func runOnce() async throws -> Bool {
        let now = now()
        if let idle = idleSince.instant.withLock({ $0 }), now >= idle, now < idle.adding(milliseconds: pause) { return false }
        let before = FigureDay(containing: now).adding(days: -1)
        let folded = try await store.write { tx in try await tx.foldFigureSlots(before: before, limit: batch) }
        let more = folded == batch
        idleSince.instant.withLock { $0 = more ? nil : now }
        return more
    }
}
