public import AppStoreModels

/// What a ``CustomerView`` is computed from, read from one snapshot by
/// ``PurchaseStoreReader/customerRecord(_:purchaseLimit:)``.
public struct CustomerRecord: Hashable, Sendable {
    /// `nil` for a customer never stored (the view is then empty, not an error).
    public var customer: Customer?
    /// In the order they were given to `replaceGrants`.
    public var grants: [EntitlementGrant]
    /// Ordered by environment, then original transaction ID.
    public var subscriptions: [CustomerView.Subscription]
    /// Currency → balance.
    public var balances: [String: Int64]
    /// The most recent purchases, newest first (as ``PurchaseStoreReader/purchaseHistory(customerId:limit:)``).
    public var purchases: [CustomerView.Purchase]

    public init(
        customer: Customer?, grants: [EntitlementGrant], subscriptions: [CustomerView.Subscription], balances: [String: Int64],
        purchases: [CustomerView.Purchase]
    ) {
        self.customer = customer
        self.grants = grants
        self.subscriptions = subscriptions
        self.balances = balances
        self.purchases = purchases
    }
}

extension CustomerView {
    /// The view of `record` as of `now`.
    public init(_ customerId: CustomerID, record: CustomerRecord, now: Timestamp) {
        self.init(
            customerId: customerId, createdAt: record.customer?.createdAt, grants: record.grants,
            subscriptions: record.subscriptions, balances: record.balances, purchases: record.purchases, now: now)
    }
}
