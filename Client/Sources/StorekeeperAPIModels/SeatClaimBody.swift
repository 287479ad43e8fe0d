/// One seat claim of a group subscription with developer-hosted invitations.
public struct SeatClaimBody: Codable, Sendable, Hashable {
    public var environment: String
    /// The group subscription: the purchaser's original transaction ID.
    public var originalTransactionId: String
    public var requestIdentifier: String
    public var memberCustomerId: String
    /// Apple's claim identifier; absent while the claim is pending.
    public var seatClaimId: String?
    public var appTransactionId: String?
    /// `pending`, `claimed` or `unclaimed`.
    public var state: String
    /// `app` or `apple`, once unclaimed.
    public var releasedBy: String?
    public var reason: String?
    /// Milliseconds since 1970.
    public var claimedAt: Int64
    public var updatedAt: Int64
    public var releasedAt: Int64?

    public init(
        environment: String, originalTransactionId: String, requestIdentifier: String, memberCustomerId: String,
        seatClaimId: String? = nil, appTransactionId: String? = nil, state: String, releasedBy: String? = nil, reason: String? = nil,
        claimedAt: Int64, updatedAt: Int64, releasedAt: Int64? = nil
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.requestIdentifier = requestIdentifier
        self.memberCustomerId = memberCustomerId
        self.seatClaimId = seatClaimId
        self.appTransactionId = appTransactionId
        self.state = state
        self.releasedBy = releasedBy
        self.reason = reason
        self.claimedAt = claimedAt
        self.updatedAt = updatedAt
        self.releasedAt = releasedAt
    }
}

/// The answer to a seat claim, association or unclaim.
public struct SeatClaimResponse: Codable, Sendable, Hashable {
    public var claim: SeatClaimBody
    /// `true` when nothing new happened (the same request again).
    public var replayed: Bool

    public init(claim: SeatClaimBody, replayed: Bool) {
        self.claim = claim
        self.replayed = replayed
    }
}
