public import AppStoreModels

/// The pure decisions of a parallel Notification History recovery: how a window is cut into
/// time slices, how many slices are paged at once, what is left of a stored recovery, and how
/// a slice's watermark moves when a page has been applied. No IO: the recovery job
/// (`ParallelHistoryRecovery` in the server) fetches, applies and stores what this decides.
public struct HistoryRecoveryPlan: Hashable, Sendable {
    /// How many slices a window is cut into (fewer when the window is short).
    public var sliceCount: Int
    /// No slice is shorter than this (a short window gets fewer slices).
    public var minimumSliceMilliseconds: Int64
    /// How many slices are paged at once. Each keeps at most two requests in flight (the page
    /// being applied was fetched; the next one is being fetched), so the rate limiter, not this,
    /// is what holds the request rate to the budget.
    public var concurrency: Int

    public init(sliceCount: Int = 64, minimumSliceMilliseconds: Int64 = 60_000, concurrency: Int = 16) {
        self.sliceCount = max(1, sliceCount)
        self.minimumSliceMilliseconds = max(1, minimumSliceMilliseconds)
        self.concurrency = max(1, concurrency)
    }

    /// Enough concurrent slices to spend `requestsPerSecond` when a round trip takes
    /// `roundTripMilliseconds` (Little's law, doubled for the time a page spends being applied),
    /// within `1...limit`.
    public static func concurrency(requestsPerSecond: Double, roundTripMilliseconds: Int64, limit: Int = 64) -> Int {
        let inFlight = requestsPerSecond * Double(max(1, roundTripMilliseconds)) / 1000
        return min(max(1, limit), max(1, Int((2 * inFlight).rounded(.up))))
    }

    /// Cuts `from..<to` into contiguous slices of (nearly) equal length, covering it exactly.
    public func slices(job: String, from: Timestamp, to: Timestamp, now: Timestamp) throws(RecoveryPlanError) -> [RecoverySlice] {
        let start = from.millisecondsSince1970
        let end = to.millisecondsSince1970
        guard start < end else { throw RecoveryPlanError.emptyWindow }
        let length = end - start
        let count = Int(min(Int64(sliceCount), max(1, length / minimumSliceMilliseconds)))
        return (0..<count).map { index in
            let sliceStart = start + length * Int64(index) / Int64(count)
            let sliceEnd = index == count - 1 ? end : start + length * Int64(index + 1) / Int64(count)
            return RecoverySlice(
                job: job, start: Timestamp(millisecondsSince1970: sliceStart), end: Timestamp(millisecondsSince1970: sliceEnd),
                updatedAt: now)
        }
    }

    /// The slices of a stored recovery still to page, by start.
    public static func pending(_ slices: [RecoverySlice]) -> [RecoverySlice] {
        slices.filter { !$0.isComplete }.sorted { $0.start < $1.start }
    }

    /// The window a stored recovery covers; nil for none.
    public static func window(of slices: [RecoverySlice]) -> (from: Timestamp, to: Timestamp)? {
        guard let from = slices.map(\.start).min(), let to = slices.map(\.end).max() else { return nil }
        return (from, to)
    }

    /// The slice once a page of `records` history records has been applied: its watermark moves
    /// to the page after it, or the slice is complete when Apple has no more (or names no next
    /// page, which cannot be fetched).
    public static func advanced(
        _ slice: RecoverySlice, records: Int, hasMore: Bool, nextPageToken: String?, at now: Timestamp
    ) -> RecoverySlice {
        var slice = slice
        slice.pagesApplied += 1
        slice.notificationsSeen += records
        let next = hasMore ? nextPageToken : nil
        slice.nextPageToken = next
        slice.isComplete = next == nil
        slice.updatedAt = now
        return slice
    }

    /// The slice paged again from its start: Apple refused its stored pagination token (tokens
    /// are not promised to outlive a restart). What was applied stays applied (the inbox
    /// deduplicates), so only the fetches are repeated.
    public static func restarted(_ slice: RecoverySlice, at now: Timestamp) -> RecoverySlice {
        var slice = slice
        slice.nextPageToken = nil
        slice.isComplete = false
        slice.updatedAt = now
        return slice
    }
}

/// Why a recovery cannot be planned.
public struct RecoveryPlanError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: String
    public let reason: String

    /// The window's start is not before its end.
    public static let emptyWindow = RecoveryPlanError(code: "emptyWindow", reason: "the window's start must be before its end")

    public var description: String { "\(code): \(reason)" }
}
