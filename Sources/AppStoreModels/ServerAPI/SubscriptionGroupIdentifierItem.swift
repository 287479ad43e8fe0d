/// The subscriptions of one subscription group in a ``StatusResponse``.
public struct SubscriptionGroupIdentifierItem: Hashable, Sendable, Codable {
    /// The identifier of the subscription group.
    public var subscriptionGroupIdentifier: String?
    /// The latest transaction and renewal information of each subscription in the group.
    public var lastTransactions: [LastTransactionsItem]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        subscriptionGroupIdentifier: String? = nil,
        lastTransactions: [LastTransactionsItem]? = nil
    ) {
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.lastTransactions = lastTransactions
    }
}
