public import Foundation

/// One of an app's operator-defined retention rules: when every condition holds for the customer
/// whose subscription page is open, the App Store is answered with the rule's answer. Rules are
/// tried in order; the first that matches answers.
public struct RetentionRule: Hashable, Sendable, Codable {
    /// Stable and unique within the app (`trial-message`, `first-month-offer`): outcomes are
    /// counted per rule.
    public var id: String
    /// Every condition must hold; none matches everyone.
    public var conditions: [RetentionCondition]
    public var answer: RetentionAnswerTemplate

    public init(id: String, conditions: [RetentionCondition], answer: RetentionAnswerTemplate) {
        self.id = id
        self.conditions = conditions
        self.answer = answer
    }
}

/// What a rule requires of the customer's record.
public struct RetentionCondition: Hashable, Sendable, Codable {
    public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The current period is a free trial.
        public static let inFreeTrial = Kind(rawValue: "inFreeTrial")
        /// The subscription's paid months (trials and refunded periods not counted) are at most `months`.
        public static let paidMonthsAtMost = Kind(rawValue: "paidMonthsAtMost")
        /// The customer has not redeemed the promotional offer `offerId` on this subscription.
        public static let eligibleForOffer = Kind(rawValue: "eligibleForOffer")
        /// At least `months` of tenure on any of `productIds` (every product when empty).
        public static let tenureMonthsAtLeast = Kind(rawValue: "tenureMonthsAtLeast")
        /// The page shows one of `productIds`.
        public static let productIn = Kind(rawValue: "productIn")
        /// A period of the subscription was refunded or revoked.
        public static let refunded = Kind(rawValue: "refunded")
        /// Billing failed and Apple is retrying (grace period or billing retry).
        public static let inBillingRetry = Kind(rawValue: "inBillingRetry")

        public static let all: [Kind] = [
            .inFreeTrial, .paidMonthsAtMost, .eligibleForOffer, .tenureMonthsAtLeast, .productIn, .refunded, .inBillingRetry,
        ]
    }

    public var kind: Kind
    public var months: Int?
    public var offerId: String?
    public var productIds: [String]?

    public init(kind: Kind, months: Int? = nil, offerId: String? = nil, productIds: [String]? = nil) {
        self.kind = kind
        self.months = months
        self.offerId = offerId
        self.productIds = productIds
    }

    public static let inFreeTrial = RetentionCondition(kind: .inFreeTrial)
    public static let refunded = RetentionCondition(kind: .refunded)
    public static let inBillingRetry = RetentionCondition(kind: .inBillingRetry)
    public static func paidMonthsAtMost(_ months: Int) -> Self { .init(kind: .paidMonthsAtMost, months: months) }
    public static func eligibleForOffer(_ offerId: String) -> Self { .init(kind: .eligibleForOffer, offerId: offerId) }
    public static func tenureMonthsAtLeast(_ months: Int, on productIds: [String] = []) -> Self {
        .init(kind: .tenureMonthsAtLeast, months: months, productIds: productIds)
    }
    public static func productIn(_ productIds: [String]) -> Self { .init(kind: .productIn, productIds: productIds) }
}

/// What a rule answers with.
public struct RetentionAnswerTemplate: Hashable, Sendable, Codable {
    public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A text message (`message`).
        public static let message = Kind(rawValue: "message")
        /// A switch-plan message (`alternateProduct`).
        public static let alternateProduct = Kind(rawValue: "alternateProduct")
        /// A promotional offer, signed with the app's offer key (`promotionalOffer`).
        public static let promotionalOffer = Kind(rawValue: "promotionalOffer")
        /// No answer of ours: the App Store shows the product's default message.
        public static let defaultMessage = Kind(rawValue: "default")

        public static let all: [Kind] = [.message, .alternateProduct, .promotionalOffer, .defaultMessage]
    }

    public var kind: Kind
    public var messageIdentifier: UUID?
    /// The plan to switch to (`alternateProduct`).
    public var productId: String?
    /// `BILLED_UPFRONT` or `MONTHLY` for a plan with a 12-month commitment.
    public var billingPlanType: String?
    /// The promotional offer (`promotionalOffer`).
    public var offerId: String?

    public init(
        kind: Kind, messageIdentifier: UUID? = nil, productId: String? = nil, billingPlanType: String? = nil,
        offerId: String? = nil
    ) {
        self.kind = kind
        self.messageIdentifier = messageIdentifier
        self.productId = productId
        self.billingPlanType = billingPlanType
        self.offerId = offerId
    }
}
