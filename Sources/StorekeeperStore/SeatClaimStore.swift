public import Foundation
public import Storekeeper

/// Reads of the seat ledger of developer-hosted group subscriptions (``SeatClaim``): kept whole,
/// released claims included, so a group's and a member's record show every claim made.
public protocol SeatClaimStoreReader: Sendable {
    /// The group's claim made with `requestIdentifier`.
    func seatClaim(group: PurchaseKey, requestIdentifier: UUID) async throws -> SeatClaim?
    /// The group's claims, oldest first (by claim time, then request identifier).
    func seatClaims(group: PurchaseKey) async throws -> [SeatClaim]
    /// The claims naming `memberId`, oldest first, in every group.
    func seatClaims(memberId: CustomerID) async throws -> [SeatClaim]
}

/// Writes of the seat ledger. Invariants: one claim per group and request identifier, and one
/// per Apple `seatClaimId` (a second insert fails with a unique violation); a claim's group and
/// request identifier never change, nor does its member but through a merge of that customer.
public protocol SeatClaimStoreWriter: SeatClaimStoreReader {
    func insertSeatClaim(_ claim: SeatClaim) async throws
    /// Stores what changed of a claim (Apple's identifier, the member's app transaction, its
    /// state and release); `false` when there is no such claim.
    func updateSeatClaim(_ claim: SeatClaim) async throws -> Bool
    /// Forgets a pending claim Apple refused (it never held a seat); `false` when there is no
    /// pending claim with that identifier.
    func deletePendingSeatClaim(group: PurchaseKey, requestIdentifier: UUID) async throws -> Bool
    /// A merge: every claim naming `source` names `target` from now on (a guest holding a seat
    /// logs in, and the seat's access follows the account). Returns how many claims moved.
    func reassignSeatClaims(from source: CustomerID, to target: CustomerID) async throws -> Int
}
