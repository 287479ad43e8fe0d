import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperLocal

/// The demo's six steps: one per product type, a renewal, a restore, a guest merged into an account.
extension DemoScript {
    static let alice = "alice"
    static let aliceApple = "alice-apple"
    static let guestDevice = "guest:ipad-7f3c"
    static let bob = "bob"
    static let bobApple = "bob-apple"

    func header() {
        timeline.line("Storekeeper demo: the App Store simulator and a Storekeeper server, wired together on loopback.")
        timeline.line("The App Store clock is sandbox-accelerated, as in Apple's sandbox: a monthly subscription renews every 5 minutes.")
        timeline.line()
        timeline.line(
            "  App Store simulator   \(stack.simulatorURL)   (signs with its own Apple-shaped root; Storekeeper trusts it in development mode)"
        )
        timeline.line(
            "  Storekeeper           \(stack.storekeeperURL)   app \"\(stack.app.id)\" = \(stack.app.bundleId), SQLite \(databasePath)")
        timeline.line("  the app's backend     receives Storekeeper's signed webhooks")
        timeline.line()
        timeline.line(
            "API paths below are under \(stack.appURL.dropFirst(stack.storekeeperURL.count)); times of day are UTC (the simulated clock).")
        timeline.line("\"alice's app\" calls with a customer token its backend signed; \"backend\" calls with the server API key.")
        timeline.line(
            "The apps are Storekeeper's app package (Client/: PurchaseClient) over a StoreKit the simulator plays; they trust "
                + "only answers Storekeeper signed.")
    }

    /// 1. A consumable: an order, the payment, the notification, the submission, a spend.
    func consumable() async throws {
        timeline.step(1, "A consumable: alice buys 100 gems")
        let alice = try Self.customer(Self.alice)
        try stack.simulator.upsertAccount(SimulatedAccount(id: Self.aliceApple, environment: .sandbox))
        let app = try await device("alice's app", for: alice, appleAccount: Self.aliceApple)
        try await purchase(app, DemoCatalog.gems)
        try await settle([alice])

        let spend: [String: Any] = ["currency": "gems", "amount": 30, "idempotencyKey": "sword-0001", "reference": "a sword"]
        let spent = try await server.post("/customers/alice/spend", spend, as: SpendResponse.self)
        timeline.detail("gems balance \(spent.balance)")
        let again = try await server.post(
            "/customers/alice/spend", spend, summary: "(the same request again: a retry)", as: SpendResponse.self)
        timeline.detail("replayed: \(again.replayed), gems balance still \(again.balance): one spend per idempotency key")
        let views = try await settle([alice])
        expect(views[alice]?.balances["gems"] == 70, "alice should have 70 gems after buying 100 and spending 30")
        expect(again.replayed, "the repeated spend should be a replay")
    }

    /// 2. A non-consumable: an entitlement that never expires.
    func nonConsumable() async throws {
        timeline.step(2, "A non-consumable: alice removes the ads")
        let alice = try Self.customer(Self.alice)
        let app = try await device("alice's app", for: alice, appleAccount: Self.aliceApple)
        try await purchase(app, DemoCatalog.removeAds)
        let views = try await settle([alice])
        expect(views[alice]?.has("no_ads") == true, "alice should have no_ads")
    }

    /// 3. A non-renewing subscription: a fixed period the app's own server must track.
    func nonRenewingSubscription() async throws {
        timeline.step(3, "A non-renewing subscription: alice buys a 3-month season pass")
        let alice = try Self.customer(Self.alice)
        let app = try await device("alice's app", for: alice, appleAccount: Self.aliceApple)
        try await purchase(app, DemoCatalog.seasonPass)
        timeline.detail("Apple never expires a non-renewing subscription: Storekeeper ends it after the catalog's P3M")
        let views = try await settle([alice])
        expect(views[alice]?.has("season_pass") == true, "alice should have season_pass")
    }

    /// 4. An auto-renewable subscription that renews by itself on the accelerated clock.
    func autoRenewableSubscription() async throws {
        timeline.step(4, "An auto-renewable subscription: alice subscribes monthly, and it renews")
        let alice = try Self.customer(Self.alice)
        let app = try await device("alice's app", for: alice, appleAccount: Self.aliceApple)
        let bought = try await purchase(app, DemoCatalog.monthly)
        let before = try await settle([alice])[alice]
        let firstExpiry = before?.subscriptions.first?.expiresAt
        expect(before?.has("premium") == true, "alice should have premium")

        // Fast-forward to a few seconds before the period ends; the renewal itself happens on
        // the running clock, as Apple's would.
        guard let expires = bought.transaction.expiresDate, let original = bought.transaction.originalTransactionId else {
            expect(false, "the subscription has no expiry")
            return
        }
        let jump = expires.millisecondsSince1970 - stack.simulator.now().millisecondsSince1970 - 3_000
        if jump > 0 { try await stack.simulator.advance(byMilliseconds: jump) }
        timeline.event(
            "demo",
            "fast-forwards the App Store clock by \(DemoTimeline.duration(milliseconds: max(jump, 0))) "
                + "(≈ \(max(jump, 0) * 8640 / 86_400_000) days of an accelerated month); now \(DemoTimeline.time(stack.simulator.now()))")
        timeline.detail("Storekeeper's clock is the simulator's; the renewal is due at \(DemoTimeline.time(expires)). Waiting for it…")

        let deadline = ContinuousClock.now + .seconds(30)
        var renewed: JWSTransactionDecodedPayload?
        while ContinuousClock.now < deadline {
            let subscription = stack.simulator.subscription(originalTransactionId: original)
            if let latest = subscription?.latestTransactionId, latest != bought.transaction.transactionId,
                let transaction = stack.simulator.transaction(id: latest),
                stack.simulator.notifications(bundleId: DemoCatalog.bundleId).contains(where: {
                    $0.originalTransactionId == original && $0.notificationType == .didRenew && !$0.sendAttempts.isEmpty
                })
            {
                renewed = transaction.payload
                break
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        guard let renewed else {
            expect(false, "the subscription did not renew within 30 seconds")
            return
        }
        timeline.event(
            "App Store",
            "renews \(DemoTimeline.product(DemoCatalog.monthly)) for \(Self.aliceApple): charges "
                + DemoTimeline.price(renewed.price, renewed.currency))
        timeline.detail(
            "signed transaction \(renewed.transactionId ?? "?") (original \(original)): period "
                + "\(renewed.purchaseDate.map(DemoTimeline.time) ?? "?") – \(renewed.expiresDate.map(DemoTimeline.time) ?? "?"), "
                + "new webOrderLineItemId \(renewed.webOrderLineItemId ?? "?")")
        showNotifications()
        let after = try await settle([alice])[alice]
        let secondExpiry = after?.subscriptions.first?.expiresAt
        expect(
            secondExpiry != nil && firstExpiry != nil && secondExpiry! > firstExpiry!,
            "Storekeeper should extend premium after DID_RENEW")
        expect(after?.has("premium") == true, "alice should still have premium after the renewal")
    }

    /// 5. Restore on a new device: the same Apple account's current entitlements, granted once.
    func restore() async throws {
        timeline.step(5, "Restore: alice signs in on a new iPhone and taps Restore Purchases")
        let alice = try Self.customer(Self.alice)
        let app = try await device("alice's new app", for: alice, appleAccount: Self.aliceApple)
        let before = try await server.get("/customers/alice", as: CustomerBody.self, quiet: true)
        timeline.event(
            app.name,
            "Restore Purchases with the package: AppStore.sync(), then every current entitlement (Transaction."
                + "currentEntitlements) → POST /customers/alice/restore")
        let restored = try await app.client.restore()
        timeline.detail(
            "the answer verified; \(restored.count) transactions presented; entitlements and gems unchanged: consumables "
                + "are not restored, nothing is granted twice")
        let views = try await settle([alice])
        expect(views[alice]?.balances["gems"] == 70, "a restore must not change alice's gems")
        expect(
            ["no_ads", "season_pass", "premium"].allSatisfy { views[alice]?.has($0) == true },
            "alice should keep no_ads, season_pass and premium after the restore")
        for entitlement in before.entitlements {
            let after = views[alice]?.entitlements.first { $0.id == entitlement.id }
            expect(
                after?.expiresAt == entitlement.expiresAt,
                "a restore must not move \(entitlement.id)'s end (\(entitlement.expiresAt.map(DemoTimeline.time) ?? "never") → \(after?.expiresAt.map(DemoTimeline.time) ?? "never"))"
            )
        }
    }

    /// 6. A guest buys without an account, then signs up: the backend merges the guest into the account.
    func guestMergedIntoAccount() async throws {
        timeline.step(6, "A guest buys on an iPad, then signs up as bob: the guest's purchases move to bob")
        let guest = try Self.customer(Self.guestDevice)
        let bob = try Self.customer(Self.bob)
        try stack.simulator.upsertAccount(SimulatedAccount(id: Self.bobApple, environment: .sandbox))
        let app = try await device("iPad (guest)", for: guest, appleAccount: Self.bobApple)
        for product in [DemoCatalog.gems, DemoCatalog.removeAds] { try await purchase(app, product) }
        try await settle([guest])

        timeline.event("bob", "signs up on the iPad; the app's backend links the device to the new account")
        let merged = try await server.post(
            "/customers/bob/aliases", ["alias": guest.rawValue], as: CustomerBody.self)
        timeline.detail("merged: \(merged.purchases.count) purchases, the wallet and open orders moved to bob")
        let bobApp = self.app("bob's app", for: bob)
        let forbidden = try await bobApp.get("/customers/alice", as: APIErrorBody.self, expect: 403)
        timeline.detail("\(forbidden.error.code): a customer token acts only for its own customer")
        let views = try await settle([bob, guest])
        expect(views[bob]?.balances["gems"] == 100, "bob should have the guest's 100 gems")
        expect(views[bob]?.has("no_ads") == true, "bob should have the guest's no_ads")
        expect(views[guest]?.has("no_ads") == false, "the merged guest should keep nothing")
    }
}
