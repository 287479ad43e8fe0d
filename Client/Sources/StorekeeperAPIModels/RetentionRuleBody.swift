/// One retention rule on the wire (`GET`/`PUT /v1/admin/apps/{app}/retention/rules`): when every
/// condition holds for the customer whose subscription page is open, Apple is answered with
/// `answer`. Rules are tried in order.
public struct RetentionRuleBody: Codable, Sendable, Hashable {
    /// Unique within the app: 1–64 letters, digits, `-`, `_` or `.`.
    public var id: String
    public var conditions: [RetentionConditionBody]
    public var answer: RetentionAnswerBody

    public init(id: String, conditions: [RetentionConditionBody], answer: RetentionAnswerBody) {
        self.id = id
        self.conditions = conditions
        self.answer = answer
    }
}

/// A rule's condition: `inFreeTrial`, `paidMonthsAtMost` (`months`), `eligibleForOffer`
/// (`offerId`), `tenureMonthsAtLeast` (`months`, `productIds`), `productIn` (`productIds`),
/// `refunded`, `inBillingRetry`.
public struct RetentionConditionBody: Codable, Sendable, Hashable {
    public var kind: String
    public var months: Int?
    public var offerId: String?
    public var productIds: [String]?

    public init(kind: String, months: Int? = nil, offerId: String? = nil, productIds: [String]? = nil) {
        self.kind = kind
        self.months = months
        self.offerId = offerId
        self.productIds = productIds
    }
}

/// A rule's answer: `message` (`messageIdentifier`), `alternateProduct` (`messageIdentifier`,
/// `productId`, optional `billingPlanType`), `promotionalOffer` (`messageIdentifier`, `offerId`),
/// `default` (Apple shows the product's default message).
public struct RetentionAnswerBody: Codable, Sendable, Hashable {
    public var kind: String
    /// A lowercase UUID.
    public var messageIdentifier: String?
    public var productId: String?
    public var billingPlanType: String?
    public var offerId: String?

    public init(
        kind: String, messageIdentifier: String? = nil, productId: String? = nil, billingPlanType: String? = nil,
        offerId: String? = nil
    ) {
        self.kind = kind
        self.messageIdentifier = messageIdentifier
        self.productId = productId
        self.billingPlanType = billingPlanType
        self.offerId = offerId
    }
}

/// `PUT /v1/admin/apps/{app}/retention/rules`: replaces the app's rules as a whole.
public struct RetentionRulesRequest: Codable, Sendable, Hashable {
    public var rules: [RetentionRuleBody]
    public var reason: String
    public var idempotencyKey: String

    public init(rules: [RetentionRuleBody], reason: String, idempotencyKey: String) {
        self.rules = rules
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}

/// What a change of the rules stored.
public struct RetentionRulesResult: Codable, Sendable, Hashable {
    public var revision: Int
    public var rules: [RetentionRuleBody]

    public init(revision: Int, rules: [RetentionRuleBody]) {
        self.revision = revision
        self.rules = rules
    }
}
