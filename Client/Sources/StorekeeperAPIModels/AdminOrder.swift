public import Foundation

/// A business order in a customer record: the customer is the record's, and the bonus of the
/// app API's ``OrderBody`` is not shown, so this is not an ``AdminOrderBody``. Times are
/// milliseconds since 1970.
public struct AdminOrder: Codable, Sendable, Hashable {
    public var id: UUID
    public var productId: String
    public var quantity: Int
    /// `created`, `pending`, `paid`, `delivered`, `failed`, `cancelled`, `expired`.
    public var state: String
    public var appAccountToken: UUID
    public var createdAt: Int64
    public var updatedAt: Int64
    public var expiresAt: Int64
    public var environment: String?
    public var transactionId: String?
    public var failureCode: String?

    public init(
        id: UUID, productId: String, quantity: Int, state: String, appAccountToken: UUID, createdAt: Int64, updatedAt: Int64,
        expiresAt: Int64, environment: String? = nil, transactionId: String? = nil, failureCode: String? = nil
    ) {
        self.id = id
        self.productId = productId
        self.quantity = quantity
        self.state = state
        self.appAccountToken = appAccountToken
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.expiresAt = expiresAt
        self.environment = environment
        self.transactionId = transactionId
        self.failureCode = failureCode
    }
}
