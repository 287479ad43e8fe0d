public import AppStoreModels
public import Foundation

/// An App Store transaction as Storekeeper records it, whatever carried it: a StoreKit 2
/// signed transaction, a notification, the Server API, a legacy app receipt or `verifyReceipt`.
///
/// Identity is `(environment, transactionId)`. A subscription's paid period is identified by
/// `webOrderLineItemId` (stable across the transaction-ID change a device restore causes).
/// Between two facts about the same transaction, the later `signedDate` wins.
public struct AppleTransaction: Sendable, Hashable, Codable {
    public var environment: AppStoreEnvironment
    public var transactionId: String
    public var originalTransactionId: String
    public var webOrderLineItemId: String?
    public var productId: String
    public var productType: ProductType?
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Timestamp
    public var originalPurchaseDate: Timestamp?
    public var expiresDate: Timestamp?
    public var quantity: Int
    public var appAccountToken: UUID?
    public var ownership: InAppOwnershipType?
    public var revocationDate: Timestamp?
    public var revocationReason: RevocationReason?
    public var isUpgraded: Bool
    public var offerType: OfferType?
    public var offerIdentifier: String?
    public var offerDiscountType: OfferDiscountType?
    public var offerPeriod: String?
    /// Price in milli-units of `currency` (Apple's convention: 9990 = 9.99).
    public var price: Int64?
    public var currency: String?
    public var storefront: String?
    public var transactionReason: TransactionReason?
    /// The customer's app transaction identifier: one per Apple account and app, the same on
    /// every transaction of that account (``AppleTransaction`` identity keys, transfer policy).
    public var appTransactionId: String?
    /// The seats of a multiseat (group) subscription transaction (see ``Sale``).
    public var multiSeatInfo: TransactionMultiSeatInfo?
    /// Why more than one transaction represents this subscription period (`SEAT_ADDITION`).
    public var additionalTransactionReason: AdditionalTransactionReason?
    /// `MONTHLY` for a subscription billed monthly under a 12-month commitment, `BILLED_UPFRONT`
    /// for one billed for the whole period (see ``SubscriptionCommitment``).
    public var billingPlanType: BillingPlanType?
    /// Which billing period of its commitment this transaction pays for, and when the
    /// commitment ends (for display: access follows `expiresDate`, as for any subscription).
    public var commitmentInfo: TransactionCommitmentInfo?
    /// When Apple signed (or, for receipts, created) the data this record came from.
    public var signedDate: Timestamp
    public var source: FactSource

    public init(
        environment: AppStoreEnvironment, transactionId: String, originalTransactionId: String,
        webOrderLineItemId: String? = nil, productId: String, productType: ProductType? = nil,
        subscriptionGroupIdentifier: String? = nil, purchaseDate: Timestamp, originalPurchaseDate: Timestamp? = nil,
        expiresDate: Timestamp? = nil, quantity: Int = 1, appAccountToken: UUID? = nil,
        ownership: InAppOwnershipType? = nil, revocationDate: Timestamp? = nil,
        revocationReason: RevocationReason? = nil, isUpgraded: Bool = false, offerType: OfferType? = nil,
        offerIdentifier: String? = nil, offerDiscountType: OfferDiscountType? = nil, offerPeriod: String? = nil,
        price: Int64? = nil, currency: String? = nil, storefront: String? = nil,
        transactionReason: TransactionReason? = nil, appTransactionId: String? = nil,
        multiSeatInfo: TransactionMultiSeatInfo? = nil, additionalTransactionReason: AdditionalTransactionReason? = nil,
        billingPlanType: BillingPlanType? = nil, commitmentInfo: TransactionCommitmentInfo? = nil,
        signedDate: Timestamp, source: FactSource
    ) {
        self.environment = environment
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.productId = productId
        self.productType = productType
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expiresDate = expiresDate
        self.quantity = quantity
        self.appAccountToken = appAccountToken
        self.ownership = ownership
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.isUpgraded = isUpgraded
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.offerDiscountType = offerDiscountType
        self.offerPeriod = offerPeriod
        self.price = price
        self.currency = currency
        self.storefront = storefront
        self.transactionReason = transactionReason
        self.appTransactionId = appTransactionId
        self.multiSeatInfo = multiSeatInfo
        self.additionalTransactionReason = additionalTransactionReason
        self.billingPlanType = billingPlanType
        self.commitmentInfo = commitmentInfo
        self.signedDate = signedDate
        self.source = source
    }

    /// Whether the customer has this through someone else's purchase: a Family Sharing copy or a
    /// seat of a group purchase (`ASSIGNED`). Such a transaction grants access, never revenue.
    public var isSharedAccess: Bool { ownership == .familyShared || ownership == .assigned }

    /// Refunded, revoked from Family Sharing, or upgraded away.
    public var isRevoked: Bool { revocationDate != nil }

    /// The key of the paid period this transaction pays for: `webOrderLineItemId` for
    /// subscriptions, the original transaction for one-time purchases.
    public var periodKey: String { webOrderLineItemId ?? "original:" + originalTransactionId }
}

/// What carried a fact into Storekeeper.
public struct FactSource: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// A signed transaction the app submitted.
    public static let storeKit2 = FactSource(rawValue: "storekit2")
    /// An App Store Server Notification (V2).
    public static let notification = FactSource(rawValue: "notification")
    /// A V1 notification's unified receipt.
    public static let notificationV1 = FactSource(rawValue: "notification_v1")
    /// A call to the App Store Server API.
    public static let serverAPI = FactSource(rawValue: "server_api")
    /// A legacy app receipt, verified locally.
    public static let appReceipt = FactSource(rawValue: "app_receipt")
    /// The legacy `verifyReceipt` endpoint.
    public static let verifyReceipt = FactSource(rawValue: "verify_receipt")
}
