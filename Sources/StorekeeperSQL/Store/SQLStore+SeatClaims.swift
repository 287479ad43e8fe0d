import AppStoreModels
import Foundation
import Storekeeper

enum SeatClaimRows {
    static let columns = """
        environment, original_transaction_id, request_identifier, member_id, seat_claim_id, app_transaction_id, state, \
        released_by, reason, claimed_at, updated_at, released_at
        """
    static let byRequest = """
        SELECT \(columns) FROM seat_claims WHERE environment = $1 AND original_transaction_id = $2 AND request_identifier = $3
        """
    static let byGroup = """
        SELECT \(columns) FROM seat_claims WHERE environment = $1 AND original_transaction_id = $2
        ORDER BY claimed_at, request_identifier
        """
    /// Served by `seat_claims_member`.
    static let byMember = """
        SELECT \(columns) FROM seat_claims WHERE member_id = $1 ORDER BY claimed_at, request_identifier
        """
    static let insert = """
        INSERT INTO seat_claims (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
        """
    static let update = """
        UPDATE seat_claims SET seat_claim_id = $4, app_transaction_id = $5, state = $6, released_by = $7, reason = $8,
            updated_at = $9, released_at = $10
        WHERE environment = $1 AND original_transaction_id = $2 AND request_identifier = $3
        """
    /// A merge moves the source's claims to the target (`seat_claims_member`).
    static let reassign = "UPDATE seat_claims SET member_id = $2 WHERE member_id = $1"
    static let deletePending = """
        DELETE FROM seat_claims
        WHERE environment = $1 AND original_transaction_id = $2 AND request_identifier = $3 AND state = 'pending'
        """

    static func key(_ group: PurchaseKey, _ requestIdentifier: UUID) -> [SQLValue] {
        [SQLValue(group.environment), .text(group.originalTransactionId), SQLValue(requestIdentifier)]
    }

    static func claim(_ row: SQLRow) throws -> SeatClaim {
        SeatClaim(
            group: PurchaseKey(environment: AppStoreEnvironment(rawValue: try row.string(0)), originalTransactionId: try row.string(1)),
            requestIdentifier: try row.uuid(2), memberId: try row.customerID(3), seatClaimId: try row.optionalUUID(4),
            appTransactionId: try row.optionalString(5), state: try row.closedEnum(SeatClaimState.self, 6),
            releasedBy: try row.optionalString(7).map { text in
                guard let release = SeatRelease(rawValue: text) else {
                    throw SQLPurchaseStoreError.corrupt("column released_by holds an unknown SeatRelease \"\(text)\"")
                }
                return release
            },
            reason: try row.optionalString(8), claimedAt: try row.timestamp(9), updatedAt: try row.timestamp(10),
            releasedAt: try row.optionalTimestamp(11))
    }
}

extension SQLStoreQuerying {
    func seatClaim(group: PurchaseKey, requestIdentifier: UUID) async throws -> SeatClaim? {
        try await sql.queryFirst(SeatClaimRows.byRequest, SeatClaimRows.key(group, requestIdentifier)).map(SeatClaimRows.claim)
    }

    func seatClaims(group: PurchaseKey) async throws -> [SeatClaim] {
        try await sql.query(SeatClaimRows.byGroup, [SQLValue(group.environment), .text(group.originalTransactionId)])
            .map(SeatClaimRows.claim)
    }

    func seatClaims(memberId: CustomerID) async throws -> [SeatClaim] {
        try await sql.query(SeatClaimRows.byMember, [SQLValue(memberId)]).map(SeatClaimRows.claim)
    }
}

extension SQLStoreTransaction {
    func insertSeatClaim(_ claim: SeatClaim) async throws {
        try await sql.execute(
            SeatClaimRows.insert,
            SeatClaimRows.key(claim.group, claim.requestIdentifier) + [
                SQLValue(claim.memberId), SQLValue(claim.seatClaimId), SQLValue(claim.appTransactionId), .text(claim.state.rawValue),
                SQLValue(claim.releasedBy?.rawValue), SQLValue(claim.reason), SQLValue(claim.claimedAt), SQLValue(claim.updatedAt),
                SQLValue(claim.releasedAt),
            ])
    }

    func updateSeatClaim(_ claim: SeatClaim) async throws -> Bool {
        let changed = try await sql.execute(
            SeatClaimRows.update,
            SeatClaimRows.key(claim.group, claim.requestIdentifier) + [
                SQLValue(claim.seatClaimId), SQLValue(claim.appTransactionId), .text(claim.state.rawValue),
                SQLValue(claim.releasedBy?.rawValue), SQLValue(claim.reason), SQLValue(claim.updatedAt), SQLValue(claim.releasedAt),
            ])
        return changed > 0
    }

    func deletePendingSeatClaim(group: PurchaseKey, requestIdentifier: UUID) async throws -> Bool {
        try await sql.execute(SeatClaimRows.deletePending, SeatClaimRows.key(group, requestIdentifier)) > 0
    }

    func reassignSeatClaims(from source: CustomerID, to target: CustomerID) async throws -> Int {
        try await sql.execute(SeatClaimRows.reassign, [SQLValue(source), SQLValue(target)])
    }
}
