public import AppStoreModels

/// What a group subscription (a multiseat purchase) is, read from its purchaser's stored
/// transactions: who hosts the invitations and how many seats the current period has. Pure.
public struct GroupSeats: Hashable, Sendable, Codable {
    public var group: PurchaseKey
    public var productId: String
    /// Who hosts the invitations: Apple (members get `ASSIGNED` transactions) or the app (seat
    /// claims).
    public var invitationManagement: InvitationManagement
    /// The seats of the current period: the purchase and its additions, less seats refunded.
    public var totalSeats: Int

    public init(group: PurchaseKey, productId: String, invitationManagement: InvitationManagement, totalSeats: Int) {
        self.group = group
        self.productId = productId
        self.invitationManagement = invitationManagement
        self.totalSeats = totalSeats
    }

    /// The group of a purchaser's transactions of one subscription; nil when they are not a
    /// multiseat purchase (or are a member's shared copy).
    ///
    /// The current period is the latest purchase date's `webOrderLineItemId`: a seat addition
    /// is a transaction of that period, so its seats count; a renewal starts a new period with
    /// the seats it renewed with. A seat-based refund takes its seats off; a fully revoked
    /// (or upgraded) transaction counts none.
    public init?(transactions: [AppleTransaction]) {
        let purchased = transactions.filter { !$0.isSharedAccess && $0.multiSeatInfo != nil }
        guard let latest = purchased.max(by: { ($0.purchaseDate, $0.transactionId) < ($1.purchaseDate, $1.transactionId) }),
            let info = latest.multiSeatInfo
        else { return nil }
        let period =
            latest.webOrderLineItemId.map { line in purchased.filter { $0.webOrderLineItemId == line } } ?? [latest]
        let seats = period.reduce(0) { total, transaction in
            guard !transaction.isRevoked else { return total }
            let revoked = Int(transaction.multiSeatInfo?.revokedSeatQuantity ?? 0)
            return total + max(0, transaction.quantity - revoked)
        }
        self.init(
            group: PurchaseKey(latest), productId: latest.productId,
            invitationManagement: info.invitationManagement ?? InvitationManagement(rawValue: ""), totalSeats: seats)
    }

    /// Seats left to claim: the purchaser holds one, each claim holding a seat another.
    public func availableSeats(claims: [SeatClaim]) -> Int {
        max(0, totalSeats - 1 - claims.filter { $0.group == group && $0.holdsSeat }.count)
    }
}
