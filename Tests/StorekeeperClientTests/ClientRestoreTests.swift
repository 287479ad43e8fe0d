import AppStoreModels
import AppStoreSimulator
import Foundation
import StorekeeperAPIModels
import StorekeeperClient
import StorekeeperClientSimulation
import Testing

/// Restore and plan changes from the app's side.
@Suite struct ClientRestoreTests {
    /// A second device of the same Apple account restores (`AppStore.sync` + current
    /// entitlements): the customer has exactly what they had, nothing granted twice.
    @Test(arguments: ClientBackend.all)
    func restoreOnASecondDeviceGrantsNothingTwice(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let phone = try world.app(on: world.device("phone"))
            await phone.start()
            for product in [DemoCatalog.removeAds, DemoCatalog.monthly, DemoCatalog.gems] {
                guard case .delivered = try await phone.buy(product) else {
                    Issue.record("\(product) not delivered")
                    return
                }
            }
            await phone.stop()
            let before = try await world.serverView()

            let tablet = try world.app(on: world.device("tablet"))
            await tablet.start()
            #expect(await tablet.customer == nil, "a new device has nothing cached")
            let restored = try await tablet.restore()
            #expect(restored.isEmpty, "Storekeeper recorded nothing new")
            #expect(world.log.all.contains(.sync(device: "tablet")))
            let after = try await world.serverView()
            #expect(after.entitlements == before.entitlements)
            #expect(after.balances == before.balances)
            #expect(after.purchases.count == before.purchases.count)
            #expect(await tablet.customer?.has("no_ads") == true)
            #expect(await tablet.customer?.has("premium") == true)
            #expect(await tablet.customer?.balance("gems") == 100)
            // Restoring again changes nothing either.
            try await tablet.restore()
            #expect(try await world.serverView() == after)
            await tablet.stop()
        }
    }

    /// `seeds/003_*`: buy vipA, crossgrade at once to vipB (same level, same duration). Apple
    /// refunds A; the app submits both, then restores: one period of access, B's, never two.
    @Test(arguments: ClientBackend.all)
    func sameDurationCrossgradeGrantsOnePeriod(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let app = try world.app(on: world.device())
            await app.start()
            guard case .delivered(let a, _) = try await app.buy(DemoCatalog.monthly) else {
                Issue.record("A not delivered")
                return
            }
            try await world.simulator.advance(byMilliseconds: 60_000)
            guard case .delivered(let b, let customer) = try await app.buy(DemoCatalog.monthlyB) else {
                Issue.record("B not delivered")
                return
            }
            let bExpiry = try #require(world.simulator.transaction(id: b)?.payload.expiresDate).millisecondsSince1970
            #expect(world.simulator.transaction(id: a)?.payload.isUpgraded == true)
            try await app.restore()
            for view in [customer, try #require(await app.customer), try await world.serverView()] {
                let premium = view.entitlements.first { $0.id == "premium" }
                #expect(premium?.expiresAt == bExpiry, "one period: B's, not A's plus B's")
                #expect(premium?.productId == DemoCatalog.monthlyB)
                #expect(view.subscriptions.count == 1)
            }
            #expect(Set(world.log.finished) == [a, b])
            world.expectFinishedOnlyAfterAcknowledgement()
            await app.stop()
        }
    }
}
