import AppStoreModels
import AppStoreSimulator
import Foundation
import StorekeeperAPIModels
import StorekeeperClient
import StorekeeperClientSimulation
import Testing

/// The purchase flow of the app package against Storekeeper and the App Store simulator.
@Suite struct ClientPurchaseTests {
    /// A consumable bought through the package is credited exactly once, the transaction is
    /// finished once, after Storekeeper's signed acknowledgement, and the app's cached customer
    /// shows the credit.
    @Test(arguments: ClientBackend.all)
    func consumableIsCreditedOnce(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let app = try world.app(on: world.device())
            await app.start()
            let changes = await app.changes()
            let outcome = try await app.buy(DemoCatalog.gems)
            guard case .delivered(let transactionId, let customer) = outcome else {
                Issue.record("not delivered: \(outcome)")
                return
            }
            #expect(customer.balance("gems") == 100)
            #expect(await app.customer?.balance("gems") == 100)
            var iterator = changes.makeAsyncIterator()
            #expect(await iterator.next()?.balance("gems") == 100)
            #expect(world.log.finished == [transactionId])
            #expect(await app.pendingProofs.isEmpty)
            #expect(await app.activity == .idle)
            let view = try await world.serverView()
            #expect(view.balance("gems") == 100)
            #expect(view.purchases.first { $0.transactionId == transactionId }?.orderId != nil, "paid the order it was bought for")
            // Bought again: a second credit, never a third from the first.
            guard case .delivered = try await app.buy(DemoCatalog.gems) else {
                Issue.record("the second purchase was not delivered")
                return
            }
            #expect(try await world.serverView().balance("gems") == 200)
            #expect(world.log.finished.count == 2)
            world.expectFinishedOnlyAfterAcknowledgement()
            await app.stop()
        }
    }

    /// The customer cancels the payment sheet: the order is cancelled, nothing is finished. A
    /// payment that fails throws, closes its order, and the next purchase goes ahead.
    @Test(arguments: ClientBackend.all)
    func cancelledAndFailedPurchases(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let device = world.device()
            let app = try world.app(on: device)
            await app.start()
            device.nextPurchases(.cancel, .fail)
            guard case .cancelled(let order) = try await app.buy(DemoCatalog.removeAds) else {
                Issue.record("not cancelled")
                return
            }
            #expect(order.state == "cancelled")
            await #expect(throws: StorekeeperClientError.self) { try await app.buy(DemoCatalog.removeAds) }
            guard case .delivered(_, let customer) = try await app.buy(DemoCatalog.removeAds) else {
                Issue.record("the purchase after a failure was not delivered")
                return
            }
            #expect(customer.has("no_ads"))
            #expect(world.log.finished.count == 1)
            world.expectFinishedOnlyAfterAcknowledgement()
            await app.stop()
        }
    }

    /// Ask to Buy: the purchase is pending and its order marked so; buying the product again
    /// meanwhile is "payment in progress", not a second payment sheet. A day later (simulated)
    /// the parent approves; the transaction reaches the running app through StoreKit's updates,
    /// is submitted, credited once and finished.
    @Test(arguments: ClientBackend.all)
    func askToBuyApprovedADayLater(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let device = world.device()
            let app = try world.app(on: device)
            await app.start()
            device.nextPurchases(.askToBuy)
            guard case .pending(let order) = try await app.buy(DemoCatalog.gems) else {
                Issue.record("not pending")
                return
            }
            #expect(order.state == "pending")
            #expect(world.account.pendingApprovals.count == 1)
            guard case .paymentInProgress(let inProgress) = try await app.buy(DemoCatalog.gems) else {
                Issue.record("a second order while the first waits is not payment in progress")
                return
            }
            #expect(inProgress.id == order.id)
            #expect(world.log.all.filter { if case .purchase = $0 { true } else { false } }.count == 1)

            try await world.simulator.advance(byMilliseconds: 86_400_000)
            let approved = try await world.account.approveAll()
            let transactionId = try #require(approved.first?.transaction.transactionId)
            try await waitUntil("the approved purchase is delivered") { world.log.finished.contains(transactionId) }
            #expect(await app.customer?.balance("gems") == 100)
            #expect(try await world.serverView().balance("gems") == 100)
            #expect(world.log.finished == [transactionId])
            world.expectFinishedOnlyAfterAcknowledgement()
            await app.stop()
        }
    }
}
