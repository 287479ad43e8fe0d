import AppStoreModels
import AppStoreSimulator
import Foundation
import StorekeeperAPIModels
import StorekeeperClient
import StorekeeperClientSimulation
import Testing

/// Nothing paid is lost: a kill between Apple's payment and the submission, a server that is
/// down, a renewal while the app was closed. Apple's notifications are dropped in these tests,
/// so what Storekeeper learns, it learns from the app.
@Suite struct ClientRecoveryTests {
    /// The app dies after Apple took the payment and before it submitted anything. Relaunched,
    /// it finds the unfinished transaction, submits it, and the customer is credited once.
    @Test(arguments: ClientBackend.all)
    func killedAfterPaymentIsCreditedOnceAfterRelaunch(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            world.dropNotifications()
            let device = world.device()
            device.nextPurchases(.killAfterPayment)
            let app = try world.app(on: device)
            await app.start()
            let purchase = Task { try await app.buy(DemoCatalog.gems) }
            try await waitUntil("Apple took the payment") {
                world.log.all.contains { if case .paid = $0 { true } else { false } }
            }
            purchase.cancel()
            _ = await purchase.result
            await app.stop()
            #expect(try await world.serverView().balance("gems") == 0)
            #expect(world.log.finished.isEmpty)

            let relaunched = try world.app(on: device)
            await relaunched.start()
            #expect(await relaunched.customer?.balance("gems") == 100)
            #expect(try await world.serverView().balance("gems") == 100)
            #expect(world.log.finished.count == 1)
            await relaunched.stop()

            let again = try world.app(on: device)
            await again.start()
            #expect(try await world.serverView().balance("gems") == 100, "credited once")
            #expect(world.log.finished.count == 1)
            world.expectFinishedOnlyAfterAcknowledgement()
            await again.stop()
        }
    }

    /// Storekeeper is down when the proof is submitted (503), then unreachable (nothing
    /// listens) across a relaunch: the proof stays queued on disk and nothing is finished. Back
    /// up, the next launch drains it: credited once, then finished.
    @Test(arguments: ClientBackend.all)
    func serverDownDuringPurchaseIsDrainedLater(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            world.dropNotifications()
            let device = world.device()
            let app = try world.app(on: device)
            await app.start()
            world.proxy.set(.unavailable("/purchases"))
            guard case .awaitingServer(let transactionId, _) = try await app.buy(DemoCatalog.gems) else {
                Issue.record("delivered while the server was down")
                return
            }
            #expect(await app.pendingProofs.map(\.transaction.id) == [transactionId])
            #expect(await app.activity == .deliveringPaidPurchases(count: 1))
            await app.stop()
            #expect(world.log.finished.isEmpty)

            let deadPort = try #require(URL(string: "http://127.0.0.1:9"))
            let offline = try world.app(on: device, baseURL: deadPort)
            await offline.start()
            #expect(await offline.pendingProofs.count == 1)
            await offline.stop()
            #expect(world.log.finished.isEmpty)
            #expect(try await world.serverView().balance("gems") == 0)

            world.proxy.set(.sign(key: 0))
            let relaunched = try world.app(on: device)
            await relaunched.start()
            #expect(await relaunched.pendingProofs.isEmpty)
            #expect(try await world.serverView().balance("gems") == 100)
            #expect(world.log.finished == [transactionId])
            world.expectFinishedOnlyAfterAcknowledgement()
            await relaunched.stop()
        }
    }

    /// While the app runs, a queued proof is retried with backoff until Storekeeper is back.
    @Test(arguments: ClientBackend.all)
    func queueDrainsWithBackoffWhenTheServerReturns(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            world.dropNotifications()
            let app = try world.app(on: world.device())
            await app.start()
            world.proxy.set(.unavailable("/purchases"))
            guard case .awaitingServer(let transactionId, _) = try await app.buy(DemoCatalog.gems) else {
                Issue.record("delivered while the server was down")
                return
            }
            try await waitUntil("retried while down") { await app.pendingProofs.first?.attempts ?? 0 >= 2 }
            #expect(world.log.finished.isEmpty)
            world.proxy.set(.sign(key: 0))
            // The background drain takes the proof off the queue before it finishes the
            // transaction (a kill between the two must leave it unfinished): wait for both.
            try await waitUntil("the queue drained and the transaction was finished") {
                await app.pendingProofs.isEmpty && !world.log.finished.isEmpty
            }
            #expect(world.log.finished == [transactionId])
            #expect(try await world.serverView().balance("gems") == 100)
            world.expectFinishedOnlyAfterAcknowledgement()
            await app.stop()
        }
    }

    /// A renewal that happened while the app was closed is an unfinished transaction at the
    /// next launch: submitted, and the subscription's new period shows.
    @Test(arguments: ClientBackend.all)
    func renewalWhileClosedIsPickedUpAtLaunch(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            world.dropNotifications()
            let device = world.device()
            let app = try world.app(on: device)
            await app.start()
            guard case .delivered(_, let first) = try await app.buy(DemoCatalog.monthly) else {
                Issue.record("not delivered")
                return
            }
            let firstExpiry = try #require(first.entitlements.first { $0.id == "premium" }?.expiresAt)
            await app.stop()

            try await world.simulator.advance(by: .oneMonth)
            let original = try #require(first.subscriptions.first?.originalTransactionId)
            let renewedExpiry = try #require(world.simulator.subscription(originalTransactionId: original)?.expiresDate)
            #expect(renewedExpiry.millisecondsSince1970 > firstExpiry)

            let relaunched = try world.app(on: device)
            await relaunched.start()
            let premium = await relaunched.customer?.entitlements.first { $0.id == "premium" }
            #expect(premium?.expiresAt == renewedExpiry.millisecondsSince1970)
            #expect(premium?.isActive == true)
            #expect(
                try await world.serverView().entitlements.first { $0.id == "premium" }?.expiresAt == renewedExpiry.millisecondsSince1970)
            #expect(world.log.finished.count == 2)
            world.expectFinishedOnlyAfterAcknowledgement()
            await relaunched.stop()
        }
    }
}
