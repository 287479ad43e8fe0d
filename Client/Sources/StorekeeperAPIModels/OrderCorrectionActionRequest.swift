/// `POST /v1/admin/apps/{app}/orders/{order}/correct`. `attach` needs `transactionId` (and
/// `environment` when the app has both); `mark_failed` needs `failureCode`.
public struct OrderCorrectionActionRequest: Codable, Sendable, Hashable {
    /// `attach`, `mark_delivered`, `mark_failed` or `redeliver`.
    public var action: String
    public var transactionId: String?
    public var environment: String?
    public var failureCode: String?

    public init(action: String, transactionId: String? = nil, environment: String? = nil, failureCode: String? = nil) {
        self.action = action
        self.transactionId = transactionId
        self.environment = environment
        self.failureCode = failureCode
    }
}
