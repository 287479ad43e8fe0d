public import AppStoreModels

/// Access to one entitlement for one customer, derived from Apple facts and operators' grants.
public struct EntitlementGrant: Hashable, Sendable, Codable {
    public var customerId: CustomerID
    public var entitlement: String
    public var productId: String
    public var source: GrantSource
    public var startsAt: Timestamp
    /// `nil`: forever (non-consumables).
    public var expiresAt: Timestamp?

    public init(
        customerId: CustomerID, entitlement: String, productId: String, source: GrantSource, startsAt: Timestamp,
        expiresAt: Timestamp?
    ) {
        self.customerId = customerId
        self.entitlement = entitlement
        self.productId = productId
        self.source = source
        self.startsAt = startsAt
        self.expiresAt = expiresAt
    }

    public func isActive(at now: Timestamp) -> Bool {
        startsAt <= now && (expiresAt.map { now < $0 } ?? true)
    }
}

/// The Apple purchase a grant comes from, or the operator's grant (``operatorGrant(id:operatorName:environment:)``).
public struct GrantSource: Hashable, Sendable, Codable, CustomStringConvertible {
    public var environment: AppStoreEnvironment
    public var originalTransactionId: String
    public var transactionId: String

    public init(environment: AppStoreEnvironment, originalTransactionId: String, transactionId: String) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.transactionId = transactionId
    }

    /// `environment:transactionId` for Apple's purchases, `operator:<name>` for an operator's grant.
    public var description: String {
        originalTransactionId.hasPrefix(Self.operatorPrefix) ? originalTransactionId : "\(environment.rawValue):\(transactionId)"
    }
}
