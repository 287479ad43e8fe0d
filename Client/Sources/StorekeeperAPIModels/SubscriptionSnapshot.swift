/// A subscription's state in an answer: phase and period end (milliseconds since 1970).
public struct SubscriptionSnapshot: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var environment: String
    public var productId: String
    public var phase: String
    public var expiresAt: Int64?

    public init(originalTransactionId: String, environment: String, productId: String, phase: String, expiresAt: Int64? = nil) {
        self.originalTransactionId = originalTransactionId
        self.environment = environment
        self.productId = productId
        self.phase = phase
        self.expiresAt = expiresAt
    }
}
