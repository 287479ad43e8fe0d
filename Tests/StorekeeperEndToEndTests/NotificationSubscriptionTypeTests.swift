import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Every V2 subscription notification type and subtype, driven through the simulator end to end:
/// the simulator acts, pushes the signed notification to Storekeeper's webhook, and the customer's
/// state is read back through `GET /customers/{id}`.
@Suite struct NotificationSubscriptionTypeTests {
    /// SUBSCRIBED/INITIAL_BUY, DID_CHANGE_RENEWAL_STATUS (off, on), DID_RENEW,
    /// DID_CHANGE_RENEWAL_PREF (DOWNGRADE, none, UPGRADE), RENEWAL_EXTENDED.
    @Test(arguments: NotificationBackend.all)
    func renewalsPlanChangesAndExtension(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let alice = h.customer("alice")
            let bought = try await h.buy(alice, account: account, DemoCatalog.monthly, submit: false)
            try await h.expectProcessed(.subscribed, .initialBuy)
            let firstExpiry = try #require(bought.transaction.expiresDate)
            var view = try await h.view(alice)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == firstExpiry)
            #expect(view.subscriptions.first?.phase == "active")
            #expect(view.subscriptions.first?.expiresAt == firstExpiry)
            let original = try #require(bought.transaction.originalTransactionId)

            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: false)
            try await h.expectProcessed(.didChangeRenewalStatus, .autoRenewDisabled)
            view = try await h.view(alice)
            #expect(view.has("premium"), "turning auto-renew off keeps the paid period")
            #expect(view.entitlement("premium")?.expiresAt == firstExpiry)
            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: true)
            try await h.expectProcessed(.didChangeRenewalStatus, .autoRenewEnabled)

            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.didRenew, nil)
            let renewed = try #require(h.simulator.subscription(originalTransactionId: original))
            #expect(renewed.expiresDate > firstExpiry)
            view = try await h.view(alice)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == renewed.expiresDate)
            #expect(view.subscriptions.first?.expiresAt == renewed.expiresDate)
            #expect(view.subscriptions.first?.phase == "active")

            // A downgrade waits for the renewal; choosing the current product again cancels it.
            try await h.simulator.changeRenewalPreference(originalTransactionId: original, productId: DemoCatalog.basicMonthly)
            try await h.expectProcessed(.didChangeRenewalPref, .downgrade)
            view = try await h.view(alice)
            #expect(view.has("premium") && !view.has("basic"))
            #expect(view.subscriptions.first?.productId == DemoCatalog.monthly)
            try await h.simulator.changeRenewalPreference(originalTransactionId: original, productId: DemoCatalog.monthly)
            try await h.expectProcessed(.didChangeRenewalPref, nil)
            #expect(try await h.view(alice).has("premium"))

            // An upgrade is immediate: the old period ends now, the new product grants at once.
            try await h.simulator.advance(byMilliseconds: 3 * Span.day)
            let upgrade = try await h.simulator.changeRenewalPreference(
                originalTransactionId: original, productId: DemoCatalog.proMonthly)
            try await h.expectProcessed(.didChangeRenewalPref, .upgrade)
            let upgradedExpiry = try #require(upgrade.transaction.expiresDate)
            view = try await h.view(alice)
            #expect(view.has("pro") && view.has("premium"))
            #expect(view.entitlement("pro")?.expiresAt == upgradedExpiry)
            #expect(view.entitlement("premium")?.productId == DemoCatalog.proMonthly)
            #expect(view.entitlement("premium")?.expiresAt == upgradedExpiry)
            #expect(view.subscriptions.first?.productId == DemoCatalog.proMonthly)

            // RENEWAL_EXTENDED moves the renewal date, and with it the entitlement.
            let extended = try await h.simulator.extendRenewalDate(
                originalTransactionId: original,
                request: ExtendRenewalDateRequest(
                    extendByDays: 5, extendReasonCode: .customerSatisfaction, requestIdentifier: "ext-\(h.tag)"))
            try await h.expectProcessed(.renewalExtended, nil)
            let effective = try #require(extended.effectiveDate)
            #expect(effective == upgradedExpiry + 5 * Span.day)
            view = try await h.view(alice)
            #expect(view.entitlement("pro")?.expiresAt == effective)
            #expect(view.subscriptions.first?.expiresAt == effective)
        }
    }

    /// DID_FAIL_TO_RENEW/GRACE_PERIOD (access through the grace period), GRACE_PERIOD_EXPIRED
    /// (no access in billing retry), DID_RENEW/BILLING_RECOVERY (access again).
    @Test(arguments: NotificationBackend.all)
    func billingFailureGraceAndRecovery(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let bob = h.customer("bob")
            let bought = try await h.buy(bob, account: account, DemoCatalog.monthly)
            let original = try #require(bought.transaction.originalTransactionId)
            let expiry = try #require(bought.transaction.expiresDate)

            try await h.simulator.setPaymentFails(accountId: account, fails: true)
            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.didFailToRenew, .gracePeriod)
            let graceEnd = try #require(h.simulator.subscription(originalTransactionId: original)?.gracePeriodExpiresDate)
            #expect(graceEnd == expiry + 16 * Span.day)
            var view = try await h.view(bob)
            #expect(view.subscriptions.first?.phase == "gracePeriod")
            #expect(view.has("premium"), "the grace period keeps access")
            #expect(view.entitlement("premium")?.expiresAt == graceEnd)

            try await h.simulator.advance(byMilliseconds: 17 * Span.day)
            try await h.expectProcessed(.gracePeriodExpired, nil)
            view = try await h.view(bob)
            #expect(view.subscriptions.first?.phase == "billingRetry")
            #expect(!view.has("premium"), "billing retry without the policy grants nothing")

            try await h.simulator.setPaymentFails(accountId: account, fails: false)
            try await h.expectProcessed(.didRenew, .billingRecovery)
            let recovered = try #require(h.simulator.subscription(originalTransactionId: original))
            view = try await h.view(bob)
            #expect(view.subscriptions.first?.phase == "active")
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == recovered.expiresDate)
            #expect(recovered.expiresDate > h.now)
        }
    }

    /// DID_FAIL_TO_RENEW without a subtype (the app has no grace period), then EXPIRED/BILLING_RETRY
    /// when Apple gives up after 60 days; then SUBSCRIBED/RESUBSCRIBE.
    @Test(arguments: NotificationBackend.all)
    func billingRetryWithoutGracePeriodExpires(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            var app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)
            app.gracePeriodDays = nil
            try h.simulator.configureApp(app)
            let account = try h.account("apple")
            let carol = h.customer("carol")
            try await h.buy(carol, account: account, DemoCatalog.monthly)
            try await h.simulator.setPaymentFails(accountId: account, fails: true)
            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.didFailToRenew, nil)
            var view = try await h.view(carol)
            #expect(view.subscriptions.first?.phase == "billingRetry")
            #expect(!view.has("premium"))

            try await h.simulator.advance(byMilliseconds: 61 * Span.day)
            try await h.expectProcessed(.expired, .billingRetry)
            view = try await h.view(carol)
            #expect(view.subscriptions.first?.phase == "expired")
            #expect(!view.has("premium"))

            try await h.simulator.setPaymentFails(accountId: account, fails: false)
            let again = try await h.buy(carol, account: account, DemoCatalog.monthly)
            try await h.expectProcessed(.subscribed, .resubscribe)
            view = try await h.view(carol)
            #expect(view.subscriptions.first?.phase == "active")
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == again.transaction.expiresDate)
        }
    }

    /// EXPIRED/VOLUNTARY, EXPIRED/PRODUCT_NOT_FOR_SALE.
    @Test(arguments: NotificationBackend.all)
    func voluntaryAndNotForSaleExpiries(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let quitter = h.customer("quitter")
            let quitterAccount = try h.account("apple-quitter")
            let leaving = try await h.buy(quitter, account: quitterAccount, DemoCatalog.monthly)
            let stranded = h.customer("stranded")
            let strandedAccount = try h.account("apple-stranded")
            try await h.buy(stranded, account: strandedAccount, DemoCatalog.monthlyB)
            try await h.simulator.setAutoRenew(
                originalTransactionId: try #require(leaving.transaction.originalTransactionId), enabled: false)
            try h.simulator.setAvailability(bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthlyB, availableForSale: false)

            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.expired, .voluntary)
            try await h.expectProcessed(.expired, .productNotForSale)
            for customer in [quitter, stranded] {
                let view = try await h.view(customer)
                #expect(view.subscriptions.first?.phase == "expired")
                #expect(!view.has("premium"))
                #expect(view.entitlement("premium")?.isActive == false)
            }
            #expect(try await h.view(quitter).entitlement("premium")?.expiresAt == leaving.transaction.expiresDate)
        }
    }

    /// PRICE_INCREASE/PENDING then ACCEPTED (consent) and a renewal at the new price; PENDING and
    /// no consent: EXPIRED/PRICE_INCREASE; an increase that needs no consent: PRICE_INCREASE/ACCEPTED.
    @Test(arguments: NotificationBackend.all)
    func priceIncreases(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let agrees = h.customer("agrees")
            let agreesAccount = try h.account("apple-agrees")
            let agreed = try await h.buy(agrees, account: agreesAccount, DemoCatalog.monthly)
            let declines = h.customer("declines")
            let declinesAccount = try h.account("apple-declines")
            try await h.buy(declines, account: declinesAccount, DemoCatalog.monthly)
            let informed = h.customer("informed")
            let informedAccount = try h.account("apple-informed")
            try await h.buy(informed, account: informedAccount, DemoCatalog.basicMonthly)

            let notified = try await h.simulator.increasePrice(
                bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly, storefront: "USA", newPrice: 5990,
                requiresConsent: true)
            #expect(notified.count == 2)
            #expect(h.sent(.priceIncrease, .pending).count == 2)
            try await h.expectProcessed(.priceIncrease, .pending)
            for customer in [agrees, declines] {
                #expect(try await h.view(customer).has("premium"), "a pending increase changes nothing yet")
            }
            try await h.simulator.consentToPriceIncrease(
                originalTransactionId: try #require(agreed.transaction.originalTransactionId))
            try await h.expectProcessed(.priceIncrease, .accepted)

            try await h.simulator.increasePrice(
                bundleId: DemoCatalog.bundleId, productId: DemoCatalog.basicMonthly, storefront: "USA", newPrice: 2490,
                requiresConsent: false)
            #expect(h.sent(.priceIncrease, .accepted).count == 2)
            try await h.expectProcessed(.priceIncrease, .accepted)

            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.expired, .priceIncrease)
            #expect(h.sent(.didRenew).count == 2)
            var view = try await h.view(agrees)
            #expect(view.has("premium"))
            #expect(view.subscriptions.first?.phase == "active")
            let renewal = try #require(view.purchases.first)
            #expect(renewal.price == 5990, "the renewal charged the accepted price")
            view = try await h.view(declines)
            #expect(view.subscriptions.first?.phase == "expired")
            #expect(!view.has("premium"))
            view = try await h.view(informed)
            #expect(view.has("basic"))
            #expect(view.purchases.first?.price == 2490)
        }
    }

    /// OFFER_REDEEMED/INITIAL_BUY with an offer code (a free month), then OFFER_REDEEMED without
    /// a subtype (a second code redeemed while subscribed applies from the next renewal).
    @Test(arguments: NotificationBackend.all)
    func offerCodes(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let dana = h.customer("dana")
            let redeemed = try await h.buy(
                dana, account: account, DemoCatalog.monthly,
                offer: PurchaseOffer(kind: .offerCode, code: DemoCatalog.offerCodes[0]))
            try await h.expectProcessed(.offerRedeemed, .initialBuy)
            #expect(redeemed.transaction.offerType == .offerCode)
            var view = try await h.view(dana)
            #expect(view.subscriptions.first?.phase == "offerCode")
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == redeemed.transaction.expiresDate)

            let order = try await h.order(dana, DemoCatalog.monthly)
            try await h.simulator.purchase(
                PurchaseRequest(
                    accountId: account, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly,
                    appAccountToken: order.token, offer: PurchaseOffer(kind: .offerCode, code: DemoCatalog.offerCodes[1])))
            try await h.expectProcessed(.offerRedeemed, nil)
            view = try await h.view(dana)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == redeemed.transaction.expiresDate)
            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.didRenew, nil)
            view = try await h.view(dana)
            #expect(view.has("premium"))
            #expect(view.purchases.first?.price == 0, "the second code's free month applied at the renewal")
        }
    }

    /// RENEWAL_EXTENSION/FAILURE for a subscriber in billing retry, RENEWAL_EXTENDED for the active
    /// one, then RENEWAL_EXTENSION/SUMMARY.
    @Test(arguments: NotificationBackend.all)
    func massRenewalExtension(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let active = h.customer("active")
            let activeAccount = try h.account("apple-active")
            let extendable = try await h.buy(active, account: activeAccount, DemoCatalog.monthlyB)
            let failing = h.customer("failing")
            let failingAccount = try h.account("apple-failing")
            try await h.simulator.advance(byMilliseconds: 2 * Span.day)
            let stuck = try await h.buy(failing, account: failingAccount, DemoCatalog.monthlyB)
            try await h.simulator.setPaymentFails(accountId: failingAccount, fails: true)
            let stuckExpiry = try #require(stuck.transaction.expiresDate)
            try await h.simulator.advance(byMilliseconds: stuckExpiry.millisecondsSince1970 - h.now.millisecondsSince1970 + Span.hour)
            // The active subscriber renewed; the failing one is in its grace period.
            try await h.expectProcessed(.didFailToRenew, .gracePeriod)
            let activeOriginal = try #require(extendable.transaction.originalTransactionId)
            let activeExpiry = try #require(h.simulator.subscription(originalTransactionId: activeOriginal)?.expiresDate)
            let failingBefore = try await h.view(failing)

            _ = try await h.simulator.extendAllRenewalDates(
                bundleId: DemoCatalog.bundleId, environment: .sandbox,
                request: MassExtendRenewalDateRequest(
                    requestIdentifier: "mass-\(h.tag)", extendByDays: 7, extendReasonCode: .serviceIssueOrOutage,
                    productId: DemoCatalog.monthlyB))
            // Apple works through the subscribers over time: one per step of the simulator's clock.
            try await h.simulator.advance(byMilliseconds: 2 * h.simulator.massExtensionStepMilliseconds)
            try await h.expectProcessed(.renewalExtended, nil)
            try await h.expectProcessed(.renewalExtension, .failure)
            try await h.expectProcessed(.renewalExtension, .summary)
            let summary = try #require(h.sent(.renewalExtension, .summary).last)
            #expect(summary.originalTransactionId == nil)

            var view = try await h.view(active)
            #expect(view.entitlement("premium")?.expiresAt == activeExpiry + 7 * Span.day)
            #expect(view.subscriptions.first?.expiresAt == activeExpiry + 7 * Span.day)
            view = try await h.view(failing)
            #expect(view.subscriptions.first?.phase == "gracePeriod")
            #expect(view.entitlement("premium")?.expiresAt == failingBefore.entitlement("premium")?.expiresAt)
            #expect(view.subscriptions.first?.expiresAt == stuck.transaction.expiresDate)
        }
    }
}
