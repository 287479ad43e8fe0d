public import AppStoreModels

/// A transaction the simulator issued: Apple's payload (unsigned; `signedDate` is set each time it
/// is signed) plus what the App Store knows about it behind the scenes.
public struct StoredTransaction: Hashable, Sendable, Codable {
    /// What is signed, minus `signedDate`.
    public var payload: JWSTransactionDecodedPayload
    public var accountId: String
    /// The order ID on the customer's invoice (Look Up Order ID).
    public var orderId: String
    /// Issue order, for stable sorting.
    public var createdSequence: Int64
    /// Bumped on every change (refund, reversal, app account token): Get Transaction History
    /// sorts and pages by it.
    public var modifiedSequence: Int64
    /// The transaction a restore re-issued (new ID, same period).
    public var restoredFrom: String?
    /// An open refund request, and whether it was decided.
    public var refundRequest: RefundRequest?

    public init(
        payload: JWSTransactionDecodedPayload, accountId: String, orderId: String, createdSequence: Int64,
        modifiedSequence: Int64, restoredFrom: String? = nil, refundRequest: RefundRequest? = nil,
        familySourceTransactionId: String? = nil
    ) {
        self.payload = payload
        self.accountId = accountId
        self.orderId = orderId
        self.createdSequence = createdSequence
        self.modifiedSequence = modifiedSequence
        self.restoredFrom = restoredFrom
        self.refundRequest = refundRequest
        self.familySourceTransactionId = familySourceTransactionId
    }

    /// For a Family Sharing member's transaction: the purchaser's transaction it mirrors.
    public var familySourceTransactionId: String?
    /// When the developer's server called Finish Transaction for it (first call; simulated time).
    public var finishedAt: Timestamp?
    /// When the latest seat-based refund of a multiseat transaction happened (its report day).
    public var seatsRevokedAt: Timestamp?

    public struct RefundRequest: Hashable, Sendable, Codable {
        public var reason: ConsumptionRequestReason
        public var requestedAt: Timestamp
        public var declined: Bool
    }

    public var transactionId: String { payload.transactionId ?? "" }
    public var originalTransactionId: String { payload.originalTransactionId ?? transactionId }
    public var productId: String { payload.productId ?? "" }
    public var bundleId: String { payload.bundleId ?? "" }
    public var environment: AppStoreEnvironment { payload.environment ?? .sandbox }
    public var isRevoked: Bool { payload.revocationDate != nil }
    /// Refunded by the App Store (not revoked by an upgrade or Family Sharing).
    public var isRefunded: Bool {
        payload.revocationDate != nil && payload.isUpgraded != true && payload.revocationType != .familyRevoke
    }
}
