/// `POST /v1/admin/apps/{app}/customers/{customer}/extend`: Apple extends one subscription's
/// renewal date by `days` (Apple's Extend a Subscription Renewal Date).
public struct ExtendRequest: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    /// 1–90 days.
    public var days: Int
    /// Apple's `extendReasonCode`: 0 undeclared, 1 customer satisfaction, 2 other, 3 service issue.
    public var reasonCode: Int
    public var reason: String
    public var idempotencyKey: String

    public init(originalTransactionId: String, days: Int, reasonCode: Int, reason: String, idempotencyKey: String) {
        self.originalTransactionId = originalTransactionId
        self.days = days
        self.reasonCode = reasonCode
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}
