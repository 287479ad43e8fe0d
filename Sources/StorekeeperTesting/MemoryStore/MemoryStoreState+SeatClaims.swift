import AppStoreModels
import Foundation
import Storekeeper

/// The seat ledger (`SQLStore+SeatClaims`).
extension MemoryStoreState {
    /// `claimed_at, request_identifier`.
    static func claimOrder(_ a: SeatClaim, _ b: SeatClaim) -> Bool {
        ordered(
            a, b,
            by: [
                { compare($0.claimedAt, $1.claimedAt) },
                { compareText(MemoryText.text($0.requestIdentifier), MemoryText.text($1.requestIdentifier)) },
            ])
    }

    func seatClaim(group: PurchaseKey, requestIdentifier: UUID) throws -> SeatClaim? {
        try MemoryText.refuseNUL(group.environment.rawValue, group.originalTransactionId)
        return seatClaims[group]?[MemoryText.text(requestIdentifier)]
    }

    func seatClaims(group: PurchaseKey) throws -> [SeatClaim] {
        try MemoryText.refuseNUL(group.environment.rawValue, group.originalTransactionId)
        return (seatClaims[group]?.values).map { $0.sorted(by: Self.claimOrder) } ?? []
    }

    func seatClaims(memberId: CustomerID) throws -> [SeatClaim] {
        try MemoryText.refuseNUL(memberId.rawValue)
        return seatClaims.values.flatMap(\.values).filter { $0.memberId == memberId }.sorted(by: Self.claimOrder)
    }

    mutating func insertSeatClaim(_ claim: SeatClaim) throws {
        try Self.refuseNUL(in: claim)
        let key = MemoryText.text(claim.requestIdentifier)
        guard seatClaims[claim.group]?[key] == nil else {
            throw PurchaseStoreError(.uniqueViolation, "a seat claim with this request identifier is stored [constraint seat_claims.pkey]")
        }
        try requireUniqueSeatClaimId(claim)
        seatClaims[claim.group, default: [:]][key] = claim
    }

    mutating func updateSeatClaim(_ claim: SeatClaim) throws -> Bool {
        try Self.refuseNUL(in: claim)
        let key = MemoryText.text(claim.requestIdentifier)
        guard var stored = seatClaims[claim.group]?[key] else { return false }
        try requireUniqueSeatClaimId(claim)
        // The key and member stay; the rest is what the SQL update sets.
        stored.seatClaimId = claim.seatClaimId
        stored.appTransactionId = claim.appTransactionId
        stored.state = claim.state
        stored.releasedBy = claim.releasedBy
        stored.reason = claim.reason
        stored.updatedAt = claim.updatedAt
        stored.releasedAt = claim.releasedAt
        seatClaims[claim.group]?[key] = stored
        return true
    }

    mutating func reassignSeatClaims(from source: CustomerID, to target: CustomerID) throws -> Int {
        try MemoryText.refuseNUL(source.rawValue, target.rawValue)
        var moved = 0
        for (group, claims) in seatClaims {
            for (key, claim) in claims where claim.memberId == source {
                seatClaims[group]?[key]?.memberId = target
                moved += 1
            }
        }
        return moved
    }

    mutating func deletePendingSeatClaim(group: PurchaseKey, requestIdentifier: UUID) throws -> Bool {
        try MemoryText.refuseNUL(group.environment.rawValue, group.originalTransactionId)
        let key = MemoryText.text(requestIdentifier)
        guard seatClaims[group]?[key]?.state == .pending else { return false }
        seatClaims[group]?[key] = nil
        return true
    }

    /// `seat_claims_seat_claim`: Apple's identifier names one claim.
    private func requireUniqueSeatClaimId(_ claim: SeatClaim) throws {
        guard let id = claim.seatClaimId else { return }
        let holder = seatClaims.values.flatMap(\.values).first { $0.seatClaimId == id }
        guard holder == nil || (holder?.group == claim.group && holder?.requestIdentifier == claim.requestIdentifier) else {
            throw PurchaseStoreError(.uniqueViolation, "another claim holds this seat claim id [constraint seat_claims_seat_claim]")
        }
    }

    static func refuseNUL(in claim: SeatClaim) throws(PurchaseStoreError) {
        try MemoryText.refuseNUL(
            claim.group.environment.rawValue, claim.group.originalTransactionId, claim.memberId.rawValue, claim.appTransactionId,
            claim.reason)
    }
}

extension MemoryStoreQuerying {
    func seatClaim(group: PurchaseKey, requestIdentifier: UUID) async throws -> SeatClaim? {
        try handle.reading { try $0.seatClaim(group: group, requestIdentifier: requestIdentifier) }
    }

    func seatClaims(group: PurchaseKey) async throws -> [SeatClaim] { try handle.reading { try $0.seatClaims(group: group) } }

    func seatClaims(memberId: CustomerID) async throws -> [SeatClaim] {
        try handle.reading { try $0.seatClaims(memberId: memberId) }
    }
}

extension MemoryStoreTransaction {
    func insertSeatClaim(_ claim: SeatClaim) async throws { try handle.writing { try $0.insertSeatClaim(claim) } }

    func updateSeatClaim(_ claim: SeatClaim) async throws -> Bool { try handle.writing { try $0.updateSeatClaim(claim) } }

    func reassignSeatClaims(from source: CustomerID, to target: CustomerID) async throws -> Int {
        try handle.writing { try $0.reassignSeatClaims(from: source, to: target) }
    }

    func deletePendingSeatClaim(group: PurchaseKey, requestIdentifier: UUID) async throws -> Bool {
        try handle.writing { try $0.deletePendingSeatClaim(group: group, requestIdentifier: requestIdentifier) }
    }
}
