/// One purchase a transfer moved or left.
public struct TransferredPurchase: Codable, Sendable, Hashable {
    public var environment: String
    public var originalTransactionId: String
    public var productId: String
    /// Why it stayed (a consumable's currency stays in the wallet); absent when it moved.
    public var skipped: String?

    public init(environment: String, originalTransactionId: String, productId: String, skipped: String? = nil) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.skipped = skipped
    }
}
