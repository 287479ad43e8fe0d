/// Reads of the customers aggregate: one row per customer ID, never deleted (a merged guest
/// keeps its row with `mergedInto` set).
public protocol CustomerStoreReader: Sendable {
    func customer(_ id: CustomerID) async throws -> Customer?
    /// Everything the customer's view shows (the customer, grants, subscriptions, balances and
    /// the `purchaseLimit` most recent purchases), from one snapshot and, where the backend
    /// allows, one statement: the read behind every `GET` of a customer. It spans aggregates on
    /// purpose (one consistent view); a negative `purchaseLimit` is refused with
    /// ``PurchaseStoreError/Code/invalidArgument`` even for an unknown customer.
    func customerRecord(_ id: CustomerID, purchaseLimit: Int) async throws -> CustomerRecord
}

/// Writes of the customers aggregate. Invariant: the first stored version of a customer wins
/// against later `ensureCustomer` calls (another device, later); only `updateCustomer` changes it.
public protocol CustomerStoreWriter: CustomerStoreReader {
    /// Inserts the customer if new; returns the stored customer either way.
    @discardableResult
    func ensureCustomer(_ customer: Customer) async throws -> Customer
    /// Inserts the customer if new, reading nothing back: a store may send it with its next
    /// statement (``ensureCustomer(_:)`` when the stored customer is wanted).
    func createCustomerIfMissing(_ customer: Customer) async throws
    /// Replaces a stored customer; ``PurchaseStoreError/Code/notFound`` when there is none.
    func updateCustomer(_ customer: Customer) async throws
}
