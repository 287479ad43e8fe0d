import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// An operator's backfill cuts its window into time slices paged in parallel within Apple's
/// budget (enforced by the simulator) and applies every missed notification once.
@Suite struct NotificationBackfillSlicesTests {
    @Test(arguments: E2EBackend.all)
    func aBackfillOverManySlicesAppliesEveryMissedNotificationOnce(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend, configure: { $0.appleBudget = true }) { h in
            let lena = h.e2e.customer("lena")
            let account = try h.account("lena")
            let from = h.now.millisecondsSince1970
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(40)))
            for _ in 0..<40 {
                try await h.buy(lena, account: account, DemoCatalog.gems)
                try await h.simulator.advance(byMilliseconds: 15_000)
            }
            let dropped = h.simulator.notifications(bundleId: DemoCatalog.bundleId).filter(\.dropped)
            #expect(dropped.count == 40)
            #expect(try await h.view(lena).balance("gems") == 0)
            h.simulator.setAPIRateBudget(.apple)
            h.simulator.clearReceivedRequests()

            // Ten minutes of history: the default plan cuts it into ten one-minute slices.
            let window: [String: Any] = ["from": from, "to": h.now.millisecondsSince1970, "environment": "Sandbox"]
            let response = try await h.support.post("/notifications/backfill", NotificationAdminStack.action(window))
            #expect(response.status == 200, "\(response.text)")
            #expect(response.json["result"]?["recovered"]?.intValue == 40)
            #expect(response.json["result"]?["seen"]?.intValue == 40)
            for record in dropped {
                #expect(try await h.inbox(record.notificationUUID)?.status == .processed)
            }
            #expect(try await h.view(lena).balance("gems") == 4_000)
            let credits = try await h.e2e.audit(lena).filter { $0.kind == "purchase.recorded" }
            #expect(credits.count == 40, "each purchase recorded once")

            let log = h.simulator.receivedRequests().filter { $0.endpoint == "getNotificationHistory" }
            let windows = Set(log.compactMap { $0.detail?.split(separator: ":").first.map(String.init) })
            #expect(windows.count > 1, "the window was paged in several slices: \(windows.count)")
            #expect(log.allSatisfy { $0.httpStatus == 200 }, "within the budget: \(log.map { $0.httpStatus ?? 0 })")
            #expect(Set(log.compactMap(\.detail)).count == log.count, "no page fetched twice")

            // Asked again, the window is paged afresh (the finished recovery left no slices) and
            // everything is known.
            let again = try await h.support.post("/notifications/backfill", NotificationAdminStack.action(window))
            #expect(again.json["result"]?["recovered"]?.intValue == 0, "\(again.text)")
            #expect(again.json["result"]?["known"]?.intValue == 40)
            #expect(try await h.view(lena).balance("gems") == 4_000)
        }
    }
}
