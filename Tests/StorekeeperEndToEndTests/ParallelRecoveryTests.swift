import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Testing

/// The Notification History sweep pages time slices in parallel within Apple's budget (the
/// simulator enforcing it), applies every missed notification once, and resumes from its
/// slices' watermarks after a failure without fetching again the pages it applied.
@Suite struct ParallelRecoveryTests {
    /// `count` gems purchases whose notifications are all dropped, 30 simulated seconds apart,
    /// after a first sweep has set the watermark; returns the dropped notifications.
    static func missed(_ count: Int, _ h: NotificationHarness, customer: CustomerID) async throws -> [NotificationRecord] {
        let account = try h.account("apple")
        try await h.simulator.advance(byMilliseconds: 60_000)
        _ = try await h.sweep()
        h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(count)))
        for _ in 0..<count {
            _ = try await h.buy(customer, account: account, DemoCatalog.gems, submit: false)
            try await h.simulator.advance(byMilliseconds: 30_000)
        }
        try await h.simulator.advance(byMilliseconds: 60_000)
        let dropped = h.simulator.notifications(bundleId: DemoCatalog.bundleId).filter(\.dropped)
        #expect(dropped.count == count)
        return dropped
    }

    static func sweeper(_ h: NotificationHarness, slices: Int, concurrency: Int) throws -> NotificationHistorySweeper {
        var sweeper = try h.job(NotificationHistorySweeper.self, named: ".Sandbox")
        sweeper.plan = HistoryRecoveryPlan(sliceCount: slices, minimumSliceMilliseconds: 60_000, concurrency: concurrency)
        return sweeper
    }

    @Test(arguments: NotificationBackend.all)
    func aSweepOverSeveralSlicesAppliesEachMissedNotificationOnceWithinTheBudget(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend, configure: { $0.appleBudget = true }) { h in
            let lena = h.customer("lena")
            let dropped = try await Self.missed(100, h, customer: lena)
            #expect(try await h.view(lena).balances["gems"] == nil)
            // Sandbox: 5 requests a second. Storekeeper's bucket holds one second of it; the
            // simulator's 1.5 s, so eight requests sent at once (four slices, each with its next
            // page in flight) would be refused, while the budgeted client never is.
            h.simulator.setAPIRateBudget(APIRateBudget(burstSeconds: 1.5))
            h.simulator.clearReceivedRequests()

            let result = try await Self.sweeper(h, slices: 4, concurrency: 4).sweep()
            #expect(result.recovered == dropped.count)
            #expect(result.pages > 4, "four slices of about 25 notifications: some are paged further than one page")
            for record in dropped {
                #expect(try await h.inbox(record.notificationUUID)?.status == .processed)
            }
            #expect(try await h.view(lena).balances["gems"] == Int64(100 * dropped.count))
            let job = try Self.sweeper(h, slices: 4, concurrency: 4).name
            #expect(try await h.store.read { try await $0.recoverySlices(job: job) }.isEmpty)

            let log = h.simulator.receivedRequests().filter { $0.endpoint == "getNotificationHistory" }
            #expect(log.count == result.pages, "each page fetched once")
            #expect(log.allSatisfy { $0.httpStatus == 200 }, "no 429: \(log.map { $0.httpStatus ?? 0 })")
            #expect(Set(log.compactMap(\.detail)).count == log.count)

            // Again: nothing new, nothing applied twice.
            let again = try await Self.sweeper(h, slices: 4, concurrency: 4).sweep()
            #expect(again.recovered == 0)
            #expect(try await h.view(lena).balances["gems"] == Int64(100 * dropped.count))
        }
    }

    @Test(arguments: NotificationBackend.all)
    func aSweepStoppedMidwayResumesFromItsWatermarksWithoutFetchingAppliedPagesAgain(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let lena = h.customer("lena")
            let dropped = try await Self.missed(100, h, customer: lena)
            let sweeper = try Self.sweeper(h, slices: 2, concurrency: 2)
            // Slow enough answers that the sweep is caught midway: three pages per slice.
            h.simulator.setAPILatency(try APILatency(fixedMilliseconds: 250, jitterMilliseconds: 50, seed: 3))
            h.simulator.clearReceivedRequests()

            let first = Task { try await sweeper.sweep() }
            try await SimulatorClockTests.eventually("a page is applied", within: .seconds(120)) {
                let slices = try await h.store.read { try await $0.recoverySlices(job: sweeper.name) }
                return slices.map(\.pagesApplied).reduce(0, +) >= 1
            }
            // Apple stops answering: the sweep fails with its watermarks stored.
            h.simulator.addFault(APIFaultRule(endpoint: "getNotificationHistory", kind: .serverError, count: 10_000))
            await #expect(throws: (any Error).self) { _ = try await first.value }
            let stored = try await h.store.read { try await $0.recoverySlices(job: sweeper.name) }
            #expect(stored.count == 2)
            #expect(stored.contains { !$0.isComplete }, "stopped midway")
            let firstRun = h.simulator.receivedRequests().filter { $0.endpoint == "getNotificationHistory" && $0.httpStatus == 200 }

            await h.simulator.clearFaults()
            h.simulator.setAPILatency(.none)
            h.simulator.clearReceivedRequests()
            let resumed = try await sweeper.sweep()
            #expect(resumed.resumedSlices == stored.filter { !$0.isComplete }.count)
            let secondRun = h.simulator.receivedRequests().filter { $0.endpoint == "getNotificationHistory" }

            for slice in stored {
                let window = "\(slice.start.millisecondsSince1970)-\(slice.end.millisecondsSince1970)"
                let fetched = secondRun.compactMap(\.detail).filter { $0 == window || $0.hasPrefix(window + ":") }
                if slice.isComplete {
                    #expect(fetched.isEmpty, "a complete slice is not paged again")
                } else {
                    #expect(fetched.first == slice.nextPageToken.map { window + ":" + $0 } ?? window, "resumes at the watermark")
                }
                // The pages applied before the stop are the slice's first `pagesApplied` fetches.
                let applied = firstRun.compactMap(\.detail).filter { $0 == window || $0.hasPrefix(window + ":") }
                    .prefix(slice.pagesApplied)
                #expect(Set(applied).isDisjoint(with: fetched), "no applied page fetched again")
            }
            for record in dropped {
                #expect(try await h.inbox(record.notificationUUID)?.status == .processed)
            }
            #expect(try await h.view(lena).balances["gems"] == Int64(100 * dropped.count), "each applied once")
            #expect(try await h.store.read { try await $0.recoverySlices(job: sweeper.name) }.isEmpty)
        }
    }
}
