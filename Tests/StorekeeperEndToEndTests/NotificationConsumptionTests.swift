import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// CONSUMPTION_REQUEST: Storekeeper answers through the outbox with consumption data the simulator
/// receives (Send Consumption Information), only with the customer's consent, within Apple's
/// 12-hour deadline.
@Suite struct NotificationConsumptionTests {
    /// A customer who consented bought 100 gems and spent 40: the simulator receives
    /// `customerConsented`, `DELIVERED` and 40 % consumed, before the deadline. A customer who did
    /// not consent: nothing is sent, and that is audited.
    @Test(arguments: NotificationBackend.all)
    func answeredWithConsentOnly(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let consenting = h.customer("consenting")
            let consentingAccount = try h.account("apple-consenting")
            let silent = h.customer("silent")
            let silentAccount = try h.account("apple-silent")
            let consented = try await h.client.send(
                .PUT, "/customers/\(consenting.rawValue)/consumption-consent",
                body: try JSONSerialization.data(withJSONObject: ["consented": true, "playTimeMinutes": 90]))
            #expect(consented.status == 200, "\(consented.text)")
            #expect(consented.json["consented"] as? Bool == true)

            let answered = try await h.buy(consenting, account: consentingAccount, DemoCatalog.gems)
            let unanswered = try await h.buy(silent, account: silentAccount, DemoCatalog.gems)
            for customer in [consenting, silent] {
                let spend = try await h.client.post(
                    "/customers/\(customer.rawValue)/spend", ["currency": "gems", "amount": 40, "idempotencyKey": "spend-1"])
                #expect(spend.status == 200, "\(spend.text)")
            }
            let answeredId = try #require(answered.transaction.transactionId)
            let unansweredId = try #require(unanswered.transaction.transactionId)

            try await h.simulator.requestRefund(transactionId: answeredId, reason: .unintendedPurchase)
            let request = try await h.expectProcessed(.consumptionRequest, nil)
            try await h.simulator.requestRefund(transactionId: unansweredId, reason: .unintendedPurchase)
            try await h.expectProcessed(.consumptionRequest, nil)
            #expect(try await h.audit(consenting).contains { $0.kind == "consumption.queued" })
            let refused = try #require(try await h.audit(silent).first { $0.kind == "consumption.notAnswered" })
            #expect(refused.subject == "Sandbox:\(unansweredId)")

            try await h.simulator.advance(byMilliseconds: Span.hour)
            try await h.runOutbox()
            let reports = h.simulator.consumptionReports()
            #expect(reports.count == 1, "only the consenting customer's request is answered")
            let report = try #require(reports.first)
            #expect(report.transactionId == answeredId)
            #expect(report.version == 2)
            #expect(report.receivedAt < request.signedDate + 12 * Span.hour, "answered within Apple's deadline")
            let body = try JSONDecoder().decode(ConsumptionRequest.self, from: Data(report.body.utf8))
            #expect(body.customerConsented)
            #expect(body.deliveryStatus == .delivered)
            #expect(body.consumptionPercentage == 40_000)

            // Running the outbox again sends nothing more.
            try await h.runOutbox()
            #expect(h.simulator.consumptionReports().count == 1)
            let metrics = try await h.metrics()
            #expect(metrics.contains(#"storekeeper_consumption_requests_total{outcome="sent"} 1"#), "\(metrics)")
        }
    }

    /// An answer that could not be sent before the 12-hour deadline is given up, not sent late.
    @Test(arguments: NotificationBackend.all)
    func notSentAfterTheDeadline(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let late = h.customer("late")
            let account = try h.account("apple-late")
            _ = try await h.client.send(
                .PUT, "/customers/\(late.rawValue)/consumption-consent",
                body: try JSONSerialization.data(withJSONObject: ["consented": true]))
            let bought = try await h.buy(late, account: account, DemoCatalog.gems)
            try await h.simulator.requestRefund(
                transactionId: try #require(bought.transaction.transactionId), reason: .other)
            try await h.expectProcessed(.consumptionRequest, nil)
            try await h.simulator.advance(byMilliseconds: 13 * Span.hour)
            try await h.runOutbox()
            #expect(h.simulator.consumptionReports().isEmpty)
            let metrics = try await h.metrics()
            #expect(metrics.contains(#"storekeeper_consumption_requests_total{outcome="expired"} 1"#), "\(metrics)")
        }
    }
}
