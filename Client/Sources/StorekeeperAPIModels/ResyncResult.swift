/// `POST .../customers/{customer}/resync`: what Apple's Transaction History and All
/// Subscription Statuses changed.
public struct ResyncResult: Codable, Sendable, Hashable {
    public var customerId: String
    /// The original transactions asked about.
    public var originalTransactionIds: [String]
    /// Transactions Storekeeper had never seen, now recorded.
    public var newTransactions: [ResyncTransaction]
    /// Subscriptions whose phase or period end moved.
    public var changedSubscriptions: [SubscriptionChange]
    public var entitlementsBefore: [String]
    public var entitlementsAfter: [String]

    public init(
        customerId: String, originalTransactionIds: [String], newTransactions: [ResyncTransaction],
        changedSubscriptions: [SubscriptionChange], entitlementsBefore: [String], entitlementsAfter: [String]
    ) {
        self.customerId = customerId
        self.originalTransactionIds = originalTransactionIds
        self.newTransactions = newTransactions
        self.changedSubscriptions = changedSubscriptions
        self.entitlementsBefore = entitlementsBefore
        self.entitlementsAfter = entitlementsAfter
    }
}
