public import Foundation

/// Reads of operators' grants (``OperatorGrant``): kept whole, revoked ones included, so a
/// customer's record shows every grant an operator made.
public protocol OperatorGrantStoreReader: Sendable {
    func operatorGrant(id: UUID) async throws -> OperatorGrant?
    /// The customer's grants, oldest first (by start, then id).
    func operatorGrants(customerId: CustomerID) async throws -> [OperatorGrant]
}

/// Writes of operators' grants. Invariants: one grant per id (a second insert fails with a unique
/// violation); a grant changes only by being revoked, once.
public protocol OperatorGrantStoreWriter: OperatorGrantStoreReader {
    func insertOperatorGrant(_ grant: OperatorGrant) async throws
    /// Records the revocation `revoked` carries (its `revokedAt`, `revokedBy`, `revokeReason`);
    /// `false` (nothing changed) when there is no such grant or it was revoked already.
    func revokeOperatorGrant(_ revoked: OperatorGrant) async throws -> Bool
}
