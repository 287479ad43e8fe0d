/// `GET /v1/admin/apps/{app}/groups/{originalTransactionId}`: one group subscription (multiseat
/// purchase) for support: its purchaser, seats, members and seat claims.
public struct AdminGroup: Codable, Sendable, Hashable {
    public var environment: String
    /// The group subscription: the purchaser's original transaction ID.
    public var originalTransactionId: String
    public var productId: String
    public var purchaserCustomerId: String
    /// `DEVELOPER` (the app claims seats) or `APPLE` (members get `ASSIGNED` transactions).
    public var invitationManagement: String
    /// The seats of the current period, the purchaser's included.
    public var totalSeats: Int
    public var availableSeats: Int
    /// Whether the group subscription grants access now (and so seats its members).
    public var active: Bool
    /// The members holding a seat now.
    public var members: [AdminGroupMember]
    /// Every seat claim made (developer-hosted), oldest first, released ones included.
    public var claims: [SeatClaimBody]
    /// Why Apple-hosted members could not be listed (Apple serves group membership in the
    /// sandbox only), when they could not.
    public var membersUnknown: String?

    public init(
        environment: String, originalTransactionId: String, productId: String, purchaserCustomerId: String,
        invitationManagement: String, totalSeats: Int, availableSeats: Int, active: Bool, members: [AdminGroupMember],
        claims: [SeatClaimBody], membersUnknown: String? = nil
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.purchaserCustomerId = purchaserCustomerId
        self.invitationManagement = invitationManagement
        self.totalSeats = totalSeats
        self.availableSeats = availableSeats
        self.active = active
        self.members = members
        self.claims = claims
        self.membersUnknown = membersUnknown
    }
}

/// A member of a group and how they hold their seat.
public struct AdminGroupMember: Codable, Sendable, Hashable {
    public var customerId: String
    /// `claim` (a seat the app claimed) or `assigned` (an Apple-hosted invitation accepted).
    public var via: String
    public var appTransactionId: String?

    public init(customerId: String, via: String, appTransactionId: String? = nil) {
        self.customerId = customerId
        self.via = via
        self.appTransactionId = appTransactionId
    }
}

/// `GET /v1/admin/apps/{app}/customers/{customer}/groups`: the groups a customer buys or sits in.
public struct AdminGroupMemberships: Codable, Sendable, Hashable {
    public var groups: [Membership]

    public init(groups: [Membership]) {
        self.groups = groups
    }

    public struct Membership: Codable, Sendable, Hashable {
        public var environment: String
        public var originalTransactionId: String
        public var productId: String
        /// `purchaser` or `member`.
        public var role: String
        /// The purchaser's subscription phase; a member's claim state, or `assigned`.
        public var state: String

        public init(environment: String, originalTransactionId: String, productId: String, role: String, state: String) {
            self.environment = environment
            self.originalTransactionId = originalTransactionId
            self.productId = productId
            self.role = role
            self.state = state
        }
    }
}
