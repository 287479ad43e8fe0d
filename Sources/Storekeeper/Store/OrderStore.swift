public import AppStoreModels
public import Foundation

/// Reads of the orders aggregate: business orders made before the App Store purchase.
public protocol OrderStoreReader: Sendable {
    func order(id: UUID) async throws -> Order?
    func order(appAccountToken: UUID) async throws -> Order?
    /// The customer's orders that are not final (created, pending, paid), newest first.
    func openOrders(customerId: CustomerID) async throws -> [Order]
    /// Created or pending orders of any customer whose `updatedAt` is before `updatedBefore`,
    /// oldest first (lost-order recovery and expiry).
    func staleOrders(updatedBefore: Timestamp, limit: Int) async throws -> [Order]
    /// Orders of `productId` created in `[createdFrom, createdBefore)` that no payment reached
    /// (created, pending, or expired: a late payment still delivers an expired order), oldest
    /// first (reconciliation's lost-purchase candidates).
    func unpaidOrders(productId: String, createdFrom: Timestamp, createdBefore: Timestamp, limit: Int) async throws -> [Order]
}

/// Writes of the orders aggregate. Invariants: an order's `id` and its `appAccountToken` are
/// each unique (a second one fails with a unique violation and the transaction keeps nothing).
public protocol OrderStoreWriter: OrderStoreReader {
    func insertOrder(_ order: Order) async throws
    /// Replaces a stored order; ``PurchaseStoreError/Code/notFound`` when there is none.
    func updateOrder(_ order: Order) async throws
}
