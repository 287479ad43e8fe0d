public import AppStoreModels
public import Foundation

/// Access an operator gave a customer by hand (support compensating an outage, a goodwill month),
/// distinct from Apple's purchases: it names the operator and keeps the reason, always ends, and
/// can be revoked early. The customer's derived grants combine it with Apple's
/// (``entitlementGrant``), so the app's customer view shows it with source `operator:<name>`.
public struct OperatorGrant: Hashable, Sendable, Codable {
    public var id: UUID
    /// The app whose operator granted it; only that app's derived grants include it.
    public var appId: String
    public var customerId: CustomerID
    public var entitlement: String
    /// The catalog product the grant stands for (one that grants `entitlement`).
    public var productId: String
    /// The environment the grant shows under in the customer view.
    public var environment: AppStoreEnvironment
    public var startsAt: Timestamp
    public var expiresAt: Timestamp
    public var operatorName: String
    public var reason: String
    public var createdAt: Timestamp
    public var revokedAt: Timestamp?
    public var revokedBy: String?
    public var revokeReason: String?

    public init(
        id: UUID = UUID.random(), appId: String, customerId: CustomerID, entitlement: String, productId: String,
        environment: AppStoreEnvironment, startsAt: Timestamp, expiresAt: Timestamp, operatorName: String, reason: String,
        createdAt: Timestamp, revokedAt: Timestamp? = nil, revokedBy: String? = nil, revokeReason: String? = nil
    ) {
        self.id = id
        self.appId = appId
        self.customerId = customerId
        self.entitlement = entitlement
        self.productId = productId
        self.environment = environment
        self.startsAt = startsAt
        self.expiresAt = expiresAt
        self.operatorName = operatorName
        self.reason = reason
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.revokedBy = revokedBy
        self.revokeReason = revokeReason
    }

    /// When access ends: the expiry, or the revocation when that came first.
    public var endsAt: Timestamp { revokedAt.map { min($0, expiresAt) } ?? expiresAt }

    public func isActive(at now: Timestamp) -> Bool { startsAt <= now && now < endsAt }

    /// The derived grant it contributes: from its start to its end (the revocation, when
    /// revoked early); none when it was revoked before it started.
    public var entitlementGrant: EntitlementGrant? {
        guard startsAt < endsAt else { return nil }
        return EntitlementGrant(
            customerId: customerId, entitlement: entitlement, productId: productId,
            source: .operatorGrant(id: id, operatorName: operatorName, environment: environment), startsAt: startsAt,
            expiresAt: endsAt)
    }
}

extension GrantSource {
    /// The prefix of ``originalTransactionId`` that marks an operator's grant (Apple's original
    /// transaction IDs are digits only, so it never meets one).
    public static let operatorPrefix = "operator:"

    /// The source of an operator's grant: `originalTransactionId` is `operator:<name>` and
    /// `transactionId` the grant's id, so the grants table keeps it without a column of its own.
    public static func operatorGrant(id: UUID, operatorName: String, environment: AppStoreEnvironment) -> GrantSource {
        GrantSource(
            environment: environment, originalTransactionId: operatorPrefix + operatorName,
            transactionId: id.lowercasedString)
    }

    /// The operator grant's id when an operator granted it; `nil` for Apple's purchases.
    public var operatorGrantId: UUID? {
        originalTransactionId.hasPrefix(Self.operatorPrefix) ? UUID(uuidString: transactionId) : nil
    }
}
