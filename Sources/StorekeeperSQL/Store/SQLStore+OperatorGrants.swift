import AppStoreModels
import Foundation
import Storekeeper

enum OperatorGrantRows {
    static let columns = """
        id, app_id, customer_id, entitlement, product_id, environment, starts_at, expires_at, operator_name, reason, \
        created_at, revoked_at, revoked_by, revoke_reason
        """
    static let byId = "SELECT \(columns) FROM operator_grants WHERE id = $1"
    /// Served by `operator_grants_customer`.
    static let byCustomer = "SELECT \(columns) FROM operator_grants WHERE customer_id = $1 ORDER BY starts_at, id"
    static let insert = """
        INSERT INTO operator_grants (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
        """
    /// Revokes once: a grant revoked already is left as it is.
    static let revoke = """
        UPDATE operator_grants SET revoked_at = $2, revoked_by = $3, revoke_reason = $4
        WHERE id = $1 AND revoked_at IS NULL
        """

    static func grant(_ row: SQLRow) throws -> OperatorGrant {
        OperatorGrant(
            id: try row.uuid(0), appId: try row.string(1), customerId: try row.customerID(2), entitlement: try row.string(3),
            productId: try row.string(4), environment: AppStoreEnvironment(rawValue: try row.string(5)),
            startsAt: try row.timestamp(6), expiresAt: try row.timestamp(7), operatorName: try row.string(8),
            reason: try row.string(9), createdAt: try row.timestamp(10), revokedAt: try row.optionalTimestamp(11),
            revokedBy: try row.optionalString(12), revokeReason: try row.optionalString(13))
    }
}

extension SQLStoreQuerying {
    func operatorGrant(id: UUID) async throws -> OperatorGrant? {
        try await sql.queryFirst(OperatorGrantRows.byId, [SQLValue(id)]).map(OperatorGrantRows.grant)
    }

    /// Oldest first: by start, then id.
    func operatorGrants(customerId: CustomerID) async throws -> [OperatorGrant] {
        try await sql.query(OperatorGrantRows.byCustomer, [SQLValue(customerId)]).map(OperatorGrantRows.grant)
    }
}

extension SQLStoreTransaction {
    func insertOperatorGrant(_ grant: OperatorGrant) async throws {
        try await sql.execute(
            OperatorGrantRows.insert,
            [
                SQLValue(grant.id), .text(grant.appId), SQLValue(grant.customerId), .text(grant.entitlement),
                .text(grant.productId), SQLValue(grant.environment), SQLValue(grant.startsAt), SQLValue(grant.expiresAt),
                .text(grant.operatorName), .text(grant.reason), SQLValue(grant.createdAt), SQLValue(grant.revokedAt),
                SQLValue(grant.revokedBy), SQLValue(grant.revokeReason),
            ])
    }

    func revokeOperatorGrant(_ revoked: OperatorGrant) async throws -> Bool {
        guard let revokedAt = revoked.revokedAt else {
            throw SQLPurchaseStoreError(.invalidArgument, "grant \(revoked.id.lowercasedString) carries no revocation")
        }
        let changed = try await sql.execute(
            OperatorGrantRows.revoke,
            [SQLValue(revoked.id), SQLValue(revokedAt), SQLValue(revoked.revokedBy), SQLValue(revoked.revokeReason)])
        return changed > 0
    }
}
