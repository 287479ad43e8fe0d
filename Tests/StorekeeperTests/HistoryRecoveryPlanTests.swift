import AppStoreModels
import Storekeeper
import Testing

@Suite("History recovery plan")
struct HistoryRecoveryPlanTests {
    static let now = Timestamp(millisecondsSince1970: 2_000_000_000_000)
    static func at(_ milliseconds: Int64) -> Timestamp { Timestamp(millisecondsSince1970: milliseconds) }

    struct Window: Sendable {
        var from: Int64
        var to: Int64
        var slices: Int
        var minimum: Int64
        var expected: Int
    }

    @Test(arguments: [
        Window(from: 0, to: 86_400_000, slices: 64, minimum: 60_000, expected: 64),
        Window(from: 5, to: 5 + 3 * 60_000, slices: 64, minimum: 60_000, expected: 3),
        Window(from: 0, to: 59_999, slices: 64, minimum: 60_000, expected: 1),
        Window(from: 1, to: 1_000_003, slices: 7, minimum: 1, expected: 7),
    ])
    func slicesCoverTheWindowExactlyAndContiguously(_ row: Window) throws {
        let plan = HistoryRecoveryPlan(sliceCount: row.slices, minimumSliceMilliseconds: row.minimum)
        let slices = try plan.slices(job: "j", from: Self.at(row.from), to: Self.at(row.to), now: Self.now)
        #expect(slices.count == row.expected)
        #expect(slices.first?.start == Self.at(row.from))
        #expect(slices.last?.end == Self.at(row.to))
        for (earlier, later) in zip(slices, slices.dropFirst()) { #expect(earlier.end == later.start) }
        let lengths = slices.map { $0.end.millisecondsSince1970 - $0.start.millisecondsSince1970 }
        #expect(lengths.allSatisfy { $0 > 0 })
        #expect((lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1, "nearly equal lengths: \(lengths)")
        #expect(slices.allSatisfy { $0.job == "j" && $0.nextPageToken == nil && $0.pagesApplied == 0 && !$0.isComplete })
        let window = try #require(HistoryRecoveryPlan.window(of: slices.shuffled()))
        #expect(window.from == Self.at(row.from) && window.to == Self.at(row.to))
    }

    @Test func anEmptyOrBackwardWindowIsRefused() {
        let plan = HistoryRecoveryPlan()
        #expect(throws: RecoveryPlanError.emptyWindow) { try plan.slices(job: "j", from: Self.at(5), to: Self.at(5), now: Self.now) }
        #expect(throws: RecoveryPlanError.emptyWindow) { try plan.slices(job: "j", from: Self.at(6), to: Self.at(5), now: Self.now) }
        #expect(HistoryRecoveryPlan.window(of: []) == nil)
    }

    @Test func theWatermarkMovesPageByPageUntilAppleHasNoMore() {
        var slice = RecoverySlice(job: "j", start: Self.at(0), end: Self.at(100), updatedAt: Self.at(0))
        slice = HistoryRecoveryPlan.advanced(slice, records: 20, hasMore: true, nextPageToken: "p2", at: Self.at(1))
        #expect(slice.nextPageToken == "p2" && slice.pagesApplied == 1 && slice.notificationsSeen == 20 && !slice.isComplete)
        slice = HistoryRecoveryPlan.advanced(slice, records: 20, hasMore: true, nextPageToken: "p3", at: Self.at(2))
        #expect(slice.nextPageToken == "p3" && slice.pagesApplied == 2 && slice.updatedAt == Self.at(2))
        let last = HistoryRecoveryPlan.advanced(slice, records: 7, hasMore: false, nextPageToken: "ignored", at: Self.at(3))
        #expect(last.isComplete && last.nextPageToken == nil && last.pagesApplied == 3 && last.notificationsSeen == 47)
        // `hasMore` without a token cannot be followed: the slice ends rather than looping.
        let stuck = HistoryRecoveryPlan.advanced(slice, records: 20, hasMore: true, nextPageToken: nil, at: Self.at(3))
        #expect(stuck.isComplete)
        // A refused token pages the slice again from its start; counts are kept.
        let restarted = HistoryRecoveryPlan.restarted(slice, at: Self.at(4))
        #expect(restarted.nextPageToken == nil && !restarted.isComplete && restarted.pagesApplied == 2)
    }

    @Test func pendingSlicesAreTheIncompleteOnesInTimeOrder() {
        let slices = [
            RecoverySlice(job: "j", start: Self.at(20), end: Self.at(30), nextPageToken: "t", pagesApplied: 1, updatedAt: Self.now),
            RecoverySlice(job: "j", start: Self.at(0), end: Self.at(10), isComplete: true, updatedAt: Self.now),
            RecoverySlice(job: "j", start: Self.at(10), end: Self.at(20), updatedAt: Self.now),
        ]
        #expect(HistoryRecoveryPlan.pending(slices).map(\.start) == [Self.at(10), Self.at(20)])
        #expect(HistoryRecoveryPlan.pending(slices.filter(\.isComplete)).isEmpty)
    }

    struct Budget: Sendable {
        var rate: Double
        var roundTrip: Int64
        var expected: Int
    }

    @Test(arguments: [
        Budget(rate: 50, roundTrip: 150, expected: 15),
        Budget(rate: 50, roundTrip: 200, expected: 20),
        Budget(rate: 5, roundTrip: 150, expected: 2),
        Budget(rate: 1, roundTrip: 1, expected: 1),
        Budget(rate: 50, roundTrip: 10_000, expected: 64),
    ])
    func concurrencyIsWhatSpendsTheBudgetAtThatLatency(_ row: Budget) {
        #expect(HistoryRecoveryPlan.concurrency(requestsPerSecond: row.rate, roundTripMilliseconds: row.roundTrip) == row.expected)
    }
}
