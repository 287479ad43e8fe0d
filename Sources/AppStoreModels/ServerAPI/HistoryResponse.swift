/// The response of Get Transaction History (`GET /inApps/v2/history/{transactionId}`, and the
/// deprecated v1): up to 20 signed transactions per page.
public struct HistoryResponse: Hashable, Sendable, Codable {
    /// The token to pass as `revision` to get the next page.
    public var revision: String?
    /// Whether more transactions are available.
    public var hasMore: Bool?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The App Store's identifier of the app.
    public var appAppleId: Int64?
    /// The environment of the data.
    public var environment: AppStoreEnvironment?
    /// The transactions, each signed by the App Store (JWS of a ``JWSTransactionDecodedPayload``).
    public var signedTransactions: [String]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        revision: String? = nil,
        hasMore: Bool? = nil,
        bundleId: String? = nil,
        appAppleId: Int64? = nil,
        environment: AppStoreEnvironment? = nil,
        signedTransactions: [String]? = nil
    ) {
        self.revision = revision
        self.hasMore = hasMore
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.signedTransactions = signedTransactions
    }
}
