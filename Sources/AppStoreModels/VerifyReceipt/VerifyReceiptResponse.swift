/// The response of the legacy `verifyReceipt` endpoint, for both receipt styles.
///
/// For iOS 7-style receipts `receipt` is an app receipt with `in_app`, and `latest_receipt_info` is
/// an array; for iOS 6-style transaction receipts both are single transaction objects, and the top-
/// level `auto_renew_status`, `auto_renew_product_id`, `expiration_intent`,
/// `is_in_billing_retry_period` and `latest_expired_receipt_info` may appear.
public struct VerifyReceiptResponse: Hashable, Sendable, Codable {
    /// `0` if the receipt is valid, otherwise an error code.
    public var status: VerifyReceiptStatus
    /// The environment that generated the receipt (`Sandbox` or `Production`).
    public var environment: AppStoreEnvironment?
    /// Whether an error (status 21100–21199) was temporary and the request may be retried.
    public var isRetryable: FlexibleBool?
    /// The decoded receipt that was sent.
    public var receipt: VerifyReceiptReceipt?
    /// The latest Base64-encoded receipt (auto-renewable subscriptions).
    public var latestReceipt: String?
    /// The latest transactions: an array (iOS 7 style) or one transaction (iOS 6 style).
    public var latestReceiptInfo: LatestReceiptInfo?
    /// The latest expired subscription transaction (iOS 6 style).
    public var latestExpiredReceiptInfo: LegacyTransactionReceipt?
    /// Scheduled or failed renewals, one per auto-renewable subscription product.
    public var pendingRenewalInfo: [PendingRenewalInfo]?
    /// The renewal status of the subscription (iOS 6 style; a JSON number there).
    public var autoRenewStatus: FlexibleBool?
    /// The product the subscription renews to (iOS 6 style).
    public var autoRenewProductId: String?
    /// Why the subscription expired (iOS 6 style; see ``ExpirationIntent``).
    public var expirationIntent: FlexibleInt64?
    /// Whether Apple is still trying to renew the expired subscription (iOS 6 style).
    public var isInBillingRetryPeriod: FlexibleBool?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        status: VerifyReceiptStatus,
        environment: AppStoreEnvironment? = nil,
        isRetryable: FlexibleBool? = nil,
        receipt: VerifyReceiptReceipt? = nil,
        latestReceipt: String? = nil,
        latestReceiptInfo: LatestReceiptInfo? = nil,
        latestExpiredReceiptInfo: LegacyTransactionReceipt? = nil,
        pendingRenewalInfo: [PendingRenewalInfo]? = nil,
        autoRenewStatus: FlexibleBool? = nil,
        autoRenewProductId: String? = nil,
        expirationIntent: FlexibleInt64? = nil,
        isInBillingRetryPeriod: FlexibleBool? = nil
    ) {
        self.status = status
        self.environment = environment
        self.isRetryable = isRetryable
        self.receipt = receipt
        self.latestReceipt = latestReceipt
        self.latestReceiptInfo = latestReceiptInfo
        self.latestExpiredReceiptInfo = latestExpiredReceiptInfo
        self.pendingRenewalInfo = pendingRenewalInfo
        self.autoRenewStatus = autoRenewStatus
        self.autoRenewProductId = autoRenewProductId
        self.expirationIntent = expirationIntent
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
    }

    enum CodingKeys: String, CodingKey {
        case status = "status"
        case environment = "environment"
        case isRetryable = "is-retryable"
        case receipt = "receipt"
        case latestReceipt = "latest_receipt"
        case latestReceiptInfo = "latest_receipt_info"
        case latestExpiredReceiptInfo = "latest_expired_receipt_info"
        case pendingRenewalInfo = "pending_renewal_info"
        case autoRenewStatus = "auto_renew_status"
        case autoRenewProductId = "auto_renew_product_id"
        case expirationIntent = "expiration_intent"
        case isInBillingRetryPeriod = "is_in_billing_retry_period"
    }

    /// The iOS 7-style app receipt, if that is what `receipt` holds.
    public var appReceipt: VerifyReceiptAppReceipt? {
        if case .appReceipt(let receipt) = receipt { return receipt }
        return nil
    }

    /// The iOS 6-style transaction receipt, if that is what `receipt` holds.
    public var transactionReceipt: LegacyTransactionReceipt? {
        if case .transactionReceipt(let receipt) = receipt { return receipt }
        return nil
    }
}
