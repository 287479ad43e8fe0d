import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The inbox's Apple-side actions: a notification Apple never delivered found by a backfill of
/// its window from Notification History and applied once; Apple's TEST notification requested
/// and seen arriving.
@Suite struct NotificationBackfillAdminTests {
    @Test(arguments: E2EBackend.all)
    func aNotificationNeverDeliveredIsBackfilledAndAppliedOnce(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let lena = h.e2e.customer("lena")
            let account = try h.account("lena")
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            try await h.buy(lena, account: account, DemoCatalog.gems)
            let dropped = try #require(h.simulator.notifications(bundleId: DemoCatalog.bundleId).last)
            #expect(dropped.dropped && !dropped.wasDelivered)
            #expect(try await h.inbox(dropped.notificationUUID) == nil)
            #expect(try await h.view(lena).balance("gems") == 0, "Storekeeper never heard of the purchase")
            // Notification History answers what was signed before now.
            try await h.simulator.advance(byMilliseconds: 60_000)
            let window: [String: Any] = [
                "from": h.now.millisecondsSince1970 - Span.hour, "to": h.now.millisecondsSince1970, "environment": "Sandbox",
            ]

            let refused = try await h.viewer.post("/notifications/backfill", NotificationAdminStack.action(window))
            #expect(refused.status == 403, "a viewer cannot backfill: \(refused.text)")
            let unexplained = try await h.support.post("/notifications/backfill", window.merging(["idempotencyKey": "k"]) { a, _ in a })
            #expect(unexplained.status == 400, "a reason is required: \(unexplained.text)")

            let body = NotificationAdminStack.action(window, reason: "customer paid, gems missing", key: "backfill-\(h.e2e.tag)")
            let first = try await h.support.post("/notifications/backfill", body)
            #expect(first.status == 200, "\(first.text)")
            #expect(first.json["replayed"]?.boolValue == false)
            #expect(first.json["result"]?["recovered"]?.intValue == 1)
            #expect(try await h.inbox(dropped.notificationUUID)?.status == .processed)
            #expect(try await h.view(lena).balance("gems") == 100)

            // The same request again answers the first result and does nothing.
            let replayed = try await h.support.post("/notifications/backfill", body)
            #expect(replayed.json["replayed"]?.boolValue == true)
            #expect(replayed.json["result"]?["recovered"]?.intValue == 1)
            // A new backfill of the window finds the notification known: applied once.
            let again = try await h.support.post("/notifications/backfill", NotificationAdminStack.action(window))
            #expect(again.json["result"]?["recovered"]?.intValue == 0, "\(again.text)")
            #expect((again.json["result"]?["known"]?.intValue ?? 0) >= 1)
            #expect(try await h.view(lena).balance("gems") == 100)
            let credits = try await h.e2e.audit(lena).filter { $0.kind == "purchase.recorded" }
            #expect(credits.count == 1)

            let admin = try await h.e2e.operatorClient(.admin)
            let log = try await admin.get("/audit?kind=notifications.backfilled")
            #expect(log.status == 200, "\(log.text)")
            let audit = log.json["events"]?.arrayValue ?? []
            #expect(audit.count == 2, "one event per backfill that ran")
            #expect(audit.allSatisfy { $0["reason"]?.stringValue != nil && $0["operator"]?.stringValue != nil })
            #expect(audit.contains { $0["reason"]?.stringValue == "customer paid, gems missing" })

            // The same key with another request is refused.
            var other = body
            other["to"] = h.now.millisecondsSince1970 - 1
            let conflict = try await h.support.post("/notifications/backfill", other)
            #expect(conflict.status == 409)
            #expect(conflict.errorCode == "idempotencyConflict")
        }
    }

    @Test(arguments: E2EBackend.all)
    func aBackfillBeyondAppleHistoryIsRefused(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let tooOld = h.now.millisecondsSince1970 - 181 * Span.day
            let response = try await h.support.post(
                "/notifications/backfill", NotificationAdminStack.action(["from": tooOld, "to": h.now.millisecondsSince1970]))
            #expect(response.status == 400, "\(response.text)")
            #expect(response.errorCode == "invalidRequest")
            let backwards = try await h.support.post(
                "/notifications/backfill",
                NotificationAdminStack.action(["from": h.now.millisecondsSince1970, "to": h.now.millisecondsSince1970 - 1]))
            #expect(backwards.status == 400)
        }
    }

    @Test(arguments: E2EBackend.all)
    func theTestNotificationIsRequestedAndSeenArriving(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let refused = try await h.viewer.post("/notifications/test", NotificationAdminStack.action(["environment": "Sandbox"]))
            #expect(refused.status == 403)
            let requested = try await h.support.post("/notifications/test", NotificationAdminStack.action(["environment": "Sandbox"]))
            #expect(requested.status == 200, "\(requested.text)")
            let token = try #require(requested.json["result"]?["testNotificationToken"]?.stringValue)
            let status = try await h.viewer.get("/notifications/test/\(token)?environment=Sandbox")
            #expect(status.status == 200, "\(status.text)")
            #expect(status.json["arrived"]?.boolValue == true)
            #expect(status.json["firstSendAttemptResult"]?.stringValue == "SUCCESS")
            let uuid = try #require(status.json["notificationUUID"]?.stringValue)
            #expect(status.json["inbox"]?["notificationType"]?.stringValue == "TEST")
            #expect(try await h.inbox(uuid)?.status == .processed)
            let unknown = try await h.viewer.get("/notifications/test/no-such-token?environment=Sandbox")
            #expect(unknown.status == 404, "\(unknown.text)")
        }
    }
}
