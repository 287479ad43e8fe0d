import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

@Suite("Lifecycle operations and the notifications Apple documents for them")
struct LifecycleTests {
    let month: Int64 = 5 * 60_000  // accelerated

    func simulator(gracePeriodDays: Int? = 16) throws -> AppStoreSimulator {
        try Fixtures.simulator(
            notificationURL: "http://receiver.invalid/", gracePeriodDays: gracePeriodDays, transport: ScriptedTransport())
    }

    @Test("one-time purchases of each kind send ONE_TIME_CHARGE; a non-consumable is owned once")
    func oneTimePurchases() async throws {
        let simulator = try simulator()
        try simulator.upsertAccount(SimulatedAccount(id: "solo"))
        let gems = try await simulator.purchase(
            PurchaseRequest(accountId: "solo", bundleId: Fixtures.bundleId, productId: DemoCatalog.gems, quantity: 3))
        #expect(gems.transaction.quantity == 3 && gems.transaction.type == .consumable && gems.transaction.expiresDate == nil)
        try await simulator.purchase(PurchaseRequest(accountId: "solo", bundleId: Fixtures.bundleId, productId: DemoCatalog.seasonPass))
        try await simulator.purchase(PurchaseRequest(accountId: "solo", bundleId: Fixtures.bundleId, productId: DemoCatalog.removeAds))
        await #expect(throws: SimulatorError.self) {
            try await simulator.purchase(PurchaseRequest(accountId: "solo", bundleId: Fixtures.bundleId, productId: DemoCatalog.removeAds))
        }
        #expect(Fixtures.events(simulator) == Array(repeating: "ONE_TIME_CHARGE", count: 3))
    }

    @Test("Family Sharing: members get FAMILY_SHARED copies; a revoke sends REVOKE to them")
    func familySharing() async throws {
        let simulator = try simulator()
        let purchase = try await simulator.purchase(Fixtures.purchase(DemoCatalog.removeAds))
        let memberId = try #require(purchase.familyTransactionIds.first)
        let member = try #require(simulator.transaction(id: memberId))
        #expect(member.accountId == Fixtures.carol && member.payload.inAppOwnershipType == .familyShared)
        #expect(member.payload.price == nil)
        #expect(Fixtures.events(simulator, account: Fixtures.carol) == ["ONE_TIME_CHARGE"])

        let revoked = try await simulator.revokeFamilySharing(transactionId: try #require(purchase.transaction.transactionId))
        #expect(revoked == [memberId])
        #expect(Fixtures.events(simulator, account: Fixtures.carol) == ["ONE_TIME_CHARGE", "REVOKE"])
        #expect(simulator.transaction(id: memberId)?.payload.revocationType == .familyRevoke)

        let subscription = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
        try await simulator.advance(byMilliseconds: month)
        #expect(Fixtures.events(simulator, account: Fixtures.carol).suffix(2) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
        let sharedOriginal = try #require(subscription.transaction.originalTransactionId)
        try await simulator.refund(
            transactionId: try #require(simulator.subscription(originalTransactionId: sharedOriginal)?.latestTransactionId))
        #expect(Fixtures.events(simulator, account: Fixtures.carol).last == "REVOKE", "a refund revokes the shared copies")
    }

    @Test("refund request, decline, refund and reversal of a consumable")
    func refundFlow() async throws {
        let simulator = try simulator()
        let id = try #require(try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems)).transaction.transactionId)
        try await simulator.requestRefund(transactionId: id, reason: .unintendedPurchase)
        try await simulator.declineRefund(transactionId: id)
        try await simulator.requestRefund(transactionId: id, reason: .fulfillmentIssue)
        try await simulator.refund(transactionId: id, reason: .appIssue, percentage: 50_000)
        try await simulator.reverseRefund(transactionId: id)
        #expect(
            Fixtures.events(simulator) == [
                "ONE_TIME_CHARGE", "CONSUMPTION_REQUEST", "REFUND_DECLINED", "CONSUMPTION_REQUEST", "REFUND", "REFUND_REVERSED",
            ])
        let verifier = try Fixtures.verifier()
        let notifications = try simulator.notifications().map { try verifier.verifyNotification($0.signedPayload) }
        try #require(notifications.count == 6)
        #expect(notifications[1].payload.data?.consumptionRequestReason == .unintendedPurchase)
        #expect(notifications[4].transaction?.revocationType == .refundProrated)
        #expect(notifications[4].transaction?.revocationPercentage == 50_000)
        #expect(notifications[4].transaction?.revocationReason == .appIssue)
        #expect(notifications[5].transaction?.revocationDate == nil)
    }

    @Test("auto-renew off, voluntary expiry, resubscribe in the same group")
    func voluntaryExpiryAndResubscribe() async throws {
        let simulator = try simulator()
        let original = try #require(try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly)).transaction.originalTransactionId)
        try await simulator.setAutoRenew(originalTransactionId: original, enabled: false)
        try await simulator.setAutoRenew(originalTransactionId: original, enabled: true)
        try await simulator.setAutoRenew(originalTransactionId: original, enabled: false)
        try await simulator.advance(byMilliseconds: month)
        let again = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
        #expect(again.transaction.originalTransactionId == original)
        #expect(
            Fixtures.events(simulator, account: Fixtures.alice) == [
                "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                "EXPIRED/VOLUNTARY", "SUBSCRIBED/RESUBSCRIBE",
            ])
        let expired = try #require(simulator.notifications(bundleId: Fixtures.bundleId).first { $0.notificationType == .expired })
        let renewal = try Fixtures.verifier().verifyNotification(expired.signedPayload)
        #expect(renewal.payload.data?.status == .expired && renewal.renewalInfo?.expirationIntent == .customerCancelled)
        #expect(renewal.renewalInfo?.eligibleWinBackOfferIds == [DemoCatalog.winBackOfferId])
    }

    @Test("downgrades and different-duration crossgrades wait for the renewal; same-duration crossgrades are immediate")
    func planChanges() async throws {
        let simulator = try simulator()
        let first = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
        let original = try #require(first.transaction.originalTransactionId)
        let downgrade = try await simulator.changeRenewalPreference(originalTransactionId: original, productId: DemoCatalog.basicMonthly)
        #expect(downgrade.transaction.productId == DemoCatalog.monthly)
        try await simulator.changeRenewalPreference(originalTransactionId: original, productId: DemoCatalog.monthly)
        // seeds/003: vipA → vipB of the same duration: the old period is refunded pro rata now.
        try await simulator.advance(byMilliseconds: month / 5)
        let sameDuration = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthlyB))
        let firstId = try #require(first.transaction.transactionId)
        let replaced = try #require(simulator.transaction(id: firstId))
        #expect(replaced.payload.isUpgraded == true && replaced.payload.revocationPercentage == 80_000)
        #expect(sameDuration.transaction.productId == DemoCatalog.monthlyB)
        #expect(sameDuration.transaction.originalTransactionId == original)
        // seeds/003: buying A3 while on A1 returns A1's transaction; the change comes at renewal.
        let crossgrade = try await simulator.purchase(Fixtures.purchase(DemoCatalog.yearly))
        #expect(crossgrade.transaction.transactionId == sameDuration.transaction.transactionId)
        try await simulator.advance(byMilliseconds: month)
        let renewed = try #require(simulator.subscription(originalTransactionId: original))
        #expect(renewed.productId == DemoCatalog.yearly)
        let renewal = try #require(simulator.transaction(id: renewed.latestTransactionId))
        #expect(renewal.payload.purchaseDate == sameDuration.transaction.expiresDate)
        #expect(renewal.payload.expiresDate == sameDuration.transaction.expiresDate?.adding(milliseconds: 3_600_000))
        #expect(
            Fixtures.events(simulator, account: Fixtures.alice) == [
                "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_CHANGE_RENEWAL_PREF",
                "DID_CHANGE_RENEWAL_PREF/UPGRADE", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_RENEW",
            ])
    }

    @Test("price increase: PENDING, consent ACCEPTED and the new price at renewal; without consent EXPIRED/PRICE_INCREASE")
    func priceIncrease() async throws {
        let simulator = try simulator()
        let consenting = try #require(
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly)).transaction.originalTransactionId)
        let refusing = try #require(
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly, account: Fixtures.bob)).transaction.originalTransactionId)
        let notified = try await simulator.increasePrice(
            bundleId: Fixtures.bundleId, productId: DemoCatalog.monthly, storefront: "USA", newPrice: 5990, requiresConsent: true)
        #expect(Set(notified) == [consenting, refusing])
        try await simulator.consentToPriceIncrease(originalTransactionId: consenting)
        try await simulator.advance(byMilliseconds: month)
        #expect(
            Fixtures.events(simulator, account: Fixtures.alice) == [
                "SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED", "DID_RENEW",
            ])
        #expect(
            Fixtures.events(simulator, account: Fixtures.bob) == [
                "SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/PENDING", "EXPIRED/PRICE_INCREASE",
            ])
        let renewal = try #require(simulator.subscription(originalTransactionId: consenting)?.latestTransactionId)
        #expect(simulator.transaction(id: renewal)?.payload.price == 5990)
    }

    @Test("billing retry without a grace period ends in EXPIRED/BILLING_RETRY; a product off sale in PRODUCT_NOT_FOR_SALE")
    func billingRetryAndProductNotForSale() async throws {
        let simulator = try simulator(gracePeriodDays: nil)
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.proMonthly, account: Fixtures.bob))
        try await simulator.setPaymentFails(accountId: Fixtures.alice, fails: true)
        try simulator.setAvailability(bundleId: Fixtures.bundleId, productId: DemoCatalog.proMonthly, availableForSale: false)
        try await simulator.advance(byMilliseconds: month + DurationMode.accelerated.interval(days: 60))
        #expect(
            Fixtures.events(simulator, account: Fixtures.alice) == ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW", "EXPIRED/BILLING_RETRY"])
        #expect(Fixtures.events(simulator, account: Fixtures.bob) == ["SUBSCRIBED/INITIAL_BUY", "EXPIRED/PRODUCT_NOT_FOR_SALE"])
    }

    @Test("promotional offers need a valid signature, legacy or JWS, used once; pay-as-you-go lasts its periods")
    func promotionalOffers() async throws {
        let simulator = try simulator()
        let app = try simulator.credentials(bundleId: Fixtures.bundleId)
        let key = try #require(app.offerKeys.first)
        let signer = PromotionalOfferSigner(
            privateKey: try ES256Signer.privateKey(p8: try #require(key.privateKeyPEM)), keyId: key.keyId,
            issuerId: try #require(app.apiKey?.issuerId), bundleId: Fixtures.bundleId)
        let token = UUID()
        let signature = try signer.legacySignature(
            productId: DemoCatalog.monthly, offerId: DemoCatalog.promotionalOfferId,
            applicationUsername: token.uuidString.lowercased(), timestamp: Fixtures.start)
        var forged = signature
        forged.timestamp += 1
        await #expect(throws: SimulatorError.invalidOfferSignature("the promotional offer signature does not verify")) {
            try await simulator.purchase(
                Fixtures.purchase(
                    DemoCatalog.monthly, offer: .init(kind: .promotional, offerId: DemoCatalog.promotionalOfferId, signature: forged),
                    token: token))
        }
        let offered = try await simulator.purchase(
            Fixtures.purchase(
                DemoCatalog.monthly, offer: .init(kind: .promotional, offerId: DemoCatalog.promotionalOfferId, signature: signature),
                token: token))
        #expect(offered.transaction.offerType == .promotionalOffer && offered.transaction.price == 2490)
        #expect(offered.transaction.offerPeriod == "P3M" && offered.transaction.offerDiscountType == .payAsYouGo)
        #expect(offered.notificationType == .offerRedeemed && offered.subtype == .initialBuy)
        await #expect(throws: SimulatorError.self, "a nonce is good for one purchase") {
            try await simulator.purchase(
                Fixtures.purchase(
                    DemoCatalog.monthly, account: Fixtures.bob,
                    offer: .init(kind: .promotional, offerId: DemoCatalog.promotionalOfferId, signature: signature), token: token))
        }
        let jws = try signer.jwsSignature(
            productId: DemoCatalog.monthly, offerIdentifier: DemoCatalog.promotionalOfferId, transactionId: nil, issuedAt: Fixtures.start)
        let viaJWS = try await simulator.purchase(
            Fixtures.purchase(
                DemoCatalog.monthly, account: Fixtures.bob,
                offer: .init(kind: .promotional, offerId: DemoCatalog.promotionalOfferId, jws: jws)))
        #expect(viaJWS.transaction.offerIdentifier == DemoCatalog.promotionalOfferId)

        try await simulator.advance(byMilliseconds: 3 * month)
        let original = try #require(offered.transaction.originalTransactionId)
        let prices = simulator.snapshot().transactions.values
            .filter { $0.originalTransactionId == original }
            .sorted { $0.createdSequence < $1.createdSequence }
            .map { $0.payload.price }
        #expect(prices == [2490, 2490, 2490, 4990], "three discounted months, then the regular price")
    }

    @Test("intro offers once per group; offer codes once per code; win-back only for churned subscribers")
    func offerEligibility() async throws {
        let simulator = try simulator()
        let intro = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly, offer: .init(kind: .introductory)))
        let original = try #require(intro.transaction.originalTransactionId)
        await #expect(throws: SimulatorError.self, "win-back needs a churned subscription") {
            try await simulator.purchase(
                Fixtures.purchase(DemoCatalog.monthly, offer: .init(kind: .winBack, offerId: DemoCatalog.winBackOfferId)))
        }
        try await simulator.setAutoRenew(originalTransactionId: original, enabled: false)
        try await simulator.advance(by: .oneWeek)
        await #expect(throws: SimulatorError.self, "one intro offer per subscription group") {
            try await simulator.purchase(Fixtures.purchase(DemoCatalog.yearly, offer: .init(kind: .introductory)))
        }
        let winBack = try await simulator.purchase(
            Fixtures.purchase(DemoCatalog.monthly, offer: .init(kind: .winBack, offerId: DemoCatalog.winBackOfferId)))
        #expect(winBack.notificationType == .offerRedeemed && winBack.subtype == .resubscribe)
        #expect(winBack.transaction.offerType == .winBackOffer && winBack.transaction.price == 7490)

        let code = try await simulator.purchase(
            Fixtures.purchase(DemoCatalog.monthly, account: Fixtures.bob, offer: .init(kind: .offerCode, code: DemoCatalog.offerCodes[0])))
        #expect(code.transaction.offerType == .offerCode && code.transaction.offerIdentifier == DemoCatalog.offerCodeReference)
        #expect(code.transaction.price == 0 && code.subtype == .initialBuy)
        await #expect(throws: SimulatorError.self, "each code redeems once") {
            try await simulator.purchase(
                Fixtures.purchase(
                    DemoCatalog.monthly, account: Fixtures.carol, offer: .init(kind: .offerCode, code: DemoCatalog.offerCodes[0])))
        }
    }

    @Test("restore re-issues transactions with new IDs for the same periods and sends nothing")
    func restore() async throws {
        let simulator = try simulator()
        let subscription = try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
        try await simulator.advance(byMilliseconds: month)
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.gems))
        let before = simulator.notifications().count
        let restored = try await simulator.restorePurchases(accountId: Fixtures.alice, bundleId: Fixtures.bundleId)
        #expect(simulator.notifications().count == before)
        #expect(restored.count == 2, "both subscription periods; consumables are not restored")
        let first = try #require(restored.first?.transaction)
        #expect(first.transactionId != subscription.transaction.transactionId)
        #expect(first.originalTransactionId == subscription.transaction.originalTransactionId)
        #expect(first.webOrderLineItemId == subscription.transaction.webOrderLineItemId)
        #expect(first.purchaseDate == subscription.transaction.purchaseDate)
        #expect(first.expiresDate == subscription.transaction.expiresDate)
        #expect(
            try Fixtures.verifier().verifyTransaction(try #require(restored.first?.signedTransaction)).transactionId == first.transactionId)
    }

    @Test("a test notification is a signed TEST with app data only")
    func testNotification() async throws {
        let simulator = try simulator()
        let token = try await simulator.requestTestNotification(bundleId: Fixtures.bundleId, environment: .sandbox)
        let record = try #require(simulator.notifications().last)
        #expect(token.hasPrefix(record.notificationUUID + "_"))
        let payload = try Fixtures.verifier().verifyNotification(record.signedPayload).payload
        #expect(payload.notificationType == .test && payload.subtype == nil)
        #expect(payload.data?.signedTransactionInfo == nil && payload.data?.bundleId == Fixtures.bundleId)
    }
}
