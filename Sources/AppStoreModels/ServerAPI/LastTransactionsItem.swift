/// The latest transaction and renewal information of one subscription in a ``StatusResponse``.
public struct LastTransactionsItem: Hashable, Sendable, Codable {
    /// The status of the subscription.
    public var status: SubscriptionStatus?
    /// The original transaction identifier of the subscription.
    public var originalTransactionId: String?
    /// The latest transaction, signed by the App Store (JWS of a ``JWSTransactionDecodedPayload``).
    public var signedTransactionInfo: String?
    /// The renewal information, signed by the App Store (JWS of a
    /// ``JWSRenewalInfoDecodedPayload``).
    public var signedRenewalInfo: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        status: SubscriptionStatus? = nil,
        originalTransactionId: String? = nil,
        signedTransactionInfo: String? = nil,
        signedRenewalInfo: String? = nil
    ) {
        self.status = status
        self.originalTransactionId = originalTransactionId
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
    }
}
