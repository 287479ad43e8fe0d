/// Whether the customer may take a subscription's introductory offer, as Storekeeper decides it.
public struct IntroEligibility: Codable, Sendable, Hashable {
    public var productId: String
    public var group: String?
    public var eligible: Bool
    /// Stable reason code: `eligible`, `notASubscription`, `subscribedBefore`, `appleDecides`.
    public var reason: String

    public init(productId: String, group: String? = nil, eligible: Bool, reason: String) {
        self.productId = productId
        self.group = group
        self.eligible = eligible
        self.reason = reason
    }
}
