import AppStoreModels
import Storekeeper
import Testing

@Suite("V1 notifications")
struct V1NotificationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var notification: @Sendable () -> AppStoreServerNotificationV1
        var type: NotificationTypeV2
        var subtype: NotificationSubtype?
        var cancelKind: V1CancelKind?
        /// The fact's date: the latest instant the body proves has passed.
        var signedDate: Timestamp
        var phase: SubscriptionPhase
        var testDescription: String { name }
    }

    static let t0 = Clock.day(0)
    static let plus = SimProduct.plus
    static func a(cancelled: Timestamp? = nil, upgraded: Bool = false, trial: Bool = false) -> ReceiptTransactionInfo {
        V1Fixture.record(
            transaction: "1000000500", wolid: "700", product: .plus, purchase: t0, cancellation: cancelled,
            cancellationReason: cancelled == nil ? nil : 1, upgraded: upgraded, trial: trial)
    }
    static func renewal(_ id: String, wolid: String, at day: Double, product: SimProduct = .plus) -> ReceiptTransactionInfo {
        V1Fixture.record(transaction: id, wolid: wolid, product: product, purchase: Clock.day(day))
    }

    static let cases: [Case] = [
        Case(
            name: "INITIAL_BUY", notification: { V1Fixture.notification(.initialBuy, records: [a(trial: true)], autoRenew: true) },
            type: .subscribed, subtype: .initialBuy, signedDate: t0, phase: .trial),
        Case(
            name: "CANCEL (refund)",
            notification: { V1Fixture.notification(.cancel, records: [a(cancelled: Clock.day(4))], autoRenew: false) },
            type: .refund, cancelKind: .refund, signedDate: Clock.day(4),
            phase: .revoked(RevocationInfo(kind: .refunded, date: Clock.day(4), reason: .appIssue))),
        Case(
            name: "CANCEL (crossgrade, auto-renew on)",
            notification: {
                V1Fixture.notification(
                    .cancel, records: [a(cancelled: Clock.day(2)), renewal("1000000501", wolid: "701", at: 2, product: .plusAlt)],
                    autoRenew: true, autoRenewProduct: .plusAlt)
            },
            type: .didChangeRenewalPref, subtype: .upgrade, cancelKind: .crossgrade, signedDate: Clock.day(2), phase: .active),
        Case(
            name: "CANCEL (crossgrade, auto-renew off)",
            notification: {
                V1Fixture.notification(
                    .cancel,
                    records: [a(cancelled: Clock.day(2), upgraded: true), renewal("1000000501", wolid: "701", at: 2, product: .pro)],
                    autoRenew: false, autoRenewProduct: .pro)
            },
            type: .didChangeRenewalPref, subtype: .upgrade, cancelKind: .crossgradeWithAutoRenewOff, signedDate: Clock.day(2),
            phase: .active),
        Case(
            name: "RENEWAL",
            notification: {
                V1Fixture.notification(.renewal, records: [a(), renewal("1000000501", wolid: "701", at: 35)], autoRenew: true)
            },
            type: .didRenew, subtype: .billingRecovery, signedDate: Clock.day(35), phase: .active),
        Case(
            name: "DID_RECOVER",
            notification: {
                V1Fixture.notification(.didRecover, records: [a(), renewal("1000000501", wolid: "701", at: 35)], autoRenew: true)
            },
            type: .didRenew, subtype: .billingRecovery, signedDate: Clock.day(35), phase: .active),
        Case(
            name: "DID_RENEW",
            notification: {
                V1Fixture.notification(.didRenew, records: [a(), renewal("1000000501", wolid: "701", at: 30)], autoRenew: true)
            },
            type: .didRenew, signedDate: Clock.day(30), phase: .active),
        Case(
            name: "INTERACTIVE_RENEWAL (resubscribe)",
            notification: {
                V1Fixture.notification(.interactiveRenewal, records: [a(), renewal("1000000501", wolid: "701", at: 45)], autoRenew: true)
            },
            type: .subscribed, subtype: .resubscribe, signedDate: Clock.day(45), phase: .active),
        Case(
            name: "INTERACTIVE_RENEWAL (upgrade)",
            notification: {
                V1Fixture.notification(
                    .interactiveRenewal,
                    records: [a(cancelled: Clock.day(10), upgraded: true), renewal("1000000501", wolid: "701", at: 10, product: .pro)],
                    autoRenew: true)
            },
            type: .didChangeRenewalPref, subtype: .upgrade, signedDate: Clock.day(10), phase: .active),
        Case(
            name: "DID_CHANGE_RENEWAL_PREF",
            notification: {
                V1Fixture.notification(
                    .didChangeRenewalPref, records: [a()],
                    pending: [V1Fixture.pending(product: .plus, autoRenewProduct: .plusYearly, autoRenew: true)], autoRenew: true,
                    autoRenewProduct: .plusYearly)
            },
            type: .didChangeRenewalPref, subtype: .downgrade, signedDate: t0, phase: .active),
        Case(
            name: "DID_CHANGE_RENEWAL_STATUS (off)",
            notification: {
                V1Fixture.notification(
                    .didChangeRenewalStatus, records: [a()], pending: [V1Fixture.pending(product: .plus, autoRenew: false)],
                    autoRenew: false, autoRenewChanged: Clock.day(5))
            },
            type: .didChangeRenewalStatus, subtype: .autoRenewDisabled, signedDate: Clock.day(5), phase: .active),
        Case(
            name: "DID_CHANGE_RENEWAL_STATUS (on)",
            notification: {
                V1Fixture.notification(.didChangeRenewalStatus, records: [a()], autoRenew: true, autoRenewChanged: Clock.day(6))
            },
            type: .didChangeRenewalStatus, subtype: .autoRenewEnabled, signedDate: Clock.day(6), phase: .active),
        Case(
            name: "DID_FAIL_TO_RENEW (grace period)",
            notification: {
                V1Fixture.notification(
                    .didFailToRenew, records: [a()],
                    pending: [V1Fixture.pending(product: .plus, autoRenew: true, retry: true, grace: Clock.day(46))], autoRenew: true)
            },
            type: .didFailToRenew, subtype: .gracePeriod, signedDate: Clock.day(30), phase: .gracePeriod(expiresDate: Clock.day(46))),
        Case(
            name: "DID_FAIL_TO_RENEW (billing retry)",
            notification: {
                V1Fixture.notification(
                    .didFailToRenew, records: [a()], pending: [V1Fixture.pending(product: .plus, autoRenew: true, retry: true)],
                    autoRenew: true)
            },
            type: .didFailToRenew, signedDate: Clock.day(30), phase: .billingRetry),
        Case(
            name: "PRICE_INCREASE_CONSENT",
            notification: {
                V1Fixture.notification(
                    .priceIncreaseConsent, records: [a()],
                    pending: [V1Fixture.pending(product: .plus, autoRenew: true, priceIncrease: 0)], autoRenew: true)
            },
            type: .priceIncrease, subtype: .pending, signedDate: t0, phase: .active),
    ]

    @Test(arguments: cases)
    func subscriptionNotification(_ testCase: Case) throws {
        let interpretation = NotificationInterpreter.interpret(v1: testCase.notification())
        #expect(interpretation.cancelKind == testCase.cancelKind)
        #expect(interpretation.facts.count == 1)
        guard case .subscription(let fact)? = interpretation.facts.first else {
            Issue.record("expected a subscription fact, got \(interpretation.facts)")
            return
        }
        #expect(fact.notification?.type == testCase.type)
        #expect(fact.notification?.subtype == testCase.subtype)
        #expect(fact.notification?.v1Type == testCase.notification().notificationType)
        #expect(fact.signedDate == testCase.signedDate)
        #expect(fact.source == .notificationV1 && fact.requiresConfirmation)
        #expect(fact.originalTransactionId == V1Fixture.original)
        let refresh = RefreshRequest(environment: .production, originalTransactionId: V1Fixture.original, reason: .unsignedSource)
        #expect(interpretation.refresh == [refresh])

        let (state, actions) = SubscriptionLifecycle.apply(fact, to: nil)
        #expect(state.phase == testCase.phase)
        #expect(actions.last == .refreshFromApple(refresh))
        // The same body delivered again is the same fact, and changes nothing.
        #expect(NotificationInterpreter.interpret(v1: testCase.notification()) == interpretation)
        #expect(SubscriptionLifecycle.apply(fact, to: state).actions == [])
    }

    @Test("INITIAL_BUY keeps the legacy trial flag as a free trial")
    func trialFlag() throws {
        let interpretation = NotificationInterpreter.interpret(
            v1: V1Fixture.notification(.initialBuy, records: [Self.a(trial: true)], autoRenew: true))
        guard case .subscription(let fact)? = interpretation.facts.first else {
            Issue.record("no subscription fact")
            return
        }
        #expect(fact.transaction?.offerType == .introductoryOffer)
        #expect(fact.transaction?.offerDiscountType == .freeTrial)
        #expect(fact.renewalInfo?.autoRenewEnabled == true)
    }

    @Test("a V1 body never outranks a signed record made after the events it shows")
    func v1DoesNotOverrideNewerSignedFacts() throws {
        var apple = SimulatedApple(originalTransactionId: V1Fixture.original)
        var run = LifecycleRun()
        try run.apply(apple.subscribe(.plus))
        apple.advance(days: 5)
        try run.apply(apple.setAutoRenew(false))
        let signedState = run.state
        // A late V1 INITIAL_BUY (auto-renew still on) about the same purchase.
        let record = V1Fixture.record(
            transaction: apple.currentId ?? "", wolid: apple.periods.first, product: .plus, purchase: Clock.day(0))
        let late = NotificationInterpreter.interpret(v1: V1Fixture.notification(.initialBuy, records: [record], autoRenew: true))
        guard case .subscription(let fact)? = late.facts.first else {
            Issue.record("no subscription fact")
            return
        }
        let result = SubscriptionLifecycle.apply(fact, to: signedState)
        #expect(result.state == signedState)
        #expect(result.actions == [])
        #expect(result.state.view.autoRenewEnabled == false)
    }

    struct OneTimeCase: Sendable, CustomTestStringConvertible {
        var type: NotificationTypeV1
        var testDescription: String { type.rawValue }
    }

    @Test(
        "REFUND, REVOKE and CONSUMPTION_REQUEST of one-time purchases",
        arguments: [NotificationTypeV1.refund, .revoke, .consumptionRequest])
    func oneTime(_ type: NotificationTypeV1) throws {
        let cancelled: Timestamp? = type == .consumptionRequest ? nil : Clock.day(2)
        let gems = V1Fixture.record(
            transaction: "1000000800", original: "1000000800", wolid: nil,
            product: SimProduct(id: "com.example.gems.100", level: 0, days: 0, price: 990),
            purchase: Clock.day(1), cancellation: cancelled, cancellationReason: cancelled == nil ? nil : 0, subscription: false)
        let interpretation = NotificationInterpreter.interpret(v1: V1Fixture.notification(type, records: [gems]))
        #expect(interpretation.refresh == [RefreshRequest(environment: .production, transactionId: "1000000800", reason: .unsignedSource)])
        #expect(interpretation.facts.count == 1)
        switch (type, interpretation.facts.first) {
        case (.refund, .oneTimePurchase(let fact)?), (.revoke, .oneTimePurchase(let fact)?):
            #expect(fact.event == (type == .refund ? .refunded : .revoked))
            #expect(fact.transaction.revocationDate == Clock.day(2))
            #expect(fact.transaction.revocationReason == .other)
            #expect(fact.signedDate == Clock.day(2))
            #expect(fact.notification.v1Type == type)
        case (.consumptionRequest, .consumptionRequest(let request)?):
            #expect(request.transaction.transactionId == "1000000800")
            #expect(request.reason == nil)
        default:
            Issue.record("unexpected facts \(interpretation.facts)")
        }
    }

    @Test("unknown types and bodies without a receipt are recorded as ignored")
    func ignored() {
        let unknown = NotificationInterpreter.interpret(
            v1: AppStoreServerNotificationV1(
                notificationType: NotificationTypeV1(rawValue: "SOMETHING_NEW"), environment: .production,
                originalTransactionId: FlexibleString(V1Fixture.original)))
        #expect(
            unknown.facts == [
                .ignored(
                    IgnoredNotification(
                        type: nil, subtype: nil, notificationUUID: nil, signedDate: nil, environment: .production,
                        v1Type: NotificationTypeV1(rawValue: "SOMETHING_NEW"), reason: .unknownType))
            ])
        #expect(
            unknown.refresh == [
                RefreshRequest(environment: .production, originalTransactionId: V1Fixture.original, reason: .unsignedSource)
            ])
        let empty = NotificationInterpreter.interpret(v1: AppStoreServerNotificationV1(notificationType: .didRenew, environment: .sandbox))
        guard case .ignored(let ignored)? = empty.facts.first else {
            Issue.record("expected ignored")
            return
        }
        #expect(ignored.reason == .missingData("unified_receipt.latest_receipt_info"))
        #expect(ignored.environment == .sandbox)
    }
}
