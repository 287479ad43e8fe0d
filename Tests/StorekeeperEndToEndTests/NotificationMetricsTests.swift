import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The notification monitors are exported at `GET /metrics`: notifications by type and outcome,
/// processing lag, refunds, consumption requests answered, inbox backlog.
@Suite struct NotificationMetricsTests {
    @Test(arguments: NotificationBackend.all)
    func notificationMonitorsAreExported(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let tess = h.customer("tess")
            _ = try await h.client.send(
                .PUT, "/customers/\(tess.rawValue)/consumption-consent",
                body: try JSONSerialization.data(withJSONObject: ["consented": true]))
            h.simulator.addFault(NotificationFaultRule(kind: .duplicate, scope: .next(1)))
            let gems = try await h.buy(tess, account: account, DemoCatalog.gems, submit: false)
            let subscription = try await h.buy(tess, account: account, DemoCatalog.monthly, submit: false)
            let gemsId = try #require(gems.transaction.transactionId)
            try await h.simulator.requestRefund(transactionId: gemsId, reason: .unintendedPurchase)
            try await h.simulator.advance(byMilliseconds: Span.hour)
            try await h.runOutbox()
            try await h.simulator.refund(transactionId: gemsId, reason: .other)
            try await h.simulator.refund(transactionId: try #require(subscription.transaction.transactionId), reason: .appIssue)
            let garbage = try await h.client.post("/notifications", raw: Data(#"{"signedPayload":"a.b.c"}"#.utf8), authenticated: false)
            #expect(garbage.status == 200)
            try await h.runInbox()

            let text = try await h.metrics()
            func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
                PrometheusText.value(text, name, labels)
            }
            let notifications = "storekeeper_notifications_total"
            #expect(value(notifications, ["type": "ONE_TIME_CHARGE", "version": "2", "outcome": "processed"]) == 1)
            #expect(value(notifications, ["type": "ONE_TIME_CHARGE", "outcome": "duplicate"]) == 1)
            #expect(value(notifications, ["type": "SUBSCRIBED", "outcome": "processed"]) == 1)
            #expect(value(notifications, ["type": "CONSUMPTION_REQUEST", "outcome": "processed"]) == 1)
            #expect(value(notifications, ["type": "REFUND", "outcome": "processed"]) == 2)
            #expect(value(notifications, ["outcome": "rejected"]) == 1)
            // Lag (signedDate to commit) is recorded once per processed notification: the five
            // processed above, not the duplicate nor the rejected one.
            #expect(value("storekeeper_notification_lag_count") == 5, "processing lag is recorded per processed notification")
            #expect((value("storekeeper_notification_lag_sum") ?? -1) >= 0)
            #expect(value("storekeeper_refunds_total", ["kind": "refund"]) == 2, "a consumable's and a subscription's refund")
            #expect(value("storekeeper_consumption_requests_total", ["outcome": "sent"]) == 1)
            #expect(value("storekeeper_consumption_requests_total", ["outcome": "queued"]) == 1)
            // Request to answer: the answer went out an hour (simulated) after Apple asked.
            let latency = "storekeeper_consumption_answer_latency"
            #expect(value(latency + "_count", ["outcome": "sent"]) == 1)
            #expect((value(latency + "_sum", ["outcome": "sent"]) ?? 0) >= 3_600, "\(text)")
            #expect(value("storekeeper_inbox_backlog") != nil, "\(text)")
        }
    }
}
