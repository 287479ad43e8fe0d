public import Foundation

/// One billing period of a subscription, identified by `periodKey` (its `webOrderLineItemId`).
/// Times are milliseconds since 1970.
public struct PaidPeriodBody: Codable, Sendable, Hashable {
    public var periodKey: String
    public var webOrderLineItemId: String?
    public var environment: String
    public var originalTransactionId: String
    /// The period's latest-signed transaction.
    public var transactionId: String
    public var productId: String
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Int64
    public var expiresDate: Int64?
    /// Price in milli-units of `currency` (0 for a free trial; absent when the source has none).
    public var price: Int64?
    public var currency: String?
    public var storefront: String?
    public var offer: OfferInfoBody?
    /// Apple's `inAppOwnershipType`.
    public var ownership: String?
    public var appAccountToken: UUID?
    /// Why and when the period ended early, if it did.
    public var revocation: RevocationInfoBody?
    /// Apple's `billingPlanType`: `MONTHLY` for one monthly billing of a 12-month commitment.
    public var billingPlanType: String?
    /// Which billing period of its commitment the period pays for.
    public var billingPeriodNumber: Int?
    /// When access from this period ends: the earliest of its expiry, its revocation and the start
    /// of the next period.
    public var accessEnd: Int64

    public init(
        periodKey: String, webOrderLineItemId: String?, environment: String, originalTransactionId: String, transactionId: String,
        productId: String, subscriptionGroupIdentifier: String? = nil, purchaseDate: Int64, expiresDate: Int64?, price: Int64? = nil,
        currency: String? = nil, storefront: String? = nil, offer: OfferInfoBody? = nil, ownership: String? = nil,
        appAccountToken: UUID? = nil, revocation: RevocationInfoBody? = nil, billingPlanType: String? = nil,
        billingPeriodNumber: Int? = nil, accessEnd: Int64
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
        self.billingPeriodNumber = billingPeriodNumber
        self.accessEnd = accessEnd
    }
}
