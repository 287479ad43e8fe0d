public import AppStoreModels
public import Foundation

/// The seats of a multiseat (group) subscription, kept on the purchaser's subscription: how many
/// there are in the period and at the next renewal, their price, and who occupies them.
///
/// With Apple-hosted invitations the members are accounts that joined and have `ASSIGNED`
/// subscriptions of their own; with developer-hosted invitations they are the developer's seat
/// claims, and members get no transaction.
public struct SeatGroup: Hashable, Sendable, Codable {
    /// Apple's identifier of the group (Get Customer Groups, Get Group Members).
    public var groupId: String
    public var invitationManagement: InvitationManagement
    /// The seats of the current period: the purchase and additions, less seats refunded.
    public var seats: Int32
    /// The seats the next renewal charges for.
    public var renewalQuantity: Int32
    /// The price of one seat (one tier: every seat at the same price).
    public var pricePerSeat: Int64
    /// Apple-hosted: the members' account IDs, in the order they joined.
    public var members: [String]
    /// Developer-hosted: the active claims, in the order they were made.
    public var claims: [SeatClaim]

    public init(
        groupId: String, invitationManagement: InvitationManagement, seats: Int32, pricePerSeat: Int64,
        members: [String] = [], claims: [SeatClaim] = []
    ) {
        self.groupId = groupId
        self.invitationManagement = invitationManagement
        self.seats = seats
        self.renewalQuantity = seats
        self.pricePerSeat = pricePerSeat
        self.members = members
        self.claims = claims
    }

    /// Seats taken: the purchaser's own and every member's or claim's.
    public var occupied: Int32 { 1 + Int32(invitationManagement == .developer ? claims.count : members.count) }

    /// The seat information a transaction for `quantity` of these seats carries.
    public func transactionInfo(quantity: Int32, revoked: Int32? = nil) -> TransactionMultiSeatInfo {
        TransactionMultiSeatInfo(
            invitationManagement: invitationManagement,
            priceTiers: [MultiSeatPriceTier(tierPrice: pricePerSeat, tierQuantity: quantity)], revokedSeatQuantity: revoked)
    }
}

/// A seat the developer claimed for a member (Claim Seat).
public struct SeatClaim: Hashable, Sendable, Codable {
    public var seatClaimId: UUID
    /// The request identifier the claim was made with: a retry with it answers this claim.
    public var requestIdentifier: UUID?
    /// The member, once the developer named them (in the claim or with Associate Seat).
    public var appTransactionId: String?
}
