public import Foundation

/// The decoded payload of a signed transaction (`JWSTransaction`): what the App Store signed about
/// one In-App Purchase transaction.
///
/// Returned by the App Store Server API (Get Transaction Info, Get Transaction History, Get All
/// Subscription Statuses, Get Refund History, Look Up Order ID), nested in version 2 notifications
/// (`signedTransactionInfo`), and produced by StoreKit 2 on device. Every field is optional because
/// Apple marks none as required; dates are ``Timestamp``s (milliseconds since 1970) exactly as
/// signed. Don't use `price` or `currency` for revenue reconciliation; App Store Connect reports
/// are the source of record.
public struct JWSTransactionDecodedPayload: Hashable, Sendable, Codable {
    /// The unique identifier of this transaction (purchase, restore, or renewal).
    public var transactionId: String?
    /// The transaction identifier of the original purchase; the same across all renewals of a
    /// subscription.
    public var originalTransactionId: String?
    /// The subscription's original transaction identifier before you migrated it to the Advanced
    /// Commerce API.
    public var previousOriginalTransactionId: String?
    /// The identifier of one subscription purchase event across devices, including renewals; the
    /// key for a paid period.
    public var webOrderLineItemId: String?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The product identifier of the In-App Purchase.
    public var productId: String?
    /// The identifier of the subscription group the subscription belongs to.
    public var subscriptionGroupIdentifier: String?
    /// When the App Store charged the account for a purchase, restored product, subscription, or
    /// renewal after a lapse (milliseconds since 1970).
    public var purchaseDate: Timestamp?
    /// The purchase date of the original transaction (milliseconds since 1970).
    public var originalPurchaseDate: Timestamp?
    /// When the subscription expires or renews (milliseconds since 1970).
    public var expiresDate: Timestamp?
    /// The number of consumable products purchased.
    public var quantity: Int32?
    /// The type of the In-App Purchase.
    public var type: ProductType?
    /// The UUID your app supplied at purchase to tie the transaction to a customer (or order) on
    /// your service; absent if none was given.
    public var appAccountToken: UUID?
    /// Whether the customer purchased the product or has it through Family Sharing.
    public var inAppOwnershipType: InAppOwnershipType?
    /// When the App Store signed this JSON Web Signature data (milliseconds since 1970).
    public var signedDate: Timestamp?
    /// Why the App Store refunded the transaction or revoked it from Family Sharing.
    public var revocationReason: RevocationReason?
    /// When the App Store refunded the transaction or revoked it from Family Sharing (milliseconds
    /// since 1970).
    public var revocationDate: Timestamp?
    /// The kind of refund or revocation: full refund, prorated refund, or Family Sharing
    /// revocation.
    public var revocationType: RevocationType?
    /// The refunded or revoked share of the transaction, in milliunits of a percent (0...100000;
    /// 40000 = 40%). Absent when a refund is reversed.
    public var revocationPercentage: Int32?
    /// Whether the customer upgraded to another subscription (this transaction ends early).
    public var isUpgraded: Bool?
    /// The type of offer applied to the transaction.
    public var offerType: OfferType?
    /// The offer code reference name or the promotional offer identifier.
    public var offerIdentifier: String?
    /// The payment mode of the offer applied (free trial, pay as you go, pay up front, one time).
    public var offerDiscountType: OfferDiscountType?
    /// The duration of the offer applied, as an ISO 8601 duration such as `P1M`.
    public var offerPeriod: String?
    /// The server environment that signed the transaction: sandbox or production (or Xcode / local
    /// testing).
    public var environment: AppStoreEnvironment?
    /// The three-letter ISO 3166-1 alpha-3 code of the App Store storefront of the purchase.
    public var storefront: String?
    /// Apple's identifier of the App Store storefront of the purchase.
    public var storefrontId: String?
    /// Whether the customer purchased or the system renewed the subscription.
    public var transactionReason: TransactionReason?
    /// The price of the purchase or offer in milliunits of `currency` (price × 1000; 9990 = 9.99)
    /// as recorded at purchase time.
    public var price: Int64?
    /// The ISO 4217 currency code of `price`; present only when `price` is.
    public var currency: String?
    /// The unique identifier of the app download transaction (the customer's app transaction).
    public var appTransactionId: String?
    /// The billing plan of a subscription with a 12-month commitment.
    public var billingPlanType: BillingPlanType?
    /// Commitment details of a subscription with a 12-month commitment.
    public var commitmentInfo: TransactionCommitmentInfo?
    /// Transaction details present only for Advanced Commerce API SKUs.
    public var advancedCommerceInfo: AdvancedCommerceTransactionInfo?
    /// The seats of a multiseat (group) subscription transaction: invitation model, price tiers,
    /// seats a refund revoked. For a multiseat purchase `quantity` is the seats and `price` their
    /// average price.
    public var multiSeatInfo: TransactionMultiSeatInfo?
    /// Why more than one transaction represents this subscription period (`SEAT_ADDITION`).
    public var additionalTransactionReason: AdditionalTransactionReason?
    /// Base64 device verification value (SHA-384 of the nonce and device identifier) that StoreKit
    /// includes on device.
    public var deviceVerification: String?
    /// The nonce used to compute `deviceVerification`, present in StoreKit-produced transactions.
    public var deviceVerificationNonce: UUID?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        transactionId: String? = nil,
        originalTransactionId: String? = nil,
        previousOriginalTransactionId: String? = nil,
        webOrderLineItemId: String? = nil,
        bundleId: String? = nil,
        productId: String? = nil,
        subscriptionGroupIdentifier: String? = nil,
        purchaseDate: Timestamp? = nil,
        originalPurchaseDate: Timestamp? = nil,
        expiresDate: Timestamp? = nil,
        quantity: Int32? = nil,
        type: ProductType? = nil,
        appAccountToken: UUID? = nil,
        inAppOwnershipType: InAppOwnershipType? = nil,
        signedDate: Timestamp? = nil,
        revocationReason: RevocationReason? = nil,
        revocationDate: Timestamp? = nil,
        revocationType: RevocationType? = nil,
        revocationPercentage: Int32? = nil,
        isUpgraded: Bool? = nil,
        offerType: OfferType? = nil,
        offerIdentifier: String? = nil,
        offerDiscountType: OfferDiscountType? = nil,
        offerPeriod: String? = nil,
        environment: AppStoreEnvironment? = nil,
        storefront: String? = nil,
        storefrontId: String? = nil,
        transactionReason: TransactionReason? = nil,
        price: Int64? = nil,
        currency: String? = nil,
        appTransactionId: String? = nil,
        billingPlanType: BillingPlanType? = nil,
        commitmentInfo: TransactionCommitmentInfo? = nil,
        advancedCommerceInfo: AdvancedCommerceTransactionInfo? = nil,
        multiSeatInfo: TransactionMultiSeatInfo? = nil,
        additionalTransactionReason: AdditionalTransactionReason? = nil,
        deviceVerification: String? = nil,
        deviceVerificationNonce: UUID? = nil
    ) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.previousOriginalTransactionId = previousOriginalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.bundleId = bundleId
        self.productId = productId
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expiresDate = expiresDate
        self.quantity = quantity
        self.type = type
        self.appAccountToken = appAccountToken
        self.inAppOwnershipType = inAppOwnershipType
        self.signedDate = signedDate
        self.revocationReason = revocationReason
        self.revocationDate = revocationDate
        self.revocationType = revocationType
        self.revocationPercentage = revocationPercentage
        self.isUpgraded = isUpgraded
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.offerDiscountType = offerDiscountType
        self.offerPeriod = offerPeriod
        self.environment = environment
        self.storefront = storefront
        self.storefrontId = storefrontId
        self.transactionReason = transactionReason
        self.price = price
        self.currency = currency
        self.appTransactionId = appTransactionId
        self.billingPlanType = billingPlanType
        self.commitmentInfo = commitmentInfo
        self.advancedCommerceInfo = advancedCommerceInfo
        self.multiSeatInfo = multiSeatInfo
        self.additionalTransactionReason = additionalTransactionReason
        self.deviceVerification = deviceVerification
        self.deviceVerificationNonce = deviceVerificationNonce
    }

    /// Whether the App Store refunded or revoked this transaction.
    public var isRevoked: Bool { revocationDate != nil }
}
