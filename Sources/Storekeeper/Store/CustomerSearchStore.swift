public import AppStoreModels

/// The store's side of the operators' search box (``SearchQuery``): each kind of identifier is
/// answered by one indexed lookup, so a search costs a handful of B-tree searches whatever the
/// number of customers.
public protocol CustomerSearchStoreReader: Sendable {
    /// Every stored match of `query` among customers, aliases, orders and the transactions of
    /// `environments` (Apple's invoice order IDs are not stored: the caller asks Apple), at most
    /// `limit` per kind, in ``SearchQuery/candidateKinds`` order. An alias leads to the account it
    /// was merged into (following merges up to ``maximumMergeHops``).
    func searchMatches(_ query: SearchQuery, environments: [AppStoreEnvironment], limit: Int) async throws -> [SearchMatch]
    /// The customers merged into `customerId` (its guests and other aliases), by ID.
    func aliases(of customerId: CustomerID, limit: Int) async throws -> [Customer]
}

extension CustomerSearchStoreReader {
    /// How many merges an alias is followed through to its account (a guest merged into an
    /// account that was itself merged later); a longer chain answers the last customer reached.
    public static var maximumMergeHops: Int { 8 }
}
