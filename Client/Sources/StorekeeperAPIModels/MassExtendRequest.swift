/// `POST /v1/admin/apps/{app}/extensions`: Apple extends every active subscription of a product
/// (Apple's Extend Subscription Renewal Dates for All Active Subscribers).
public struct MassExtendRequest: Codable, Sendable, Hashable {
    public var productId: String
    public var days: Int
    public var reasonCode: Int
    /// Only these storefronts (all when absent).
    public var storefronts: [String]?
    /// `Production` or `Sandbox`, when the app accepts both.
    public var environment: String?
    public var reason: String
    public var idempotencyKey: String

    public init(
        productId: String, days: Int, reasonCode: Int, storefronts: [String]? = nil, environment: String? = nil, reason: String,
        idempotencyKey: String
    ) {
        self.productId = productId
        self.days = days
        self.reasonCode = reasonCode
        self.storefronts = storefronts
        self.environment = environment
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}
