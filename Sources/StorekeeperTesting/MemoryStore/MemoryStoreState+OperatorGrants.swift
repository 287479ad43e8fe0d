import AppStoreModels
import Foundation
import Storekeeper

/// Operators' grants (`SQLStore+OperatorGrants`).
extension MemoryStoreState {
    func operatorGrant(id: UUID) -> OperatorGrant? { operatorGrants[id] }

    /// `starts_at, id`.
    func operatorGrants(customerId: CustomerID) throws -> [OperatorGrant] {
        try MemoryText.refuseNUL(customerId.rawValue)
        return operatorGrants.values.filter { $0.customerId == customerId }.sorted {
            Self.ordered(
                $0, $1,
                by: [
                    { Self.compare($0.startsAt, $1.startsAt) },
                    { Self.compareText(MemoryText.text($0.id), MemoryText.text($1.id)) },
                ])
        }
    }

    mutating func insertOperatorGrant(_ grant: OperatorGrant) throws {
        try MemoryText.refuseNUL(
            grant.appId, grant.customerId.rawValue, grant.entitlement, grant.productId, grant.environment.rawValue,
            grant.operatorName, grant.reason, grant.revokedBy, grant.revokeReason)
        guard operatorGrants[grant.id] == nil else {
            throw PurchaseStoreError(.uniqueViolation, "an operator grant with this id is already stored [constraint operator_grants.id]")
        }
        operatorGrants[grant.id] = grant
    }

    mutating func revokeOperatorGrant(_ revoked: OperatorGrant) throws -> Bool {
        guard let revokedAt = revoked.revokedAt else {
            throw PurchaseStoreError(.invalidArgument, "grant \(MemoryText.text(revoked.id)) carries no revocation")
        }
        try MemoryText.refuseNUL(revoked.revokedBy, revoked.revokeReason)
        guard var stored = operatorGrants[revoked.id], stored.revokedAt == nil else { return false }
        stored.revokedAt = revokedAt
        stored.revokedBy = revoked.revokedBy
        stored.revokeReason = revoked.revokeReason
        operatorGrants[revoked.id] = stored
        return true
    }
}

extension MemoryStoreQuerying {
    func operatorGrant(id: UUID) async throws -> OperatorGrant? { try handle.reading { $0.operatorGrant(id: id) } }

    func operatorGrants(customerId: CustomerID) async throws -> [OperatorGrant] {
        try handle.reading { try $0.operatorGrants(customerId: customerId) }
    }
}

extension MemoryStoreTransaction {
    func insertOperatorGrant(_ grant: OperatorGrant) async throws { try handle.writing { try $0.insertOperatorGrant(grant) } }

    func revokeOperatorGrant(_ revoked: OperatorGrant) async throws -> Bool {
        try handle.writing { try $0.revokeOperatorGrant(revoked) }
    }
}
