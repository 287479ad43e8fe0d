import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperLocal
import Testing

/// Finish Transaction where Apple intends it: a one-time purchase Storekeeper delivered from
/// Apple's ONE_TIME_CHARGE before any app presented it is finished at Apple through the outbox,
/// once, audited; a subscription is not; what Apple refuses is skipped after one attempt.
@Suite struct FinishTransactionTests {
    /// Calls the simulator received for Finish Transaction.
    static func finishCalls(_ h: NotificationHarness) -> Int {
        h.simulator.receivedRequests().filter { $0.endpoint == AppStoreServerEndpoint.finishTransaction.rawValue }.count
    }

    @Test(arguments: NotificationBackend.all)
    func deliveredFromApplesReportIsFinishedOnce(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let ada = h.customer("ada")
            // The app never presents it: Storekeeper learns of it from ONE_TIME_CHARGE alone.
            let bought = try await h.buy(ada, account: account, DemoCatalog.gems, submit: false)
            let transactionId = try #require(bought.transaction.transactionId)
            try await h.expectProcessed(.oneTimeCharge, nil)
            #expect(try await h.view(ada).purchases.contains { $0.transactionId == transactionId })
            #expect(
                try await h.audit(ada).contains { $0.kind == "transaction.finishQueued" && $0.subject?.hasSuffix(transactionId) == true })
            #expect(h.simulator.transaction(id: transactionId)?.finishedAt == nil)

            try await h.runOutbox()
            #expect(h.simulator.transaction(id: transactionId)?.finishedAt != nil, "Apple was told it is finished")
            #expect(Self.finishCalls(h) == 1)
            #expect(try await h.audit(ada).filter { $0.kind == "transaction.finished" }.count == 1)

            // Nothing is finished twice: the outbox is done with it, and a subscription (Apple's
            // renewals, not a delivery of the app's) is never finished by Storekeeper.
            try await h.simulator.advance(byMilliseconds: 3_600_000)
            try await h.runOutbox()
            _ = try await h.buy(ada, account: account, DemoCatalog.monthly, submit: false)
            try await h.expectProcessed(.subscribed, .initialBuy)
            try await h.runOutbox()
            #expect(Self.finishCalls(h) == 1)
            #expect(try await h.audit(ada).filter { $0.kind == "transaction.finishQueued" }.count == 1)
        }
    }

    @Test(arguments: NotificationBackend.all)
    func whatAppleRefusesIsSkippedNotRetried(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let bo = h.customer("bo")
            _ = h.simulator.addFault(
                APIFaultRule(
                    endpoint: AppStoreServerEndpoint.finishTransaction.rawValue, kind: .refusal, count: 1,
                    errorCode: APIErrorCode.transactionIdNotFound.rawValue))
            let bought = try await h.buy(bo, account: account, DemoCatalog.gems, submit: false)
            let transactionId = try #require(bought.transaction.transactionId)
            try await h.runOutbox()
            try await h.simulator.advance(byMilliseconds: 3_600_000)
            try await h.runOutbox()
            #expect(Self.finishCalls(h) == 1, "refused for good: never retried")
            #expect(h.simulator.transaction(id: transactionId)?.finishedAt == nil)
            let skipped = try #require(try await h.audit(bo).first { $0.kind == "transaction.finishSkipped" })
            #expect(skipped.details["reason"]?.contains("4040010 TransactionIdNotFoundError") == true, "\(skipped.details)")
        }
    }
}
