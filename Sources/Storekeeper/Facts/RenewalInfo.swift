public import AppStoreModels

/// A subscription's renewal information as Storekeeper records it: what will happen at the
/// next renewal, and why a lapsed subscription lapsed. Identity is
/// `(environment, originalTransactionId)`; the later `signedDate` wins.
public struct RenewalInfo: Sendable, Hashable, Codable {
    public var environment: AppStoreEnvironment
    public var originalTransactionId: String
    /// The product of the current period.
    public var productId: String?
    /// The product that renews next (differs after a downgrade or crossgrade).
    public var autoRenewProductId: String?
    public var autoRenewEnabled: Bool
    public var expirationIntent: ExpirationIntent?
    public var gracePeriodExpiresDate: Timestamp?
    public var isInBillingRetryPeriod: Bool
    public var priceIncreaseStatus: PriceIncreaseStatus?
    public var offerType: OfferType?
    public var offerIdentifier: String?
    public var renewalDate: Timestamp?
    public var renewalPrice: Int64?
    public var currency: String?
    public var eligibleWinBackOfferIds: [String]
    /// The seats the next renewal of a multiseat (group) subscription charges for.
    public var renewalQuantity: Int?
    /// The billing plan of the next renewal, for a subscription with a 12-month commitment.
    public var renewalBillingPlanType: RenewalBillingPlanType?
    /// Whether the commitment renews when it ends, and into what (``SubscriptionCommitment``).
    public var commitment: RenewalCommitmentInfo?
    public var signedDate: Timestamp
    public var source: FactSource

    public init(
        environment: AppStoreEnvironment, originalTransactionId: String, productId: String? = nil,
        autoRenewProductId: String? = nil, autoRenewEnabled: Bool, expirationIntent: ExpirationIntent? = nil,
        gracePeriodExpiresDate: Timestamp? = nil, isInBillingRetryPeriod: Bool = false,
        priceIncreaseStatus: PriceIncreaseStatus? = nil, offerType: OfferType? = nil, offerIdentifier: String? = nil,
        renewalDate: Timestamp? = nil, renewalPrice: Int64? = nil, currency: String? = nil,
        eligibleWinBackOfferIds: [String] = [], renewalQuantity: Int? = nil,
        renewalBillingPlanType: RenewalBillingPlanType? = nil, commitment: RenewalCommitmentInfo? = nil,
        signedDate: Timestamp, source: FactSource
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.autoRenewProductId = autoRenewProductId
        self.autoRenewEnabled = autoRenewEnabled
        self.expirationIntent = expirationIntent
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.priceIncreaseStatus = priceIncreaseStatus
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.renewalDate = renewalDate
        self.renewalPrice = renewalPrice
        self.currency = currency
        self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
        self.renewalQuantity = renewalQuantity
        self.renewalBillingPlanType = renewalBillingPlanType
        self.commitment = commitment
        self.signedDate = signedDate
        self.source = source
    }

    /// From a verified StoreKit 2 renewal info.
    public init(_ payload: JWSRenewalInfoDecodedPayload, source: FactSource) throws(FactError) {
        guard let originalTransactionId = payload.originalTransactionId, let environment = payload.environment,
            let signedDate = payload.signedDate
        else { throw FactError("renewal info lacks originalTransactionId, environment or signedDate") }
        self.init(
            environment: environment, originalTransactionId: originalTransactionId, productId: payload.productId,
            autoRenewProductId: payload.autoRenewProductId, autoRenewEnabled: payload.autoRenewStatus == .on,
            expirationIntent: payload.expirationIntent, gracePeriodExpiresDate: payload.gracePeriodExpiresDate,
            isInBillingRetryPeriod: payload.isInBillingRetryPeriod ?? false,
            priceIncreaseStatus: payload.priceIncreaseStatus, offerType: payload.offerType,
            offerIdentifier: payload.offerIdentifier, renewalDate: payload.renewalDate,
            renewalPrice: payload.renewalPrice, currency: payload.currency,
            eligibleWinBackOfferIds: payload.eligibleWinBackOfferIds ?? [], renewalQuantity: payload.renewalQuantity.map(Int.init),
            renewalBillingPlanType: payload.renewalBillingPlanType, commitment: payload.commitmentInfo,
            signedDate: signedDate, source: source)
    }

    /// From a `verifyReceipt` / V1 `pending_renewal_info` record.
    public init(
        _ record: PendingRenewalInfo, environment: AppStoreEnvironment, signedDate: Timestamp, source: FactSource
    ) throws(FactError) {
        guard let originalTransactionId = record.originalTransactionId else {
            throw FactError("pending renewal info lacks original_transaction_id")
        }
        self.init(
            environment: environment, originalTransactionId: originalTransactionId, productId: record.productId,
            autoRenewProductId: record.autoRenewProductId, autoRenewEnabled: record.autoRenewStatus?.value ?? false,
            expirationIntent: record.expirationIntentValue,
            gracePeriodExpiresDate: record.gracePeriodExpiresDateMs?.timestamp ?? record.gracePeriodExpiresDate?.timestamp,
            isInBillingRetryPeriod: record.isInBillingRetryPeriod?.value ?? false,
            priceIncreaseStatus: record.priceIncreaseStatusValue,
            offerType: record.promotionalOfferId != nil ? .promotionalOffer : (record.offerCodeRefName != nil ? .offerCode : nil),
            offerIdentifier: record.promotionalOfferId ?? record.offerCodeRefName, signedDate: signedDate, source: source)
    }
}
