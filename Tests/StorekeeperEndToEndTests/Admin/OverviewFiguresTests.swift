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

/// The admin overview, refunds and consumption views against the simulator: a scripted month
/// (trial → paid → renewal → refund → churn, and a refunded gem pack) lands on the right days,
/// replaying every fact changes no figure, viewers read them and nobody else's operators can.
@Suite struct OverviewFiguresTests {
    @Test(arguments: E2EBackend.all)
    func aScriptedMonthLandsOnItsDaysAndReplaysCountNothing(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let simulator = e2e.simulator
            let alice = e2e.customer("alice")
            let bob = e2e.customer("bob")
            let aliceAccount = try e2e.appleAccount("apple-alice-\(e2e.tag)")
            let bobAccount = try e2e.appleAccount("apple-bob-\(e2e.tag)")

            // Day 0: alice starts a free week of the monthly subscription; bob buys 100 gems.
            let order = try await e2e.createOrder(alice, product: DemoCatalog.monthly)
            let trial = try await simulator.purchase(
                PurchaseRequest(
                    accountId: aliceAccount, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly,
                    appAccountToken: order.appAccountToken, offer: PurchaseOffer(kind: .introductory)))
            #expect(try await e2e.submit(alice, signedTransaction: trial.signedTransaction).status == 200)
            let original = try #require(trial.transaction.originalTransactionId)
            let start = FigureDay(containing: simulator.now())
            let gemsOrder = try await e2e.createOrder(bob, product: DemoCatalog.gems)
            let gems = try await e2e.buy(DemoCatalog.gems, account: bobAccount, token: gemsOrder.appAccountToken)
            #expect(try await e2e.submit(bob, signedTransaction: gems.signedTransaction).status == 200)
            var aliceTransactions = [try #require(trial.transaction.transactionId)]

            // Day 7: the trial converts; a month later it renews; two days after, Apple refunds
            // the renewal and alice's access ends (churn). Bob's gems are refunded the same day.
            try await simulator.advance(by: .oneWeek)
            let converted = FigureDay(containing: simulator.now())
            aliceTransactions.append(try #require(simulator.subscription(originalTransactionId: original)).latestTransactionId)
            try await simulator.advance(by: .oneMonth)
            let renewed = FigureDay(containing: simulator.now())
            let renewal = try #require(simulator.subscription(originalTransactionId: original)).latestTransactionId
            aliceTransactions.append(renewal)
            try await simulator.advance(byMilliseconds: 2 * 86_400_000)
            let refunded = FigureDay(containing: simulator.now())
            try await simulator.refund(transactionId: renewal, reason: .appIssue)
            try await simulator.refund(transactionId: try #require(gems.transaction.transactionId), reason: .other)
            #expect(Set(aliceTransactions).count == 3, "trial, conversion and renewal are three transactions")

            let query = "/overview?environment=Sandbox&from=\(start.adding(days: -1))&to=\(refunded.adding(days: 3))"
            let first = try await viewer.get(query)
            try #require(first.status == 200, "\(first.text)")
            let days = try #require(first.json["days"]?.arrayValue)
            func day(_ date: FigureDay) throws -> JSONValue {
                let found = days.first { $0["date"]?.stringValue == date.description }
                return try #require(found, "no figures of \(date)")
            }
            func active(_ date: FigureDay) throws -> [String: Int64] {
                var phases: [String: Int64] = [:]
                for product in try day(date)["active"]?["byProduct"]?.arrayValue ?? [] {
                    for phase in ["trial", "intro", "promotional", "standard", "grace", "billingRetry"] {
                        if let count = product[phase]?.int64, count != 0 { phases[phase, default: 0] += count }
                    }
                }
                return phases
            }
            #expect(days.count == refunded.daysSince1970 - start.daysSince1970 + 5)
            #expect(try active(start.adding(days: -1)) == [:])
            #expect(try active(start) == ["trial": 1])
            #expect(try day(start)["new"]?.int64 == 1)
            #expect(try active(converted.adding(days: -1)) == ["trial": 1])
            #expect(try active(converted) == ["standard": 1])
            #expect(try day(converted)["trialsConverted"]?.int64 == 1)
            #expect(try day(converted)["renewed"]?.int64 == 1)
            #expect(try day(renewed)["renewed"]?.int64 == 1)
            #expect(try active(refunded.adding(days: -1)) == ["standard": 1])
            #expect(try active(refunded) == [:])
            #expect(try day(refunded)["refunds"]?.int64 == 2)
            #expect(try day(refunded)["churned"]?.int64 == 1)
            let totals = try #require(first.json["totals"])
            #expect(totals["new"]?.int64 == 1)
            #expect(totals["renewed"]?.int64 == 2)
            #expect(totals["trialsConverted"]?.int64 == 1)
            #expect(totals["churned"]?.int64 == 1)
            #expect(totals["refunds"]?.int64 == 2)
            let usd = try #require(totals["revenue"]?.arrayValue?.first { $0["currency"]?.stringValue == "USD" })
            let month: Int64 = 4_990
            let pack: Int64 = 990
            let paid: Int64 = month * 2 + pack
            let proceeds: Int64 = (month * 70 / 100) * 2 + pack * 70 / 100
            let refundedMoney: Int64 = month + pack
            #expect(usd["customerPrice"]?.int64 == paid, "two paid months and a gem pack; the trial was free")
            #expect(usd["estimatedProceeds"]?.int64 == proceeds)
            #expect(usd["refunded"]?.int64 == refundedMoney)

            // Every fact again, signed anew (a restore, a resync): the figures do not move.
            for id in aliceTransactions {
                #expect(try await e2e.submit(alice, signedTransaction: try simulator.signedTransaction(id: id)).status == 200)
            }
            #expect(
                try await e2e.submit(
                    bob, signedTransaction: try simulator.signedTransaction(id: try #require(gems.transaction.transactionId))
                ).status == 200)
            let again = try await viewer.get(query)
            #expect(again.json["days"] == first.json["days"], "replayed facts moved the figures")
            #expect(again.json["totals"] == first.json["totals"])

            // The refunds view: newest first, the gems with what their refund took back.
            let refunds = try await viewer.get("/refunds?from=\(refunded)&to=\(refunded)")
            try #require(refunds.status == 200, "\(refunds.text)")
            let listed = try #require(refunds.json["refunds"]?.arrayValue)
            #expect(Set(listed.compactMap { $0["transactionId"]?.stringValue }) == [renewal, try #require(gems.transaction.transactionId)])
            let gemRefund = try #require(listed.first { $0["productId"]?.stringValue == DemoCatalog.gems })
            #expect(gemRefund["customerId"]?.stringValue == bob)
            #expect(gemRefund["kind"]?.stringValue == "refunded")
            let wallet = try #require(gemRefund["wallet"]?.arrayValue?.first)
            #expect(wallet["currency"]?.stringValue == "gems")
            #expect(wallet["refunded"]?.int64 == 100)
            #expect(wallet["collected"]?.int64 == 100)
            #expect(wallet["debt"]?.int64 == 0)
            let subscriptionRefund = try #require(listed.first { $0["productId"]?.stringValue == DemoCatalog.monthly })
            #expect(subscriptionRefund["revocationReason"]?.int64 == 1)
            #expect(subscriptionRefund["wallet"]?.arrayValue == [])
            // One at a time, through the cursor.
            let page = try await viewer.get("/refunds?limit=1")
            let cursor = try #require(page.json["nextCursor"]?.stringValue)
            let rest = try await viewer.get("/refunds?limit=1&before=\(cursor)")
            #expect(rest.json["nextCursor"] == nil)
            #expect(
                Set([page, rest].compactMap { $0.json["refunds"]?.arrayValue?.first?["transactionId"]?.stringValue })
                    == Set(listed.compactMap { $0["transactionId"]?.stringValue }))
            #expect(try await viewer.get("/refunds?from=\(refunded.adding(days: 1))").json["refunds"]?.arrayValue == [])
        }
    }

    /// A refund request answered with consumption data: the view shows the answer, its sending
    /// and the time left in Apple's window, before and after the outbox sends it.
    @Test(arguments: E2EBackend.all)
    func consumptionRequestsShowTheAnswerAndTheWindow(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let carol = e2e.customer("carol")
            let account = try e2e.appleAccount("apple-carol-\(e2e.tag)")
            let consent = try await e2e.server.send(
                .PUT, "/customers/\(carol)/consumption-consent", body: try JSONSerialization.data(withJSONObject: ["consented": true]))
            #expect(consent.status == 200, "\(consent.text)")
            let order = try await e2e.createOrder(carol, product: DemoCatalog.gems)
            let bought = try await e2e.buy(DemoCatalog.gems, account: account, token: order.appAccountToken)
            #expect(try await e2e.submit(carol, signedTransaction: bought.signedTransaction).status == 200)
            let transactionId = try #require(bought.transaction.transactionId)
            try await e2e.simulator.requestRefund(transactionId: transactionId, reason: .unintendedPurchase)
            let requestedAt = e2e.simulator.now()

            let pending = try await viewer.get("/consumption-requests")
            try #require(pending.status == 200, "\(pending.text)")
            let entry = try #require(pending.json["consumptionRequests"]?.arrayValue?.first)
            #expect(entry["transactionId"]?.stringValue == transactionId)
            #expect(entry["customerId"]?.stringValue == carol)
            #expect(entry["status"]?.stringValue == "pending")
            #expect(entry["answer"]?["customerConsented"] == .bool(true))
            #expect(entry["answer"]?["deliveryStatus"]?.stringValue == "DELIVERED")
            let deadline = try #require(entry["deadline"]?.int64)
            #expect(deadline <= requestedAt.millisecondsSinceEpochPlus(hours: 12))
            let left = try #require(entry["timeLeft"]?.int64)
            #expect(left > 11 * 3_600_000 && left <= 12 * 3_600_000, "almost all of Apple's 12 hours are left: \(left)")

            try await e2e.simulator.advance(byMilliseconds: 3_600_000)
            let dispatcher = try #require(e2e.stack.builder.backgroundJobs().compactMap { $0 as? OutboxDispatcher }.first)
            _ = try await dispatcher.runOnce()
            let sent = try await viewer.get("/consumption-requests")
            let delivered = try #require(sent.json["consumptionRequests"]?.arrayValue?.first)
            #expect(delivered["status"]?.stringValue == "delivered")
            #expect(delivered["answeredInTime"] == .bool(true))
            #expect(delivered["timeLeft"] == nil)
            #expect(e2e.simulator.consumptionReports().count == 1)
        }
    }

    /// Viewers read every figure; a server key cannot; another app's operator cannot tell the
    /// app exists; bad ranges are refused with a clear error.
    @Test(arguments: E2EBackend.all)
    func whoReadsTheFigures(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.additionalApps = [$0.appId + "-b": []] }) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let otherApp = e2e.stack.app.id + "-b"
            let theirs = try await e2e.createOperator(.admin, apps: [otherApp])
            let paths = ["/overview", "/overview/operations", "/refunds", "/consumption-requests"]
            for path in paths {
                let read = try await viewer.get(path)
                #expect(read.status == 200, "\(path): \(read.text)")
                let foreign = try await e2e.adminClient(credential: theirs.key).get(path)
                #expect(foreign.status == 404, "\(path): \(foreign.text)")
                #expect(foreign.errorCode == "notFound")
                let server = try await e2e.adminClient(credential: e2e.stack.apiKey).get(path)
                #expect(server.status == 403, "\(path): \(server.text)")
            }
            let operations = try await viewer.get("/overview/operations")
            #expect(operations.json["notifications"]?["pending"]?.int64 == 0)
            #expect(operations.json["outbox"]?["pending"]?.int64 == 0)
            let empty = try await viewer.get("/overview?from=2026-01-01&to=2026-01-03")
            #expect(empty.json["days"]?.arrayValue?.map { $0["date"]?.stringValue } == ["2026-01-01", "2026-01-02", "2026-01-03"])
            for bad in [
                "/overview?from=2026-02-30", "/overview?from=2026-01-05&to=2026-01-01", "/overview?from=2024-01-01&to=2026-01-01",
                "/overview?environment=Staging", "/refunds?before=nope", "/refunds?limit=0", "/consumption-requests?before=x",
            ] {
                let refused = try await viewer.get(bad)
                #expect(refused.status == 400, "\(bad): \(refused.text)")
                #expect(refused.errorCode == "invalidRequest", "\(bad)")
            }
        }
    }
}

extension JSONValue {
    fileprivate var int64: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }
}

extension Timestamp {
    fileprivate func millisecondsSinceEpochPlus(hours: Int64) -> Int64 { millisecondsSince1970 + hours * 3_600_000 }
}
