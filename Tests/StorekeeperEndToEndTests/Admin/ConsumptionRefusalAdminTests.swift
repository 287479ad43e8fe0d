import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The consumption view lists the CONSUMPTION_REQUESTs Storekeeper left unanswered because the
/// customer had not consented (Apple accepts consumption data only with `customerConsented`
/// true) beside the answered ones: status `notSent`, why, and the time left in Apple's window.
@Suite struct ConsumptionRefusalAdminTests {
    @Test(arguments: E2EBackend.all)
    func requestsNotAnsweredForWantOfConsentAreListedBesideAnsweredOnes(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let dora = e2e.customer("dora")
            let eli = e2e.customer("eli")
            let consent = try await e2e.server.send(
                .PUT, "/customers/\(dora)/consumption-consent", body: try JSONSerialization.data(withJSONObject: ["consented": true]))
            #expect(consent.status == 200, "\(consent.text)")
            var transactions: [String: String] = [:]
            for customer in [dora, eli] {
                let order = try await e2e.createOrder(customer, product: DemoCatalog.gems)
                let bought = try await e2e.buy(
                    DemoCatalog.gems, account: try e2e.appleAccount("apple-\(customer)"), token: order.appAccountToken)
                transactions[customer] = bought.transaction.transactionId
            }
            let doraTransaction = try #require(transactions[dora])
            let eliTransaction = try #require(transactions[eli])
            try await e2e.simulator.requestRefund(transactionId: doraTransaction, reason: .unintendedPurchase)
            try await e2e.simulator.advance(byMilliseconds: 60_000)
            try await e2e.simulator.requestRefund(transactionId: eliTransaction, reason: .unintendedPurchase)
            let eliRequestedAt = e2e.simulator.now().millisecondsSince1970
            let window: Int64 = 12 * 3_600_000

            let listed = try await viewer.get("/consumption-requests")
            try #require(listed.status == 200, "\(listed.text)")
            let entries = listed.json["consumptionRequests"]?.arrayValue ?? []
            // Newest first: Eli's refusal, then Dora's answer.
            #expect(entries.map { $0["transactionId"]?.stringValue } == [eliTransaction, doraTransaction])
            let refused = try #require(entries.first)
            #expect(refused["status"]?.stringValue == "notSent")
            #expect(refused["notSentReason"]?.stringValue == "noConsent")
            #expect(refused["customerId"]?.stringValue == eli)
            #expect(refused["answer"] == nil && refused["queuedAt"] == nil && refused["answeredInTime"] == nil)
            #expect(refused["attempts"]?.intValue == 0)
            #expect(refused["requestedAt"]?.intValue == eliRequestedAt)
            #expect(refused["deadline"]?.intValue == eliRequestedAt + window)
            #expect(refused["timeLeft"]?.intValue == window, "the simulator's clock has not moved since Apple asked")
            let answered = try #require(entries.last)
            #expect(answered["status"]?.stringValue == "pending")
            #expect(answered["notSentReason"] == nil)
            #expect(answered["answer"]?["customerConsented"] == .bool(true))
            #expect(answered["timeLeft"]?.intValue == window - 60_000)

            // Pages of one walk both kinds through one cursor.
            let first = try await viewer.get("/consumption-requests?limit=1")
            let cursor = try #require(first.json["nextCursor"]?.stringValue)
            let second = try await viewer.get("/consumption-requests?limit=1&before=\(cursor)")
            #expect(second.json["nextCursor"] == nil)
            #expect(
                [first, second].map { $0.json["consumptionRequests"]?.arrayValue?.first?["transactionId"]?.stringValue }
                    == [eliTransaction, doraTransaction])

            // Once Apple's window closed, no time is left for either.
            try await e2e.simulator.advance(byMilliseconds: 13 * 3_600_000)
            let late = try await viewer.get("/consumption-requests")
            let lateEntries = late.json["consumptionRequests"]?.arrayValue ?? []
            #expect(lateEntries.first?["status"]?.stringValue == "notSent")
            #expect(lateEntries.first?["timeLeft"]?.intValue == 0)
        }
    }
}
