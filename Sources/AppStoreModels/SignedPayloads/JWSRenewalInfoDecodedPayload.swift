public import Foundation

/// The decoded payload of signed renewal information (`JWSRenewalInfo`): the upcoming renewal of an
/// auto-renewable subscription.
///
/// Returned by Get All Subscription Statuses and nested in version 2 notifications
/// (`signedRenewalInfo`). Every field is optional; dates are ``Timestamp``s.
public struct JWSRenewalInfoDecodedPayload: Hashable, Sendable, Codable {
    /// The transaction identifier of the original purchase of the subscription.
    public var originalTransactionId: String?
    /// The product identifier of the current subscription.
    public var productId: String?
    /// The product identifier that renews at the next billing period (differs from `productId`
    /// after a downgrade or crossgrade).
    public var autoRenewProductId: String?
    /// Whether the subscription renews automatically at the end of the current period.
    public var autoRenewStatus: AutoRenewStatus?
    /// Why the subscription expired; present only for expired subscriptions.
    public var expirationIntent: ExpirationIntent?
    /// When the billing grace period ends (milliseconds since 1970).
    public var gracePeriodExpiresDate: Timestamp?
    /// Whether the App Store is still trying to renew an expired subscription automatically.
    public var isInBillingRetryPeriod: Bool?
    /// The offer code reference name or promotional offer identifier that applies to the next
    /// renewal.
    public var offerIdentifier: String?
    /// The type of offer that applies to the next renewal.
    public var offerType: OfferType?
    /// The payment mode of the offer that applies to the next renewal.
    public var offerDiscountType: OfferDiscountType?
    /// The duration of the offer that applies to the next renewal, as an ISO 8601 duration.
    public var offerPeriod: String?
    /// Whether the subscription is subject to a price increase and whether the customer responded.
    public var priceIncreaseStatus: PriceIncreaseStatus?
    /// When the App Store signed this JSON Web Signature data (milliseconds since 1970).
    public var signedDate: Timestamp?
    /// The server environment that signed the renewal information.
    public var environment: AppStoreEnvironment?
    /// The earliest start date of the subscription in a series of purchases that ignores lapses of
    /// 60 days or fewer (milliseconds since 1970).
    public var recentSubscriptionStartDate: Timestamp?
    /// When the most recent subscription purchase expires or renews (milliseconds since 1970).
    public var renewalDate: Timestamp?
    /// The price of the next renewal in milliunits of `currency` (price × 1000).
    public var renewalPrice: Int64?
    /// The ISO 4217 currency code of `renewalPrice`.
    public var currency: String?
    /// Win-back offer identifiers the customer can redeem, best offers first.
    public var eligibleWinBackOfferIds: [String]?
    /// The UUID your app supplied that applies to the upcoming renewal transaction.
    public var appAccountToken: UUID?
    /// The unique identifier of the app download transaction.
    public var appTransactionId: String?
    /// The billing plan of the next renewal for a subscription with a 12-month commitment.
    public var renewalBillingPlanType: RenewalBillingPlanType?
    /// Renewal commitment details of a subscription with a 12-month commitment.
    public var commitmentInfo: RenewalCommitmentInfo?
    /// Renewal details present only for Advanced Commerce API SKUs.
    public var advancedCommerceInfo: AdvancedCommerceRenewalInfo?
    /// The number of seats in the next renewal of a multiseat subscription; added seats count at
    /// once, reductions take effect at the renewal.
    public var renewalQuantity: Int32?
    /// The seats of the next renewal at each price, for a subscription that renews as a
    /// multiseat purchase.
    public var multiSeatInfo: RenewalMultiSeatInfo?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        originalTransactionId: String? = nil,
        productId: String? = nil,
        autoRenewProductId: String? = nil,
        autoRenewStatus: AutoRenewStatus? = nil,
        expirationIntent: ExpirationIntent? = nil,
        gracePeriodExpiresDate: Timestamp? = nil,
        isInBillingRetryPeriod: Bool? = nil,
        offerIdentifier: String? = nil,
        offerType: OfferType? = nil,
        offerDiscountType: OfferDiscountType? = nil,
        offerPeriod: String? = nil,
        priceIncreaseStatus: PriceIncreaseStatus? = nil,
        signedDate: Timestamp? = nil,
        environment: AppStoreEnvironment? = nil,
        recentSubscriptionStartDate: Timestamp? = nil,
        renewalDate: Timestamp? = nil,
        renewalPrice: Int64? = nil,
        currency: String? = nil,
        eligibleWinBackOfferIds: [String]? = nil,
        appAccountToken: UUID? = nil,
        appTransactionId: String? = nil,
        renewalBillingPlanType: RenewalBillingPlanType? = nil,
        commitmentInfo: RenewalCommitmentInfo? = nil,
        advancedCommerceInfo: AdvancedCommerceRenewalInfo? = nil,
        renewalQuantity: Int32? = nil,
        multiSeatInfo: RenewalMultiSeatInfo? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.autoRenewProductId = autoRenewProductId
        self.autoRenewStatus = autoRenewStatus
        self.expirationIntent = expirationIntent
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.offerIdentifier = offerIdentifier
        self.offerType = offerType
        self.offerDiscountType = offerDiscountType
        self.offerPeriod = offerPeriod
        self.priceIncreaseStatus = priceIncreaseStatus
        self.signedDate = signedDate
        self.environment = environment
        self.recentSubscriptionStartDate = recentSubscriptionStartDate
        self.renewalDate = renewalDate
        self.renewalPrice = renewalPrice
        self.currency = currency
        self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
        self.appAccountToken = appAccountToken
        self.appTransactionId = appTransactionId
        self.renewalBillingPlanType = renewalBillingPlanType
        self.commitmentInfo = commitmentInfo
        self.advancedCommerceInfo = advancedCommerceInfo
        self.renewalQuantity = renewalQuantity
        self.multiSeatInfo = multiSeatInfo
    }
}
