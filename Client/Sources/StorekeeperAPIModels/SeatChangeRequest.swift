/// `POST /v1/apps/{app}/customers/{customer}/seats/{seatClaim}/associate` and
/// `.../unclaim`: a change of one claimed seat of the purchaser's group.
public struct SeatChangeRequest: Codable, Sendable, Hashable {
    /// The group subscription: the purchaser's original transaction ID.
    public var originalTransactionId: String
    /// `Production` or `Sandbox`; needed only when the ID exists in both.
    public var environment: String?
    /// Associate: the member's app transaction ID (required there, refused on unclaim).
    public var appTransactionId: String?
    /// Why, for the audit trail.
    public var reason: String?

    public init(originalTransactionId: String, environment: String? = nil, appTransactionId: String? = nil, reason: String? = nil) {
        self.originalTransactionId = originalTransactionId
        self.environment = environment
        self.appTransactionId = appTransactionId
        self.reason = reason
    }
}
