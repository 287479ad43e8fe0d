import AppStoreModels
import Storekeeper
import Testing

/// One V2 notification about an auto-renewable subscription, from a realistic history, with
/// the phase, access and actions it must produce.
struct SubscriptionNotificationCase: Sendable, CustomTestStringConvertible {
    struct Built {
        var prior: [Delivery]
        var event: Delivery
        var apple: SimulatedApple
    }

    /// What the expectations can refer to.
    struct Context {
        var before: SubscriptionView
        var after: SubscriptionView
        var apple: SimulatedApple

        /// The i-th period Apple issued, as the view derives it now.
        func period(_ index: Int) -> PaidPeriod {
            after.periods.first { $0.periodKey == apple.periods[index] }
                ?? PaidPeriod(
                    periodKey: "missing", webOrderLineItemId: nil, environment: .production, originalTransactionId: "",
                    transactionId: "", productId: "", purchaseDate: Clock.day(0), expiresDate: nil, accessEnd: Clock.day(0))
        }
    }

    var type: NotificationTypeV2
    var subtype: NotificationSubtype?
    var build: @Sendable () -> Built
    var phase: SubscriptionPhase
    var accessAt: Double
    var access: SubscriptionAccess
    var actions: @Sendable (Context) -> [SubscriptionAction]

    var testDescription: String { type.rawValue + (subtype.map { "/" + $0.rawValue } ?? "") }

    static func history(_ steps: @escaping @Sendable (inout SimulatedApple) -> ([Delivery], Delivery)) -> @Sendable () -> Built {
        {
            var apple = SimulatedApple()
            let (prior, event) = steps(&apple)
            return Built(prior: prior, event: event, apple: apple)
        }
    }
}

private let plus = SimProduct.plus.id
private let pro = SimProduct.pro.id
private func entitled(until days: Double, _ product: String, _ basis: SubscriptionAccess.Basis = .paidPeriod) -> SubscriptionAccess {
    SubscriptionAccess(isEntitled: true, expiresDate: Clock.day(days), productId: product, basis: basis)
}
private func w(_ start: Double, _ end: Double, _ product: SimProduct = .plus, grace: Bool = false) -> AccessWindow {
    window(Clock.day(start), Clock.day(end), product, grace: grace)
}

extension SubscriptionNotificationCase {
    static let all: [SubscriptionNotificationCase] = [
        .init(
            type: .subscribed, subtype: .initialBuy,
            build: history { apple in ([], apple.subscribe(.plus, offer: .freeTrial)) },
            phase: .trial, accessAt: 1, access: entitled(until: 7, plus),
            actions: { c in
                [
                    .periodPaid(c.period(0)),
                    .offerRedeemed(
                        offer: OfferInfo(type: .introductoryOffer, discountType: .freeTrial, period: "P7D"), period: c.period(0)),
                    .phaseChanged(from: .unknown, to: .trial), .accessChanged(from: nil, to: w(0, 7)),
                ]
            }),
        .init(
            type: .subscribed, subtype: .resubscribe,
            build: history { apple in
                let prior = [apple.subscribe(.plus), apple.setAutoRenew(false), apple.expire(.customerCancelled)]
                apple.advance(days: 10)
                return (prior, apple.subscribe(.plus))
            },
            phase: .active, accessAt: 41, access: entitled(until: 70, plus),
            actions: { c in
                [
                    .periodPaid(c.period(1)), .phaseChanged(from: .expired(.voluntary), to: .active),
                    .autoRenewChanged(enabled: true), .accessChanged(from: w(0, 30), to: w(40, 70)),
                ]
            }),
        .init(
            type: .didRenew, subtype: nil,
            build: history { apple in ([apple.subscribe(.plus)], apple.renew()) },
            phase: .active, accessAt: 31, access: entitled(until: 60, plus),
            actions: { c in [.periodPaid(c.period(1)), .accessChanged(from: w(0, 30), to: w(0, 60))] }),
        .init(
            type: .didRenew, subtype: .billingRecovery,
            build: history { apple in
                let prior = [apple.subscribe(.plus), apple.failToRenew(grace: false)]
                apple.advance(days: 5)
                return (prior, apple.renew())
            },
            phase: .active, accessAt: 36, access: entitled(until: 65, plus),
            actions: { c in
                [
                    .periodPaid(c.period(1)), .billingRecovered, .phaseChanged(from: .billingRetry, to: .active),
                    .accessChanged(from: w(0, 30), to: w(35, 65)),
                ]
            }),
        .init(
            type: .didChangeRenewalPref, subtype: .upgrade,
            build: history { apple in
                let prior = [apple.subscribe(.plus)]
                apple.advance(days: 10)
                return (prior, apple.upgrade(to: .pro))
            },
            phase: .active, accessAt: 11, access: entitled(until: 40, pro),
            actions: { c in
                [
                    .periodPaid(c.period(1)), .periodRevoked(c.period(0)),
                    .renewalPreferenceChanged(
                        RenewalPreferenceChange(
                            kind: .immediate, previousProductId: plus, productId: pro, previousAutoRenewProductId: plus,
                            autoRenewProductId: pro, notificationSubtype: .upgrade)),
                    .accessChanged(from: w(0, 30), to: w(0, 40, .pro)),
                ]
            }),
        .init(
            type: .didChangeRenewalPref, subtype: .downgrade,
            build: history { apple in
                let prior = [apple.subscribe(.pro)]
                apple.advance(days: 10)
                return (prior, apple.scheduleChange(to: .plus))
            },
            phase: .active, accessAt: 11, access: entitled(until: 30, pro),
            actions: { _ in
                [
                    .renewalPreferenceChanged(
                        RenewalPreferenceChange(
                            kind: .scheduled, previousProductId: pro, productId: pro, previousAutoRenewProductId: pro,
                            autoRenewProductId: plus, notificationSubtype: .downgrade))
                ]
            }),
        .init(
            type: .didChangeRenewalPref, subtype: nil,
            build: history { apple in ([apple.subscribe(.pro), apple.scheduleChange(to: .plus)], apple.cancelScheduledChange()) },
            phase: .active, accessAt: 11, access: entitled(until: 30, pro),
            actions: { _ in
                [
                    .renewalPreferenceChanged(
                        RenewalPreferenceChange(
                            kind: .scheduleCancelled, previousProductId: pro, productId: pro, previousAutoRenewProductId: plus,
                            autoRenewProductId: pro))
                ]
            }),
        .init(
            type: .didChangeRenewalStatus, subtype: .autoRenewDisabled,
            build: history { apple in
                let prior = [apple.subscribe(.plus)]
                apple.advance(days: 5)
                return (prior, apple.setAutoRenew(false))
            },
            phase: .active, accessAt: 6, access: entitled(until: 30, plus),
            actions: { _ in [.autoRenewChanged(enabled: false)] }),
        .init(
            type: .didChangeRenewalStatus, subtype: .autoRenewEnabled,
            build: history { apple in ([apple.subscribe(.plus), apple.setAutoRenew(false)], apple.setAutoRenew(true)) },
            phase: .active, accessAt: 6, access: entitled(until: 30, plus),
            actions: { _ in [.autoRenewChanged(enabled: true)] }),
        .init(
            type: .didFailToRenew, subtype: .gracePeriod,
            build: history { apple in ([apple.subscribe(.plus)], apple.failToRenew(grace: true)) },
            phase: .gracePeriod(expiresDate: Clock.day(46)), accessAt: 31, access: entitled(until: 46, plus, .gracePeriod),
            actions: { _ in
                [
                    .billingIssueStarted(gracePeriodExpiresDate: Clock.day(46)),
                    .gracePeriodStarted(expiresDate: Clock.day(46)),
                    .phaseChanged(from: .active, to: .gracePeriod(expiresDate: Clock.day(46))),
                    .accessChanged(from: w(0, 30), to: w(0, 46, grace: true)),
                ]
            }),
        .init(
            type: .didFailToRenew, subtype: nil,
            build: history { apple in ([apple.subscribe(.plus)], apple.failToRenew(grace: false)) },
            phase: .billingRetry, accessAt: 31, access: .none,
            actions: { _ in
                [.billingIssueStarted(gracePeriodExpiresDate: nil), .phaseChanged(from: .active, to: .billingRetry)]
            }),
        .init(
            type: .gracePeriodExpired, subtype: nil,
            build: history { apple in ([apple.subscribe(.plus), apple.failToRenew(grace: true)], apple.expireGracePeriod()) },
            phase: .billingRetry, accessAt: 47, access: .none,
            actions: { _ in
                [
                    .gracePeriodExpired,
                    .phaseChanged(from: .gracePeriod(expiresDate: Clock.day(46)), to: .billingRetry),
                    .accessChanged(from: w(0, 46, grace: true), to: w(0, 30)),
                ]
            }),
        .init(
            type: .expired, subtype: .voluntary,
            build: history { apple in ([apple.subscribe(.plus), apple.setAutoRenew(false)], apple.expire(.customerCancelled)) },
            phase: .expired(.voluntary), accessAt: 31, access: .none,
            actions: { _ in [.expired(.voluntary), .phaseChanged(from: .active, to: .expired(.voluntary))] }),
        .init(
            type: .expired, subtype: .billingRetry,
            build: history { apple in
                let prior = [apple.subscribe(.plus), apple.failToRenew(grace: false)]
                apple.advance(days: 60)
                return (prior, apple.expire(.billingError))
            },
            phase: .expired(.billingError), accessAt: 31, access: .none,
            actions: { _ in
                [
                    .expired(.billingError), .phaseChanged(from: .billingRetry, to: .expired(.billingError)),
                    .autoRenewChanged(enabled: false),
                ]
            }),
        .init(
            type: .expired, subtype: .priceIncrease,
            build: history { apple in
                ([apple.subscribe(.plus), apple.priceIncrease(.notResponded, price: 12_990)], apple.expire(.didNotConsentToPriceIncrease))
            },
            phase: .expired(.priceIncreaseNotConsented), accessAt: 31, access: .none,
            actions: { _ in
                [
                    .expired(.priceIncreaseNotConsented),
                    .phaseChanged(from: .active, to: .expired(.priceIncreaseNotConsented)),
                    .autoRenewChanged(enabled: false),
                ]
            }),
        .init(
            type: .expired, subtype: .productNotForSale,
            build: history { apple in ([apple.subscribe(.plus)], apple.expire(.productNotAvailable)) },
            phase: .expired(.productNotForSale), accessAt: 31, access: .none,
            actions: { _ in
                [
                    .expired(.productNotForSale), .phaseChanged(from: .active, to: .expired(.productNotForSale)),
                    .autoRenewChanged(enabled: false),
                ]
            }),
        .init(
            type: .offerRedeemed, subtype: .upgrade,
            build: history { apple in
                let prior = [apple.subscribe(.plus)]
                apple.advance(days: 10)
                return (prior, apple.upgrade(to: .pro, offer: .promo))
            },
            phase: .promotionalOffer(identifier: "promo.half"), accessAt: 11, access: entitled(until: 40, pro),
            actions: { c in
                [
                    .periodPaid(c.period(1)), .periodRevoked(c.period(0)),
                    .offerRedeemed(
                        offer: OfferInfo(type: .promotionalOffer, identifier: "promo.half", discountType: .payAsYouGo),
                        period: c.period(1)),
                    .phaseChanged(from: .active, to: .promotionalOffer(identifier: "promo.half")),
                    .renewalPreferenceChanged(
                        RenewalPreferenceChange(
                            kind: .immediate, previousProductId: plus, productId: pro, previousAutoRenewProductId: plus,
                            autoRenewProductId: pro, notificationSubtype: .upgrade)),
                    .accessChanged(from: w(0, 30), to: w(0, 40, .pro)),
                ]
            }),
        .init(
            type: .offerRedeemed, subtype: .downgrade,
            build: history { apple in ([apple.subscribe(.pro)], apple.scheduleChange(to: .plus, offer: .promo)) },
            phase: .active, accessAt: 11, access: entitled(until: 30, pro),
            actions: { _ in
                [
                    .renewalPreferenceChanged(
                        RenewalPreferenceChange(
                            kind: .scheduled, previousProductId: pro, productId: pro, previousAutoRenewProductId: pro,
                            autoRenewProductId: plus, notificationSubtype: .downgrade))
                ]
            }),
        .init(
            type: .offerRedeemed, subtype: nil,
            build: history { apple in ([apple.subscribe(.plus)], apple.redeemOffer(.promo)) },
            phase: .active, accessAt: 11, access: entitled(until: 30, plus),
            actions: { _ in [] }),
        .init(
            type: .priceIncrease, subtype: .pending,
            build: history { apple in ([apple.subscribe(.plus)], apple.priceIncrease(.notResponded, price: 12_990)) },
            phase: .active, accessAt: 11, access: entitled(until: 30, plus),
            actions: { _ in [.priceIncreasePending(renewalPrice: 12_990, currency: "USD")] }),
        .init(
            type: .priceIncrease, subtype: .accepted,
            build: history { apple in
                (
                    [apple.subscribe(.plus), apple.priceIncrease(.notResponded, price: 12_990)],
                    apple.priceIncrease(.consentedOrNotified, price: 12_990)
                )
            },
            phase: .active, accessAt: 11, access: entitled(until: 30, plus),
            actions: { _ in [.priceIncreaseAccepted(renewalPrice: 12_990, currency: "USD")] }),
        .init(
            type: .refund, subtype: nil,
            build: history { apple in
                let prior = [apple.subscribe(.plus)]
                apple.advance(days: 3)
                return (prior, apple.refund())
            },
            phase: .revoked(RevocationInfo(kind: .refunded, date: Clock.day(3), reason: .other)), accessAt: 4, access: .none,
            actions: { c in
                [
                    .periodRevoked(c.period(0)),
                    .phaseChanged(from: .active, to: .revoked(RevocationInfo(kind: .refunded, date: Clock.day(3), reason: .other))),
                    .autoRenewChanged(enabled: false), .accessChanged(from: w(0, 30), to: w(0, 3)),
                ]
            }),
        .init(
            type: .refundDeclined, subtype: nil,
            build: history { apple in
                let prior = [apple.subscribe(.plus)]
                apple.advance(days: 3)
                return (prior, apple.declineRefund(apple.currentId ?? ""))
            },
            phase: .active, accessAt: 4, access: entitled(until: 30, plus),
            actions: { _ in [] }),
        .init(
            type: .refundReversed, subtype: nil,
            build: history { apple in
                let prior = [apple.subscribe(.plus)]
                apple.advance(days: 3)
                let refund = apple.refund()
                apple.advance(days: 2)
                return (prior + [refund], apple.reverseRefund(apple.currentId ?? ""))
            },
            phase: .active, accessAt: 6, access: entitled(until: 30, plus),
            actions: { c in
                [
                    .periodRestored(c.period(0)),
                    .phaseChanged(from: .revoked(RevocationInfo(kind: .refunded, date: Clock.day(3), reason: .other)), to: .active),
                    .accessChanged(from: w(0, 3), to: w(0, 30)),
                ]
            }),
        .init(
            type: .revoke, subtype: nil,
            build: {
                var apple = SimulatedApple()
                apple.ownership = .familyShared
                let prior = [apple.subscribe(.plus)]
                apple.advance(days: 9)
                let event = apple.familyRevoke()
                return Built(prior: prior, event: event, apple: apple)
            },
            phase: .revoked(RevocationInfo(kind: .familySharingRevoked, date: Clock.day(9), reason: .other)), accessAt: 10,
            access: .none,
            actions: { c in
                [
                    .periodRevoked(c.period(0)),
                    .phaseChanged(
                        from: .active, to: .revoked(RevocationInfo(kind: .familySharingRevoked, date: Clock.day(9), reason: .other))),
                    .autoRenewChanged(enabled: false), .accessChanged(from: w(0, 30), to: w(0, 9)),
                ]
            }),
        .init(
            type: .renewalExtended, subtype: nil,
            build: history { apple in
                let prior = [apple.subscribe(.plus)]
                apple.advance(days: 20)
                return (prior, apple.extend(days: 10))
            },
            phase: .active, accessAt: 35, access: entitled(until: 40, plus),
            actions: { c in
                [
                    .renewalDateExtended(
                        RenewalExtension(
                            periodKey: c.apple.periods[0], transactionId: c.period(0).transactionId, expiresDate: Clock.day(40),
                            signedDate: Clock.day(20))),
                    .accessChanged(from: w(0, 30), to: w(0, 40)),
                ]
            }),
        .init(
            type: .metadataUpdate, subtype: nil,
            build: history { apple in ([apple.subscribe(.plus)], apple.notify(.metadataUpdate)) },
            phase: .active, accessAt: 11, access: entitled(until: 30, plus),
            actions: { _ in [] }),
        .init(
            type: .migration, subtype: nil,
            build: history { apple in ([apple.subscribe(.plus)], apple.notify(.migration)) },
            phase: .active, accessAt: 11, access: entitled(until: 30, plus),
            actions: { _ in [] }),
        // The changelog's spelling of the same type: the same fact, the same outcome.
        .init(
            type: .migrate, subtype: nil,
            build: history { apple in ([apple.subscribe(.plus)], apple.notify(.migrate)) },
            phase: .active, accessAt: 11, access: entitled(until: 30, plus),
            actions: { _ in [] }),
        .init(
            type: .priceChange, subtype: nil,
            build: history { apple in
                let prior = [apple.subscribe(.plus)]
                apple.renewalPrice = 8_990
                return (prior, apple.notify(.priceChange))
            },
            phase: .active, accessAt: 11, access: entitled(until: 30, plus),
            actions: { _ in [] }),
    ]
}

@Suite("V2 notifications about subscriptions, type by type")
struct SubscriptionNotificationTableTests {
    @Test(arguments: SubscriptionNotificationCase.all)
    func notification(_ testCase: SubscriptionNotificationCase) throws {
        let built = testCase.build()
        var run = LifecycleRun()
        for delivery in built.prior { try run.apply(delivery) }
        let before = run.view

        // The notification is what Apple sends for this type and subtype, and becomes a subscription fact.
        let fact = try #require(built.event.fact)
        #expect(fact.notification?.type == testCase.type)
        #expect(fact.notification?.subtype == testCase.subtype)
        #expect(fact.notification?.notificationUUID != nil)
        #expect(fact.status == built.event.payload?.data?.status)

        let actions = try run.apply(built.event)
        #expect(run.view.phase == testCase.phase)
        #expect(run.access(at: Clock.day(testCase.accessAt)) == testCase.access)
        let context = SubscriptionNotificationCase.Context(before: before, after: run.view, apple: built.apple)
        #expect(actions == testCase.actions(context))
        // The same notification again (Apple retries) is a no-op.
        let state = run.state
        #expect(try run.apply(built.event) == [])
        #expect(run.state == state)
    }
}
