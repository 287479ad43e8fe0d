/// The seats of a transaction for a subscription bought as a multiseat purchase
/// (`multiSeatInfo` of a transaction).
///
/// The transaction's `quantity` is the number of seats it covers. With Apple-hosted invitations
/// each member's `ASSIGNED` transaction carries the same seat information as the purchaser's.
/// A seat-based refund sets `revokedSeatQuantity` on the purchaser's transaction without revoking
/// it; `revocationDate` appears only when every seat is revoked.
public struct TransactionMultiSeatInfo: Hashable, Sendable, Codable {
    /// Who hosts the invitations: Apple (`APPLE`) or the app (`DEVELOPER`).
    public var invitationManagement: InvitationManagement?
    /// The seats bought at each price.
    public var priceTiers: [MultiSeatPriceTier]?
    /// The number of the transaction's seats a seat-based refund revoked.
    public var revokedSeatQuantity: Int32?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        invitationManagement: InvitationManagement? = nil, priceTiers: [MultiSeatPriceTier]? = nil,
        revokedSeatQuantity: Int32? = nil
    ) {
        self.invitationManagement = invitationManagement
        self.priceTiers = priceTiers
        self.revokedSeatQuantity = revokedSeatQuantity
    }
}
