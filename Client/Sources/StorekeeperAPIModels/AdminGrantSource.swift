/// Where a grant comes from: an Apple transaction, or an operator's grant.
public struct AdminGrantSource: Codable, Sendable, Hashable {
    /// `appleTransaction` or `operatorGrant`.
    public var kind: String
    public var environment: String?
    public var originalTransactionId: String?
    public var transactionId: String?
    /// The operator's grant: its ID, who granted it and why.
    public var grantId: String?
    public var operatorName: String?
    public var reason: String?

    public init(
        kind: String, environment: String?, originalTransactionId: String? = nil, transactionId: String? = nil,
        grantId: String? = nil, operatorName: String? = nil, reason: String? = nil
    ) {
        self.kind = kind
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.transactionId = transactionId
        self.grantId = grantId
        self.operatorName = operatorName
        self.reason = reason
    }
}
