import AppStoreModels
import Storekeeper
import Testing

@Suite("Subscription lifecycle scenarios")
struct LifecycleScenarioTests {
    @Test("trial → renewals → billing failure → grace → recovery → upgrade → refund")
    func fullLifecycle() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()

        // Free trial.
        let start = apple.now
        var actions = try run.apply(apple.subscribe(.plus, offer: .freeTrial))
        let trial = try run.period(apple.periods[0])
        #expect(trial.price == 0)
        #expect(trial.expiresDate == start.adding(milliseconds: 7 * Clock.day))
        #expect(run.view.phase == .trial)
        #expect(
            actions == [
                .periodPaid(trial),
                .offerRedeemed(offer: OfferInfo(type: .introductoryOffer, discountType: .freeTrial, period: "P7D"), period: trial),
                .phaseChanged(from: .unknown, to: .trial),
                .accessChanged(from: nil, to: window(start, Clock.day(7), .plus)),
            ])
        #expect(
            run.access(at: Clock.day(3))
                == SubscriptionAccess(isEntitled: true, expiresDate: Clock.day(7), productId: SimProduct.plus.id, basis: .paidPeriod))

        // Two paid renewals.
        actions = try run.apply(apple.renew())
        let first = try run.period(apple.periods[1])
        #expect(first.price == 9_990 && first.purchaseDate == Clock.day(7) && first.expiresDate == Clock.day(37))
        #expect(
            actions == [
                .periodPaid(first), .phaseChanged(from: .trial, to: .active),
                .accessChanged(from: window(start, Clock.day(7), .plus), to: window(start, Clock.day(37), .plus)),
            ])
        try run.apply(apple.renew())
        #expect(run.view.periods.count == 3)
        #expect(run.view.accessWindow == window(start, Clock.day(67), .plus))

        // Billing fails at day 67: grace period until day 83.
        actions = try run.apply(apple.failToRenew(grace: true))
        #expect(run.view.phase == .gracePeriod(expiresDate: Clock.day(83)))
        #expect(
            actions == [
                .billingIssueStarted(gracePeriodExpiresDate: Clock.day(83)),
                .gracePeriodStarted(expiresDate: Clock.day(83)),
                .phaseChanged(from: .active, to: .gracePeriod(expiresDate: Clock.day(83))),
                .accessChanged(
                    from: window(start, Clock.day(67), .plus), to: window(start, Clock.day(83), .plus, grace: true)),
            ])
        #expect(
            run.access(at: Clock.day(70))
                == SubscriptionAccess(isEntitled: true, expiresDate: Clock.day(83), productId: SimProduct.plus.id, basis: .gracePeriod))

        // Recovered on day 70 (BILLING_RECOVERY).
        apple.advance(days: 3)
        actions = try run.apply(apple.renew())
        let recovered = try run.period(apple.periods[3])
        #expect(
            actions == [
                .periodPaid(recovered), .billingRecovered,
                .phaseChanged(from: .gracePeriod(expiresDate: Clock.day(83)), to: .active),
                .accessChanged(
                    from: window(start, Clock.day(83), .plus, grace: true), to: window(Clock.day(70), Clock.day(100), .plus)),
            ])

        // Upgrade to pro on day 80: immediate; the plus period ends at the upgrade.
        apple.advance(days: 10)
        actions = try run.apply(apple.upgrade(to: .pro, markOld: false))
        let upgraded = try run.period(apple.periods[3])
        let pro = try run.period(apple.periods[4])
        #expect(upgraded.revocation == RevocationInfo(kind: .upgraded, date: Clock.day(80)))
        #expect(upgraded.accessEnd == Clock.day(80))
        #expect(run.view.phase == .active && run.view.productId == SimProduct.pro.id)
        #expect(
            actions == [
                .periodPaid(pro), .periodRevoked(upgraded),
                .renewalPreferenceChanged(
                    RenewalPreferenceChange(
                        kind: .immediate, previousProductId: SimProduct.plus.id, productId: SimProduct.pro.id,
                        previousAutoRenewProductId: SimProduct.plus.id, autoRenewProductId: SimProduct.pro.id,
                        notificationSubtype: .upgrade)),
                .accessChanged(from: window(Clock.day(70), Clock.day(100), .plus), to: window(Clock.day(70), Clock.day(110), .pro)),
            ])

        // Refund of the pro period on day 85: access ends then.
        apple.advance(days: 5)
        actions = try run.apply(apple.refund(reason: .appIssue))
        let refunded = try run.period(apple.periods[4])
        let revocation = RevocationInfo(kind: .refunded, date: Clock.day(85), reason: .appIssue)
        #expect(refunded.revocation == revocation)
        #expect(run.view.phase == .revoked(revocation))
        #expect(
            actions == [
                .periodRevoked(refunded), .phaseChanged(from: .active, to: .revoked(revocation)),
                .autoRenewChanged(enabled: false),
                .accessChanged(from: window(Clock.day(70), Clock.day(110), .pro), to: window(Clock.day(70), Clock.day(85), .pro)),
            ])
        #expect(run.access(at: Clock.day(84)).isEntitled)
        #expect(run.access(at: Clock.day(85)) == .none)
        // Every period was paid exactly once.
        #expect(run.allActions.compactMap(\.paidPeriodKey) == apple.periods)
    }

    @Test("a downgrade takes effect only at the next renewal")
    func downgradeAtNextRenewal() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.pro))
        apple.advance(days: 10)
        var actions = try run.apply(apple.scheduleChange(to: .plus))
        #expect(run.view.productId == SimProduct.pro.id)
        #expect(run.view.autoRenewProductId == SimProduct.plus.id)
        #expect(run.view.pendingProductChange == SimProduct.plus.id)
        #expect(run.view.phase == .active)
        #expect(
            actions == [
                .renewalPreferenceChanged(
                    RenewalPreferenceChange(
                        kind: .scheduled, previousProductId: SimProduct.pro.id, productId: SimProduct.pro.id,
                        previousAutoRenewProductId: SimProduct.pro.id, autoRenewProductId: SimProduct.plus.id,
                        notificationSubtype: .downgrade))
            ])
        #expect(run.access(at: Clock.day(29)).productId == SimProduct.pro.id)

        actions = try run.apply(apple.renew())
        let plus = try run.period(apple.periods[1])
        #expect(plus.productId == SimProduct.plus.id && plus.purchaseDate == Clock.day(30))
        #expect(try run.period(apple.periods[0]).revocation == nil)
        #expect(
            actions == [
                .periodPaid(plus),
                .renewalPreferenceChanged(
                    RenewalPreferenceChange(
                        kind: .nextPeriod, previousProductId: SimProduct.pro.id, productId: SimProduct.plus.id,
                        previousAutoRenewProductId: SimProduct.plus.id, autoRenewProductId: SimProduct.plus.id)),
                .accessChanged(from: window(Clock.day(0), Clock.day(30), .pro), to: window(Clock.day(0), Clock.day(60), .plus)),
            ])
    }

    @Test("a scheduled change can be withdrawn")
    func withdrawnDowngrade() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        try run.apply(apple.scheduleChange(to: .plusYearly))
        let actions = try run.apply(apple.cancelScheduledChange())
        #expect(run.view.pendingProductChange == nil)
        #expect(
            actions == [
                .renewalPreferenceChanged(
                    RenewalPreferenceChange(
                        kind: .scheduleCancelled, previousProductId: SimProduct.plus.id, productId: SimProduct.plus.id,
                        previousAutoRenewProductId: SimProduct.plusYearly.id, autoRenewProductId: SimProduct.plus.id))
            ])
    }

    @Test("voluntary expiry: auto-renew off, then EXPIRED/VOLUNTARY at the period's end")
    func voluntaryExpiry() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        apple.advance(days: 12)
        var actions = try run.apply(apple.setAutoRenew(false))
        #expect(actions == [.autoRenewChanged(enabled: false)])
        #expect(run.view.phase == .active)
        #expect(run.access(at: Clock.day(29)).isEntitled)

        actions = try run.apply(apple.expire(.customerCancelled))
        #expect(run.view.phase == .expired(.voluntary))
        #expect(actions == [.expired(.voluntary), .phaseChanged(from: .active, to: .expired(.voluntary))])
        #expect(run.access(at: Clock.day(30)) == .none)
    }

    @Test("price increase pending → accepted → renewal at the new price")
    func priceIncreaseAccepted() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        apple.advance(days: 5)
        var actions = try run.apply(apple.priceIncrease(.notResponded, price: 12_990))
        #expect(run.view.priceIncrease == .pending)
        #expect(actions == [.priceIncreasePending(renewalPrice: 12_990, currency: "USD")])
        apple.advance(days: 5)
        actions = try run.apply(apple.priceIncrease(.consentedOrNotified, price: 12_990))
        #expect(run.view.priceIncrease == .accepted)
        #expect(actions == [.priceIncreaseAccepted(renewalPrice: 12_990, currency: "USD")])
        try run.apply(apple.renew())
        #expect(try run.period(apple.periods[1]).price == 12_990)
        #expect(run.view.priceIncrease == nil)
    }

    @Test("price increase pending → EXPIRED/PRICE_INCREASE")
    func priceIncreaseDeclined() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        try run.apply(apple.priceIncrease(.notResponded, price: 12_990))
        let actions = try run.apply(apple.expire(.didNotConsentToPriceIncrease))
        #expect(run.view.phase == .expired(.priceIncreaseNotConsented))
        #expect(actions.contains(.expired(.priceIncreaseNotConsented)))
        #expect(run.access(at: Clock.day(31)) == .none)
    }

    @Test("renewal extension moves the access end")
    func renewalExtension() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        apple.advance(days: 20)
        let actions = try run.apply(apple.extend(days: 10))
        let extended = try #require(run.view.renewalExtension)
        #expect(extended.expiresDate == Clock.day(40))
        #expect(run.view.renewalExtendedUntil == Clock.day(40))
        #expect(
            actions == [
                .renewalDateExtended(extended),
                .accessChanged(from: window(Clock.day(0), Clock.day(30), .plus), to: window(Clock.day(0), Clock.day(40), .plus)),
            ])
        #expect(run.access(at: Clock.day(35)).expiresDate == Clock.day(40))
    }

    @Test("REFUND then REFUND_REVERSED restores the period once, whatever the order and duplicates")
    func refundReversed() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        apple.advance(days: 3)
        let refund = apple.refund()
        apple.advance(days: 4)
        let id = try #require(apple.currentId)
        let reversal = apple.reverseRefund(id)

        var actions = try run.apply(refund)
        #expect(run.view.phase == .revoked(RevocationInfo(kind: .refunded, date: Clock.day(3), reason: .other)))
        #expect(actions.map(\.name) == ["periodRevoked", "phaseChanged", "autoRenewChanged", "accessChanged"])
        actions = try run.apply(reversal)
        let restored = try run.period(apple.periods[0])
        #expect(restored.revocation == nil)
        #expect(run.view.phase == .active)
        #expect(actions.first == .periodRestored(restored))
        #expect(run.access(at: Clock.day(20)).isEntitled)
        // A late duplicate of the refund cannot move the state back.
        let before = run.state
        #expect(try run.apply(refund) == [])
        #expect(run.state == before)

        // Reversed first, then the (older) refund: the same final state, restored never emitted.
        var reversed = LifecycleRun()
        try reversed.apply(reversal)
        #expect(try reversed.apply(refund) == [])
        #expect(reversed.state == run.state)
    }

    @Test("REFUND_DECLINED changes nothing")
    func refundDeclined() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        let id = try #require(apple.currentId)
        let actions = try run.apply(apple.declineRefund(id))
        #expect(actions == [])
        #expect(run.view.phase == .active)
    }

    @Test("family-sharing REVOKE ends the family member's access at the revocation date")
    func familyRevoke() throws {
        var apple = SimulatedApple()
        apple.ownership = .familyShared
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        apple.advance(days: 9)
        let actions = try run.apply(apple.familyRevoke())
        let period = try run.period(apple.periods[0])
        let revocation = RevocationInfo(kind: .familySharingRevoked, date: Clock.day(9), reason: .other)
        #expect(period.revocation == revocation)
        #expect(run.view.phase == .revoked(revocation))
        #expect(
            actions == [
                .periodRevoked(period), .phaseChanged(from: .active, to: .revoked(revocation)),
                .autoRenewChanged(enabled: false),
                .accessChanged(from: window(Clock.day(0), Clock.day(30), .plus), to: window(Clock.day(0), Clock.day(9), .plus)),
            ])
        #expect(run.access(at: Clock.day(10)) == .none)
    }

    @Test("billing retry without grace: no access unless the policy grants it")
    func billingRetryPolicy() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        let actions = try run.apply(apple.failToRenew(grace: false))
        #expect(run.view.phase == .billingRetry)
        #expect(
            actions == [
                .billingIssueStarted(gracePeriodExpiresDate: nil),
                .phaseChanged(from: .active, to: .billingRetry),
            ])
        #expect(run.access(at: Clock.day(31)) == .none)
        let lenient = SubscriptionPolicy(billingRetryGrantsAccess: true)
        #expect(
            run.access(at: Clock.day(31), policy: lenient)
                == SubscriptionAccess(isEntitled: true, expiresDate: Clock.day(90), productId: SimProduct.plus.id, basis: .billingRetry))
        #expect(run.access(at: Clock.day(91), policy: lenient) == .none)

        // Apple gives up: EXPIRED/BILLING_RETRY.
        apple.advance(days: 60)
        let expired = try run.apply(apple.expire(.billingError))
        #expect(run.view.phase == .expired(.billingError))
        #expect(
            expired == [
                .expired(.billingError), .phaseChanged(from: .billingRetry, to: .expired(.billingError)),
                .autoRenewChanged(enabled: false),
            ])
        #expect(run.access(at: Clock.day(31), policy: lenient) == .none)
    }

    @Test("grace period expires into billing retry, then recovers with BILLING_RECOVERY")
    func graceExpiredThenRecovery() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        try run.apply(apple.failToRenew(grace: true))
        var actions = try run.apply(apple.expireGracePeriod())
        #expect(run.view.phase == .billingRetry)
        #expect(
            actions == [
                .gracePeriodExpired, .phaseChanged(from: .gracePeriod(expiresDate: Clock.day(46)), to: .billingRetry),
                .accessChanged(
                    from: window(Clock.day(0), Clock.day(46), .plus, grace: true), to: window(Clock.day(0), Clock.day(30), .plus)),
            ])
        #expect(run.access(at: Clock.day(47)) == .none)
        apple.advance(days: 4)
        actions = try run.apply(apple.renew())
        #expect(actions.map(\.name) == ["periodPaid", "billingRecovered", "phaseChanged", "accessChanged"])
        #expect(run.access(at: Clock.day(51)).isEntitled)
    }

    @Test("offers: promotional, offer code, win-back phases and redemptions")
    func offers() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus, offer: .code))
        #expect(run.view.phase == .offerCode(identifier: "SPRING"))
        // OFFER_REDEEMED without subtype: applies from the next renewal.
        var actions = try run.apply(apple.redeemOffer(.promo))
        #expect(run.view.pendingOffer == OfferInfo(type: .promotionalOffer, identifier: "promo.half"))
        #expect(actions == [])
        actions = try run.apply(apple.renew())
        let promoted = try run.period(apple.periods[1])
        #expect(run.view.phase == .promotionalOffer(identifier: "promo.half"))
        #expect(actions.contains(.offerRedeemed(offer: try #require(promoted.offer), period: promoted)))
        try run.apply(apple.setAutoRenew(false))
        try run.apply(apple.expire(.customerCancelled))
        apple.advance(days: 40)
        actions = try run.apply(apple.subscribe(.plus, offer: .winBack))
        #expect(run.view.phase == .winBack(identifier: "winback.1"))
        #expect(actions.map(\.name) == ["periodPaid", "offerRedeemed", "phaseChanged", "autoRenewChanged", "accessChanged"])
    }

    @Test("a paid introductory offer is introOffer, not trial")
    func paidIntro() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus, offer: .introPayAsYouGo))
        #expect(run.view.phase == .introOffer(.payAsYouGo))
    }
}
