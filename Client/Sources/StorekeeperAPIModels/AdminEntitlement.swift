/// One grant behind an entitlement, with where it comes from. Times are milliseconds since 1970.
public struct AdminEntitlement: Codable, Sendable, Hashable {
    public var id: String
    public var productId: String
    public var isActive: Bool
    public var startsAt: Int64
    /// `nil`: forever.
    public var expiresAt: Int64?
    public var source: AdminGrantSource

    public init(id: String, productId: String, isActive: Bool, startsAt: Int64, expiresAt: Int64? = nil, source: AdminGrantSource) {
        self.id = id
        self.productId = productId
        self.isActive = isActive
        self.startsAt = startsAt
        self.expiresAt = expiresAt
        self.source = source
    }
}
