public import Foundation

/// A business order as the app API shows it. Times are integer milliseconds since 1970.
public struct OrderBody: Codable, Sendable, Hashable {
    public var id: UUID
    public var customerId: String
    public var productId: String
    public var quantity: Int
    /// `created`, `pending`, `paid`, `delivered`, `failed`, `cancelled`, `expired`.
    public var state: String
    /// The token the app passes to StoreKit, linking the App Store transaction to this order.
    public var appAccountToken: UUID
    public var createdAt: Int64
    public var updatedAt: Int64
    public var expiresAt: Int64
    public var environment: String?
    /// The transaction that paid it, once one did.
    public var transactionId: String?
    /// The currency credited for the difference to a business price, and how much.
    public var bonusCurrency: String?
    public var bonusAmount: Int64

    public init(
        id: UUID, customerId: String, productId: String, quantity: Int, state: String, appAccountToken: UUID, createdAt: Int64,
        updatedAt: Int64, expiresAt: Int64, environment: String? = nil, transactionId: String? = nil, bonusCurrency: String? = nil,
        bonusAmount: Int64
    ) {
        self.id = id
        self.customerId = customerId
        self.productId = productId
        self.quantity = quantity
        self.state = state
        self.appAccountToken = appAccountToken
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.expiresAt = expiresAt
        self.environment = environment
        self.transactionId = transactionId
        self.bonusCurrency = bonusCurrency
        self.bonusAmount = bonusAmount
    }
}
