public import AppStoreModels
public import Foundation

/// The pure decisions of a developer-hosted group's seat ledger: whether a claim may be made,
/// associated or released, and what access a member's claims give. No IO: the caller loads the
/// group, its claims and its subscription's access, and commits what is decided.
public enum SeatLedger {
    /// What a claim request finds.
    public enum ClaimDecision: Hashable, Sendable {
        /// A claim with this request identifier exists: answer it (and, while it is pending,
        /// finish it by asking Apple again with the same identifier).
        case existing(SeatClaim)
        /// Save this pending claim, then ask Apple.
        case new(SeatClaim)
    }

    /// Decides a claim of a seat of `group` for `member` with `requestIdentifier`.
    ///
    /// A replayed request identifier answers its claim whatever changed since (the first
    /// answer stands), unless it named another member. Otherwise the group must use
    /// developer-hosted invitations and grant access now, the member must not be the purchaser
    /// (who holds a seat already) nor hold a seat of this group, and a seat must be free.
    public static func claim(
        _ group: GroupSeats, purchaser: CustomerID, member: CustomerID, requestIdentifier: UUID, appTransactionId: String?,
        reason: String?, claims: [SeatClaim], groupActive: Bool, now: Timestamp
    ) throws(StorekeeperError) -> ClaimDecision {
        if let earlier = claims.first(where: { $0.requestIdentifier == requestIdentifier }) {
            guard earlier.memberId == member else {
                throw StorekeeperError(
                    .idempotencyConflict,
                    "request identifier \(requestIdentifier.lowercasedString) claimed a seat for another member",
                    kind: .conflict)
            }
            return .existing(earlier)
        }
        try requireDeveloperHosted(group)
        guard groupActive else {
            throw StorekeeperError(.groupInactive, "the group subscription \(group.group) does not grant access now", kind: .conflict)
        }
        guard member != purchaser else {
            throw StorekeeperError(.seatAlreadyHeld, "the purchaser holds a seat of their own group already", kind: .conflict)
        }
        if let held = claims.first(where: { $0.memberId == member && $0.holdsSeat }) {
            throw StorekeeperError(
                .seatAlreadyHeld,
                "\(member.rawValue) holds a seat of this group already (request \(held.requestIdentifier.lowercasedString))",
                kind: .conflict)
        }
        guard group.availableSeats(claims: claims) > 0 else {
            throw StorekeeperError(.noSeatAvailable, "every seat of the group \(group.group) is taken", kind: .conflict)
        }
        return .new(
            SeatClaim(
                group: group.group, requestIdentifier: requestIdentifier, memberId: member, appTransactionId: appTransactionId,
                reason: reason, claimedAt: now))
    }

    /// Apple answered the claim with `seatClaimId`: the claim holds the seat.
    public static func claimed(_ claim: SeatClaim, seatClaimId: UUID, now: Timestamp) -> SeatClaim {
        var claimed = claim
        claimed.seatClaimId = seatClaimId
        claimed.state = .claimed
        claimed.updatedAt = now
        return claimed
    }

    /// The claim a caller may associate or release: a claimed seat (Apple's `seatClaimId`).
    public static func requireClaimed(_ claim: SeatClaim) throws(StorekeeperError) {
        guard claim.state == .claimed, claim.seatClaimId != nil else {
            throw StorekeeperError(
                .seatNotClaimed, "seat claim \(claim.subject) is \(claim.state.rawValue), not claimed", kind: .conflict)
        }
    }

    /// Names the member's app transaction; nil when it already names that one (nothing to do).
    public static func associate(_ claim: SeatClaim, appTransactionId: String, now: Timestamp) throws(StorekeeperError) -> SeatClaim? {
        try requireClaimed(claim)
        guard claim.appTransactionId != appTransactionId else { return nil }
        var associated = claim
        associated.appTransactionId = appTransactionId
        associated.updatedAt = now
        return associated
    }

    /// Releases a held claim; nil when it is released already (a replay changes nothing).
    public static func release(_ claim: SeatClaim, by who: SeatRelease, reason: String?, now: Timestamp) -> SeatClaim? {
        guard claim.state == .claimed else { return nil }
        var released = claim
        released.state = .unclaimed
        released.releasedBy = who
        released.releasedAt = now
        released.updatedAt = now
        if let reason { released.reason = reason }
        return released
    }

    /// The claims an `UNCLAIM_SEATS` notification releases: exactly the held claims it names,
    /// of this group; claims it names that are released already, or unknown, change nothing.
    public static func unclaimedByApple(
        _ seatClaimIds: [UUID], of claims: [SeatClaim], group: PurchaseKey, now: Timestamp
    ) -> [SeatClaim] {
        let named = Set(seatClaimIds)
        return claims.filter { $0.group == group && $0.seatClaimId.map(named.contains) == true }
            .compactMap { release($0, by: .apple, reason: "UNCLAIM_SEATS", now: now) }
    }

    /// A member's access through their claims: for each claim holding a seat with Apple's
    /// answer, the entitlements the group subscription grants its purchaser now (`groupGrants`:
    /// the same windows, so the group's grace period, billing retry under the policy, expiry
    /// and revocation apply to the member alike), from the moment the seat was claimed. A
    /// pending or released claim grants nothing.
    public static func memberGrants(
        _ member: CustomerID, claims: [SeatClaim], groupGrants: [PurchaseKey: [EntitlementGrant]]
    ) -> [EntitlementGrant] {
        claims.filter { $0.memberId == member && $0.state == .claimed }.flatMap { claim in
            (groupGrants[claim.group] ?? []).compactMap { grant -> EntitlementGrant? in
                let start = max(grant.startsAt, claim.claimedAt)
                if let end = grant.expiresAt, end <= start { return nil }
                var seat = grant
                seat.customerId = member
                seat.startsAt = start
                return seat
            }
        }
    }

    /// A group that is not developer-hosted has no claims to make.
    static func requireDeveloperHosted(_ group: GroupSeats) throws(StorekeeperError) {
        guard group.invitationManagement == .developer else {
            throw StorekeeperError(
                .notDeveloperHosted, "the group \(group.group) does not use developer-hosted invitations", kind: .conflict)
        }
    }
}

extension StorekeeperError.Code {
    /// Every seat of the group is taken (the purchaser's included).
    public static let noSeatAvailable = Self(rawValue: "noSeatAvailable")
    /// The member (or the purchaser) holds a seat of this group already.
    public static let seatAlreadyHeld = Self(rawValue: "seatAlreadyHeld")
    /// The group subscription grants no access now (expired, revoked, billing retry without the
    /// policy's access).
    public static let groupInactive = Self(rawValue: "groupInactive")
    /// The subscription is not a group with developer-hosted invitations.
    public static let notDeveloperHosted = Self(rawValue: "notDeveloperHosted")
    /// The seat claim is pending or released, not claimed.
    public static let seatNotClaimed = Self(rawValue: "seatNotClaimed")
}
