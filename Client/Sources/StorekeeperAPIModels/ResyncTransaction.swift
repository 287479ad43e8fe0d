/// A transaction a resync recorded for the first time (`purchaseDate` in milliseconds since 1970).
public struct ResyncTransaction: Codable, Sendable, Hashable {
    public var transactionId: String
    public var originalTransactionId: String
    public var productId: String
    public var environment: String
    public var purchaseDate: Int64

    public init(transactionId: String, originalTransactionId: String, productId: String, environment: String, purchaseDate: Int64) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.environment = environment
        self.purchaseDate = purchaseDate
    }
}
