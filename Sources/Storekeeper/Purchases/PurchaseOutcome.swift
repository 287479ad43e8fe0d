import AppStoreModels

/// What applying facts did, for the response and for metrics: the outcome part of a
/// ``PurchasePlan``.
public struct PurchaseOutcome: Sendable {
    public var customerId: CustomerID
    /// Transactions recorded for the first time.
    public var recorded: [AppleTransaction] = []
    /// Transactions Storekeeper already had (replays, restores of known purchases).
    public var replayed: [AppleTransaction] = []
    /// Transactions another customer owns and keeps (policy `keep`).
    public var keptByOther: [(AppleTransaction, CustomerID)] = []
    /// Set when the policy `refuse` stopped the submission.
    public var refusedOwner: CustomerID?
    public var deliveredOrders: [Order] = []
    /// Transactions this presentation took over from another owner (an unclaimed placeholder,
    /// or a transfer): new to the presenter although Storekeeper knew them.
    public var claimed: Set<String> = []
    /// Of `claimed`, those taken from the unclaimed placeholder: their first grant to an app
    /// customer is now.
    public var claimedFromPlaceholder: Set<String> = []
    /// Transactions Storekeeper had never seen (each counts once as a sandbox purchase).
    public var inserted: [AppleTransaction] = []
    /// Purchases granted to an app customer for the first time (recorded for a real customer,
    /// or claimed from the placeholder): Apple's purchase date to now is the delivery delay.
    /// Not transfers between customers, nor revoked purchases.
    public var delivered: [AppleTransaction] = []
    /// Customers whose grants or balances changed (for outbox events).
    public var changedCustomers: Set<CustomerID> = []

    public init(customerId: CustomerID) {
        self.customerId = customerId
    }
}
