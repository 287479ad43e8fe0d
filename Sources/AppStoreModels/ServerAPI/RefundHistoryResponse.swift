/// The response of Get Refund History (`GET /inApps/v2/refund/lookup/{transactionId}`): up to 20
/// refunded transactions per page.
public struct RefundHistoryResponse: Hashable, Sendable, Codable {
    /// The refunded transactions, each signed by the App Store.
    public var signedTransactions: [String]?
    /// The token to pass as `revision` to get the next page.
    public var revision: String?
    /// Whether more refunded transactions are available.
    public var hasMore: Bool?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        signedTransactions: [String]? = nil,
        revision: String? = nil,
        hasMore: Bool? = nil
    ) {
        self.signedTransactions = signedTransactions
        self.revision = revision
        self.hasMore = hasMore
    }
}
