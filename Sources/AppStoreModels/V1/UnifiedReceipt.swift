/// The `unified_receipt` of a version 1 notification: the latest receipt and its decoded
/// transactions, as verifyReceipt would return them.
public struct UnifiedReceipt: Hashable, Sendable, Codable {
    /// The environment that generated the receipt (`Sandbox` or `Production`).
    public var environment: AppStoreEnvironment?
    /// The latest Base64-encoded app receipt.
    public var latestReceipt: String?
    /// The 100 most recent In-App Purchase transactions (finished consumables excluded).
    public var latestReceiptInfo: [ReceiptTransactionInfo]?
    /// Scheduled or failed renewals, one per auto-renewable subscription product.
    public var pendingRenewalInfo: [PendingRenewalInfo]?
    /// `0` if the notification’s receipt is valid.
    public var status: VerifyReceiptStatus?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        environment: AppStoreEnvironment? = nil,
        latestReceipt: String? = nil,
        latestReceiptInfo: [ReceiptTransactionInfo]? = nil,
        pendingRenewalInfo: [PendingRenewalInfo]? = nil,
        status: VerifyReceiptStatus? = nil
    ) {
        self.environment = environment
        self.latestReceipt = latestReceipt
        self.latestReceiptInfo = latestReceiptInfo
        self.pendingRenewalInfo = pendingRenewalInfo
        self.status = status
    }

    enum CodingKeys: String, CodingKey {
        case environment = "environment"
        case latestReceipt = "latest_receipt"
        case latestReceiptInfo = "latest_receipt_info"
        case pendingRenewalInfo = "pending_renewal_info"
        case status = "status"
    }
}
