import Foundation

/// Decides the answer to a real-time retention request: a pure function of the customer's
/// subscription record and the app's rules. A refunded subscription or one in billing retry is
/// always answered with the default message (an offer or a switch would only add to a payment
/// problem); otherwise the first rule whose conditions all hold answers, and without one the
/// default is shown.
public enum RetentionDecider {
    public struct Decision: Hashable, Sendable {
        /// The rule that answered; nil when the default is shown without a rule.
        public var ruleId: String?
        public var answer: RetentionAnswerTemplate
        /// Why the default is shown: `refunded`, `billingRetry`, `noRule`, or the rule's choice.
        public var reason: String?

        public init(ruleId: String?, answer: RetentionAnswerTemplate, reason: String?) {
            self.ruleId = ruleId
            self.answer = answer
            self.reason = reason
        }
    }

    public static func decide(_ snapshot: RetentionSnapshot, rules: [RetentionRule], catalog: Catalog) -> Decision {
        if snapshot.isRefunded {
            return Decision(ruleId: nil, answer: RetentionAnswerTemplate(kind: .defaultMessage), reason: "refunded")
        }
        if snapshot.isInBillingRetry {
            return Decision(ruleId: nil, answer: RetentionAnswerTemplate(kind: .defaultMessage), reason: "billingRetry")
        }
        for rule in rules where rule.conditions.allSatisfy({ holds($0, snapshot, catalog) }) && applies(rule.answer, snapshot) {
            return Decision(
                ruleId: rule.id, answer: rule.answer, reason: rule.answer.kind == .defaultMessage ? "rule" : nil)
        }
        return Decision(ruleId: nil, answer: RetentionAnswerTemplate(kind: .defaultMessage), reason: "noRule")
    }

    static func holds(_ condition: RetentionCondition, _ snapshot: RetentionSnapshot, _ catalog: Catalog) -> Bool {
        switch condition.kind {
        case .inFreeTrial: snapshot.isInFreeTrial
        case .paidMonthsAtMost: snapshot.paidMonths(catalog: catalog) <= (condition.months ?? 0)
        case .eligibleForOffer: !snapshot.redeemed(offerId: condition.offerId ?? "")
        case .tenureMonthsAtLeast: snapshot.tenureMonths(on: condition.productIds ?? [], catalog: catalog) >= (condition.months ?? 0)
        case .productIn: (condition.productIds ?? []).contains(snapshot.productId)
        case .refunded: snapshot.isRefunded
        case .inBillingRetry: snapshot.isInBillingRetry
        default: false
        }
    }

    /// A switch to the plan already shown is no answer; the App Store would refuse it.
    static func applies(_ answer: RetentionAnswerTemplate, _ snapshot: RetentionSnapshot) -> Bool {
        answer.kind != .alternateProduct || answer.productId != snapshot.productId
    }
}
