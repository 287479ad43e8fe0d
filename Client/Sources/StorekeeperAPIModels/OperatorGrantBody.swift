public import Foundation

/// An operator's grant as the admin API shows it. Times are milliseconds since 1970.
public struct OperatorGrantBody: Codable, Sendable, Hashable {
    public var id: UUID
    public var customerId: String
    public var entitlement: String
    public var productId: String
    public var environment: String
    public var startsAt: Int64
    public var expiresAt: Int64
    /// The expiry, or the revocation when it came first.
    public var endsAt: Int64
    public var isActive: Bool
    /// The operator who granted it.
    public var grantedBy: String
    public var reason: String
    public var createdAt: Int64
    public var revokedAt: Int64?
    public var revokedBy: String?
    public var revokeReason: String?

    public init(
        id: UUID, customerId: String, entitlement: String, productId: String, environment: String, startsAt: Int64,
        expiresAt: Int64, endsAt: Int64, isActive: Bool, grantedBy: String, reason: String, createdAt: Int64,
        revokedAt: Int64? = nil, revokedBy: String? = nil, revokeReason: String? = nil
    ) {
        self.id = id
        self.customerId = customerId
        self.entitlement = entitlement
        self.productId = productId
        self.environment = environment
        self.startsAt = startsAt
        self.expiresAt = expiresAt
        self.endsAt = endsAt
        self.isActive = isActive
        self.grantedBy = grantedBy
        self.reason = reason
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.revokedBy = revokedBy
        self.revokeReason = revokeReason
    }
}
