/// `POST /v1/apps/{app}/customers/{customer}/seats`: the group purchaser (the path's customer)
/// seats a member in their group subscription with developer-hosted invitations.
public struct SeatClaimRequest: Codable, Sendable, Hashable {
    /// The group subscription: the purchaser's original transaction ID.
    public var originalTransactionId: String
    /// `Production` or `Sandbox`; needed only when the ID exists in both.
    public var environment: String?
    /// The member: an app account of the same app.
    public var memberCustomerId: String
    /// A new UUID per claim, saved by the caller before the call; the same one again answers the
    /// same claim and asks Apple once.
    public var requestIdentifier: String
    /// The member's app transaction ID, when known (Apple associates it with the seat).
    public var appTransactionId: String?
    /// Why, for the audit trail.
    public var reason: String?

    public init(
        originalTransactionId: String, environment: String? = nil, memberCustomerId: String, requestIdentifier: String,
        appTransactionId: String? = nil, reason: String? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.environment = environment
        self.memberCustomerId = memberCustomerId
        self.requestIdentifier = requestIdentifier
        self.appTransactionId = appTransactionId
        self.reason = reason
    }
}
