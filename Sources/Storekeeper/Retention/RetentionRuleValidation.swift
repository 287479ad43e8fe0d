/// Checks an app's rules before they are stored: each is complete for its kinds, names products
/// of the catalog, and ids are unique. A refusal is a typed error with a stable code.
public enum RetentionRuleValidation {
    public static let maximumRules = 100

    public static func validate(_ rules: [RetentionRule], catalog: Catalog) throws(StorekeeperError) {
        guard rules.count <= maximumRules else { throw invalid("at most \(maximumRules) rules") }
        var ids = Set<String>()
        for rule in rules {
            guard !rule.id.isEmpty, rule.id.utf8.count <= 64,
                rule.id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") })
            else { throw invalid("rule id \"\(rule.id.prefix(64))\" must be 1–64 letters, digits, '-', '_' or '.'") }
            guard ids.insert(rule.id).inserted else { throw invalid("rule id \(rule.id) is used twice") }
            for condition in rule.conditions { try check(condition, rule: rule.id, catalog: catalog) }
            try check(rule.answer, rule: rule.id, catalog: catalog)
        }
    }

    private static func check(_ condition: RetentionCondition, rule: String, catalog: Catalog) throws(StorekeeperError) {
        switch condition.kind {
        case .inFreeTrial, .refunded, .inBillingRetry:
            break
        case .paidMonthsAtMost, .tenureMonthsAtLeast:
            guard let months = condition.months, (0...1200).contains(months) else {
                throw invalid("rule \(rule): \(condition.kind) needs months between 0 and 1200")
            }
        case .eligibleForOffer:
            guard let offer = condition.offerId, !offer.isEmpty, offer.utf8.count <= 64 else {
                throw invalid("rule \(rule): eligibleForOffer needs an offerId of 1–64 bytes")
            }
        case .productIn:
            guard let products = condition.productIds, !products.isEmpty else {
                throw invalid("rule \(rule): productIn needs productIds")
            }
        default:
            throw invalid("rule \(rule): unknown condition \(condition.kind)")
        }
        for product in condition.productIds ?? [] where catalog[product]?.kind != .autoRenewableSubscription {
            throw invalid("rule \(rule): \(product) is not an auto-renewable subscription of the catalog")
        }
    }

    private static func check(_ answer: RetentionAnswerTemplate, rule: String, catalog: Catalog) throws(StorekeeperError) {
        switch answer.kind {
        case .defaultMessage:
            return
        case .message:
            guard answer.messageIdentifier != nil else { throw invalid("rule \(rule): a message answer needs messageIdentifier") }
        case .alternateProduct:
            guard answer.messageIdentifier != nil, let product = answer.productId,
                catalog[product]?.kind == .autoRenewableSubscription
            else { throw invalid("rule \(rule): a switch-plan answer needs messageIdentifier and a subscription productId") }
            if let plan = answer.billingPlanType, !["BILLED_UPFRONT", "MONTHLY"].contains(plan) {
                throw invalid("rule \(rule): billingPlanType is BILLED_UPFRONT or MONTHLY")
            }
        case .promotionalOffer:
            guard answer.messageIdentifier != nil, let offer = answer.offerId, !offer.isEmpty, offer.utf8.count <= 64 else {
                throw invalid("rule \(rule): an offer answer needs messageIdentifier and an offerId of 1–64 bytes")
            }
        default:
            throw invalid("rule \(rule): unknown answer \(answer.kind)")
        }
    }

    private static func invalid(_ reason: String) -> StorekeeperError {
        StorekeeperError(.invalidRetentionRule, reason, kind: .rejected)
    }
}
