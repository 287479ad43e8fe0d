public import AppStoreModels
public import Foundation

/// One seat of a group subscription with developer-hosted invitations, claimed for a member
/// customer: the app's record of who occupies a seat, since such members get no transaction.
///
/// The claim is keyed by its group (the purchaser's subscription) and the request identifier the
/// app chose, which is saved before Apple is asked: a retry with the same identifier finds this
/// record and asks Apple again with it, and Apple answers the same `seatClaimId`.
public struct SeatClaim: Hashable, Sendable, Codable {
    /// The group subscription (the purchaser's original transaction).
    public var group: PurchaseKey
    /// The app's identifier of this claim, sent to Apple as Claim Seat's `requestIdentifier`.
    public var requestIdentifier: UUID
    /// The member customer (an app account of the purchaser's app).
    public var memberId: CustomerID
    /// Apple's identifier of the claim; nil while the claim is pending.
    public var seatClaimId: UUID?
    /// The member's app transaction identifier, once the seat is associated with them.
    public var appTransactionId: String?
    public var state: SeatClaimState
    /// Who released the seat (nil while it is held).
    public var releasedBy: SeatRelease?
    /// Why the claim was made or released, as the caller said.
    public var reason: String?
    public var claimedAt: Timestamp
    public var updatedAt: Timestamp
    public var releasedAt: Timestamp?

    public init(
        group: PurchaseKey, requestIdentifier: UUID, memberId: CustomerID, seatClaimId: UUID? = nil,
        appTransactionId: String? = nil, state: SeatClaimState = .pending, releasedBy: SeatRelease? = nil, reason: String? = nil,
        claimedAt: Timestamp, updatedAt: Timestamp? = nil, releasedAt: Timestamp? = nil
    ) {
        self.group = group
        self.requestIdentifier = requestIdentifier
        self.memberId = memberId
        self.seatClaimId = seatClaimId
        self.appTransactionId = appTransactionId
        self.state = state
        self.releasedBy = releasedBy
        self.reason = reason
        self.claimedAt = claimedAt
        self.updatedAt = updatedAt ?? claimedAt
        self.releasedAt = releasedAt
    }

    /// Whether the claim takes a seat: pending (Apple may have granted it) or claimed.
    public var holdsSeat: Bool { state != .unclaimed }

    /// `seatClaimId` as text (lowercase), or the request identifier's while pending: how audit
    /// events and answers name the claim.
    public var subject: String {
        "seat:\(group.description):\((seatClaimId ?? requestIdentifier).lowercasedString)"
    }
}

/// Where a seat claim stands.
public enum SeatClaimState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Saved before Apple was asked; Apple's answer is not recorded yet.
    case pending
    /// Apple returned a `seatClaimId`: the member has the group's access.
    case claimed
    /// Released by the app (Unclaim Seat) or by Apple (`UNCLAIM_SEATS`): no access.
    case unclaimed
}

/// Who released a seat claim.
public enum SeatRelease: String, Hashable, Sendable, Codable, CaseIterable {
    /// The app (or an operator) called Unclaim Seat.
    case app
    /// The App Store released it and said so with `UNCLAIM_SEATS`.
    case apple
}
