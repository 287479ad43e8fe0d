public import Foundation

/// The business order an invoice line's `appAccountToken` names: the few fields support needs to
/// correct it (the full ``AdminOrderBody`` would add the order's times and bonus to this answer).
public struct AdminInvoiceOrder: Codable, Sendable, Hashable {
    public var id: UUID
    public var customerId: String
    public var productId: String
    public var quantity: Int
    /// `created`, `pending`, `paid`, `delivered`, `failed`, `cancelled`, `expired`.
    public var state: String
    /// The transaction that paid it, once one did.
    public var transactionId: String?

    public init(id: UUID, customerId: String, productId: String, quantity: Int, state: String, transactionId: String? = nil) {
        self.id = id
        self.customerId = customerId
        self.productId = productId
        self.quantity = quantity
        self.state = state
        self.transactionId = transactionId
    }
}
