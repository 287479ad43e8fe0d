import AppStoreModels
import AppStoreSimulator
import Foundation
import StorekeeperApplication
import StorekeeperClient
import StorekeeperClientSimulation
import Testing

/// Finish Transaction as Apple documents it: a transaction the server finished is no longer
/// unfinished for the app. The app dies after Apple took the payment; Apple's ONE_TIME_CHARGE
/// reaches Storekeeper, which credits the customer and finishes the transaction at Apple. The
/// relaunched app finds nothing unfinished, so it submits and finishes nothing — and the
/// customer is credited once.
@Suite struct ClientServerFinishTests {
    @Test(arguments: ClientBackend.all)
    func aTransactionTheServerFinishedIsNotUnfinishedForTheApp(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
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
            let paid = try #require(
                world.log.all.compactMap { if case .paid(_, let id) = $0 { id } else { nil } }.first)
            #expect(try await world.serverView().balance("gems") == 100, "credited from Apple's ONE_TIME_CHARGE")
            #expect(await device.unfinished().map(\.id) == [paid])

            let outbox = try #require(world.stack.builder.backgroundJobs().first { $0.name == "outbox" })
            _ = try await outbox.runOnce()
            #expect(world.simulator.transaction(id: paid)?.finishedAt != nil)
            #expect(await device.unfinished().isEmpty, "finished by the server")

            let relaunched = try world.app(on: device)
            await relaunched.start()
            #expect(await relaunched.pendingProofs.isEmpty)
            #expect(world.log.finished.isEmpty, "the app had nothing left to finish")
            #expect(try await world.serverView().balance("gems") == 100, "credited once")
            await relaunched.stop()
        }
    }
}
