public import AppStoreModels
public import Foundation

/// One billing period of a subscription, as derived from its transactions.
///
/// Identity is ``periodKey``: the `webOrderLineItemId`, stable across the new transaction ID a
/// device restore issues for the same period (`seeds/003_*`). The transaction named here is the
/// period's latest-signed transaction.
public struct PaidPeriod: Hashable, Sendable, Codable {
    public var periodKey: String
    public var webOrderLineItemId: String?
    public var environment: AppStoreEnvironment
    public var originalTransactionId: String
    public var transactionId: String
    public var productId: String
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Timestamp
    public var expiresDate: Timestamp?
    /// Price in milli-units of `currency` (0 for a free trial; nil when the source has none).
    public var price: Int64?
    public var currency: String?
    public var storefront: String?
    public var offer: OfferInfo?
    public var ownership: InAppOwnershipType?
    public var appAccountToken: UUID?
    /// Why and when the period ended early, if it did.
    public var revocation: RevocationInfo?
    /// `MONTHLY` when the period is one monthly billing of a 12-month commitment.
    public var billingPlanType: BillingPlanType?
    /// The period's place in its commitment (billing period n of N, the commitment's end).
    public var commitmentInfo: TransactionCommitmentInfo?
    /// When access from this period ends: the earliest of its expiry, its revocation and the start
    /// of the next period (a later period always supersedes an earlier one).
    public var accessEnd: Timestamp

    public init(
        periodKey: String, webOrderLineItemId: String?, environment: AppStoreEnvironment,
        originalTransactionId: String, transactionId: String, productId: String,
        subscriptionGroupIdentifier: String? = nil, purchaseDate: Timestamp, expiresDate: Timestamp?,
        price: Int64? = nil, currency: String? = nil, storefront: String? = nil, offer: OfferInfo? = nil,
        ownership: InAppOwnershipType? = nil, appAccountToken: UUID? = nil, revocation: RevocationInfo? = nil,
        billingPlanType: BillingPlanType? = nil, commitmentInfo: TransactionCommitmentInfo? = nil, accessEnd: Timestamp
    ) {
        self.periodKey = periodKey
        self.webOrderLineItemId = webOrderLineItemId
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.transactionId = transactionId
        self.productId = productId
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.price = price
        self.currency = currency
        self.storefront = storefront
        self.offer = offer
        self.ownership = ownership
        self.appAccountToken = appAccountToken
        self.revocation = revocation
        self.billingPlanType = billingPlanType
        self.commitmentInfo = commitmentInfo
        self.accessEnd = accessEnd
    }

    /// Whether the period is one monthly billing of a 12-month commitment: no billing grace
    /// period applies, and cancelling stops the commitment's renewal, not the remaining billings.
    public var isBilledUnderCommitment: Bool { billingPlanType == .monthly }

    /// The key of the period a transaction pays for: its `webOrderLineItemId`, or, for the rare
    /// legacy record without one, its product and purchase second (Apple advised comparing
    /// purchase dates at second precision, `seeds/003_*`).
    public static func key(of transaction: AppleTransaction) -> String {
        if let id = transaction.webOrderLineItemId, !id.isEmpty, id != "0" { return id }
        let seconds = transaction.purchaseDate.millisecondsSince1970 / 1000
        return "purchase:\(transaction.productId):\(seconds)"
    }
}

/// An offer applied to a period (or to the next renewal).
public struct OfferInfo: Hashable, Sendable, Codable {
    public var type: OfferType
    /// The promotional offer identifier, offer code reference name or win-back offer identifier.
    public var identifier: String?
    public var discountType: OfferDiscountType?
    /// The offer's duration (ISO 8601, e.g. `P1M`).
    public var period: String?

    public init(type: OfferType, identifier: String? = nil, discountType: OfferDiscountType? = nil, period: String? = nil) {
        self.type = type
        self.identifier = identifier
        self.discountType = discountType
        self.period = period
    }
}

/// Why a paid period ended before its expiry.
public struct RevocationInfo: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Apple refunded the period (REFUND, V1 CANCEL).
        case refunded
        /// The period was shared through Family Sharing and the sharing ended (REVOKE).
        case familySharingRevoked
        /// The period was replaced immediately by another product of the group (an upgrade or a
        /// same-duration crossgrade); Apple refunds the unused part pro rata.
        case upgraded
        /// The period was a member's assigned seat of a group (multiseat) subscription and the
        /// seat ended (the group's refund or revocation, or fewer seats): no money moved.
        case seatRevoked

        /// The kind of a revocation Apple signed for a transaction owned as `ownership` (not an
        /// upgrade): a refund of a purchase, or the end of a shared or assigned copy.
        public static func revocation(of ownership: InAppOwnershipType?) -> Kind {
            switch ownership {
            case .familyShared?: .familySharingRevoked
            case .assigned?: .seatRevoked
            default: .refunded
            }
        }
    }

    public var kind: Kind
    /// The instant access from the period ends.
    public var date: Timestamp
    public var reason: RevocationReason?

    public init(kind: Kind, date: Timestamp, reason: RevocationReason? = nil) {
        self.kind = kind
        self.date = date
        self.reason = reason
    }
}
