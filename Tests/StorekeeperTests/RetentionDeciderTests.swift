import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The real-time retention answer as a pure function of the subscription's record and the
/// app's rules, and the outcome a later notification shows.
@Suite struct RetentionDeciderTests {
    static let now = Timestamp(millisecondsSince1970: 1_760_000_000_000)
    static let month: Int64 = 30 * 86_400_000
    let catalog: Catalog
    let offerMessage = UUID()
    let trialMessage = UUID()
    let switchMessage = UUID()

    init() throws {
        catalog = try Catalog(products: [
            Product(id: "pro", kind: .autoRenewableSubscription, duration: .init(months: 1), subscriptionGroup: "g", groupLevel: 1),
            Product(id: "basic", kind: .autoRenewableSubscription, duration: .init(months: 1), subscriptionGroup: "g", groupLevel: 2),
            Product(id: "annual", kind: .autoRenewableSubscription, duration: .init(years: 1), subscriptionGroup: "g", groupLevel: 1),
        ])
    }

    var rules: [RetentionRule] {
        [
            RetentionRule(id: "trial", conditions: [.inFreeTrial], answer: .init(kind: .message, messageIdentifier: trialMessage)),
            RetentionRule(
                id: "first-month", conditions: [.paidMonthsAtMost(1), .eligibleForOffer("half")],
                answer: .init(kind: .promotionalOffer, messageIdentifier: offerMessage, offerId: "half")),
            RetentionRule(
                id: "loyal", conditions: [.tenureMonthsAtLeast(12, on: ["pro", "annual"])],
                answer: .init(kind: .alternateProduct, messageIdentifier: switchMessage, productId: "basic")),
        ]
    }

    /// `count` consecutive monthly periods of `product`, the first `free` of them a free trial.
    static func periods(
        _ product: String, count: Int, free: Int = 0, revoked: Bool = false, offer: String? = nil
    ) -> [AppleTransaction] {
        (0..<count).map { index in
            AppleTransaction(
                environment: .production, transactionId: "t\(index)", originalTransactionId: "o1", webOrderLineItemId: "w\(index)",
                productId: product, purchaseDate: now.adding(milliseconds: Int64(index) * month),
                revocationDate: revoked && index == count - 1 ? now : nil,
                offerType: index < free ? .introductoryOffer : (offer != nil && index == count - 1 ? .promotionalOffer : nil),
                offerIdentifier: offer != nil && index == count - 1 ? offer : nil,
                offerDiscountType: index < free ? .freeTrial : nil, price: index < free ? 0 : 4_990,
                signedDate: now, source: .notification)
        }
    }

    /// A thirteenth period on the cheaper plan, after a switch.
    static let switched = AppleTransaction(
        environment: .production, transactionId: "b", originalTransactionId: "o1", webOrderLineItemId: "wb", productId: "basic",
        purchaseDate: now.adding(milliseconds: 12 * month), price: 1_990, signedDate: now, source: .notification)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var productId: String
        var phase: String?
        var transactions: [AppleTransaction]
        var rule: String?
        var answer: RetentionAnswerTemplate.Kind
        var reason: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a free trial gets the trial message", productId: "pro", phase: "trial", transactions: periods("pro", count: 1, free: 1),
            rule: "trial", answer: .message),
        Case(
            name: "the first paid month gets the offer", productId: "pro", phase: "active", transactions: periods("pro", count: 2, free: 1),
            rule: "first-month", answer: .promotionalOffer),
        Case(
            name: "an offer redeemed before is not offered again", productId: "pro", phase: "promotionalOffer",
            transactions: periods("pro", count: 1, offer: "half"), rule: nil, answer: .defaultMessage, reason: "noRule"),
        Case(
            name: "a year on the higher tier is offered the cheaper plan", productId: "pro", phase: "active",
            transactions: periods("pro", count: 12), rule: "loyal", answer: .alternateProduct),
        Case(
            name: "a cheaper plan is not offered to who has it", productId: "basic", phase: "active",
            transactions: periods("pro", count: 12) + [switched],
            rule: nil, answer: .defaultMessage, reason: "noRule"),
        Case(
            name: "billing retry is answered with the default", productId: "pro", phase: "billingRetry",
            transactions: periods("pro", count: 1, free: 1), rule: nil, answer: .defaultMessage, reason: "billingRetry"),
        Case(
            name: "a refund is answered with the default", productId: "pro", phase: "revoked",
            transactions: periods("pro", count: 2, revoked: true), rule: nil, answer: .defaultMessage, reason: "refunded"),
        Case(
            name: "three paid months and no tenure: no rule", productId: "pro", phase: "active",
            transactions: periods("pro", count: 3), rule: nil, answer: .defaultMessage, reason: "noRule"),
    ]

    @Test(arguments: cases)
    func theFirstRuleThatHoldsAnswers(_ item: Case) {
        let decision = RetentionDecider.decide(
            RetentionSnapshot(productId: item.productId, phase: item.phase, transactions: item.transactions), rules: rules,
            catalog: catalog)
        #expect(decision.ruleId == item.rule)
        #expect(decision.answer.kind == item.answer)
        #expect(decision.reason == item.reason)
    }

    @Test func rulesAreCheckedAgainstTheCatalog() {
        let unknownProduct = RetentionRule(
            id: "x", conditions: [], answer: .init(kind: .alternateProduct, messageIdentifier: UUID(), productId: "missing"))
        let noOffer = RetentionRule(id: "y", conditions: [], answer: .init(kind: .promotionalOffer, messageIdentifier: UUID()))
        let twice = [rules[0], rules[0]]
        for invalid in [[unknownProduct], [noOffer], twice] {
            let error = #expect(throws: StorekeeperError.self) { try RetentionRuleValidation.validate(invalid, catalog: catalog) }
            #expect(error?.code == .invalidRetentionRule)
        }
        #expect(throws: Never.self) { try RetentionRuleValidation.validate(rules, catalog: catalog) }
    }

    @Test func outcomesAreAttributedOnlyToWhatWasAnswered() {
        func outcome(
            _ kind: RetentionAnswerTemplate.Kind, _ type: NotificationTypeV2, _ subtype: NotificationSubtype? = nil,
            offer: String? = nil, renewsInto: String? = nil
        ) -> RetentionOutcome? {
            RetentionOutcome.attribute(
                answerKind: kind, offerId: kind == .promotionalOffer ? "half" : nil,
                alternateProductId: kind == .alternateProduct ? "basic" : nil, type: type, subtype: subtype,
                offerIdentifier: offer, autoRenewProductId: renewsInto)
        }
        #expect(outcome(.promotionalOffer, .offerRedeemed, offer: "half") == .redeemed)
        #expect(outcome(.promotionalOffer, .offerRedeemed, offer: "other") == nil)
        #expect(outcome(.alternateProduct, .didChangeRenewalPref, .downgrade, renewsInto: "basic") == .switched)
        #expect(outcome(.alternateProduct, .didChangeRenewalPref, .downgrade, renewsInto: "annual") == nil)
        #expect(outcome(.message, .didChangeRenewalStatus, .autoRenewDisabled) == .cancelled)
        #expect(outcome(.message, .didChangeRenewalStatus, .autoRenewEnabled) == nil)
        #expect(outcome(.message, .didRenew) == nil)
    }
}
