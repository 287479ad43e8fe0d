public import AppStoreModels
public import Foundation

/// Reads of subscriptions and the entitlement grants derived from them (and from one-time
/// purchases).
public protocol SubscriptionStoreReader: Sendable {
    func subscription(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> StoredSubscription?
    /// Ordered by environment, then original transaction ID.
    func subscriptions(customerId: CustomerID) async throws -> [StoredSubscription]
    /// Subscriptions whose `expiresAt` falls in `window`, for the status refresh near expiry,
    /// soonest first.
    func subscriptions(expiringIn window: Range<Timestamp>, limit: Int) async throws -> [StoredSubscription]

    /// In the order they were given to `replaceGrants`.
    func grants(customerId: CustomerID) async throws -> [EntitlementGrant]
}

/// Writes of subscriptions and grants. Invariants: one subscription per (environment, original
/// transaction ID), stored as the lifecycle decided it; a customer's grants are derived and
/// replaced as a whole, never edited one by one.
public protocol SubscriptionStoreWriter: SubscriptionStoreReader {
    func saveSubscription(_ subscription: StoredSubscription) async throws

    /// Replaces all of the customer's grants with `grants` (they are derived, never edited).
    /// A grant of another customer is refused with ``PurchaseStoreError/Code/invalidArgument``.
    func replaceGrants(customerId: CustomerID, grants: [EntitlementGrant]) async throws
}

/// A subscription as stored: its lifecycle state (encoded by the lifecycle code) and the columns
/// queries need.
public struct StoredSubscription: Hashable, Sendable, Codable {
    public var environment: AppStoreEnvironment
    public var originalTransactionId: String
    public var customerId: CustomerID
    public var productId: String
    public var subscriptionGroup: String?
    /// The derived phase's name (`active`, `gracePeriod`, `expired`, ...), for queries and reports.
    public var phase: String
    /// The current period's end, for the refresh-near-expiry job.
    public var expiresAt: Timestamp?
    /// The last `signedDate` applied (facts older than this cannot move the state).
    public var lastSignedDate: Timestamp
    /// The lifecycle state, JSON.
    public var state: Data
    public var updatedAt: Timestamp
    /// Apple's `autoRenewStatus` from the latest renewal info (1 renews, 0 does not; `nil`
    /// before any renewal info), kept beside the state so a customer view reads it from the index.
    public var autoRenewStatus: Int?
    /// The product the subscription renews into next (`autoRenewProductId`), likewise.
    public var autoRenewProductId: String?
    /// The 12-month commitment the current period is billed under, likewise.
    public var commitment: CommitmentProgress?

    public init(
        environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID, productId: String,
        subscriptionGroup: String?, phase: String, expiresAt: Timestamp?, lastSignedDate: Timestamp, state: Data,
        updatedAt: Timestamp, autoRenewStatus: Int? = nil, autoRenewProductId: String? = nil,
        commitment: CommitmentProgress? = nil
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.customerId = customerId
        self.productId = productId
        self.subscriptionGroup = subscriptionGroup
        self.phase = phase
        self.expiresAt = expiresAt
        self.lastSignedDate = lastSignedDate
        self.state = state
        self.updatedAt = updatedAt
        self.autoRenewStatus = autoRenewStatus
        self.autoRenewProductId = autoRenewProductId
        self.commitment = commitment
    }
}
