import AppStoreModels
import Storekeeper

enum GrantRows {
    /// The columns ``grant(_:)`` reads.
    static let columns = """
        customer_id, entitlement, product_id, environment, original_transaction_id, transaction_id, starts_at, expires_at
        """
    static let select = "SELECT \(columns) FROM grants WHERE customer_id = $1 ORDER BY ordinal"
    static let delete = "DELETE FROM grants WHERE customer_id = $1"
    static let insert = """
        INSERT INTO grants (customer_id, ordinal, entitlement, product_id, environment, original_transaction_id,
            transaction_id, starts_at, expires_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
        """

    static func grant(_ row: SQLRow) throws -> EntitlementGrant {
        EntitlementGrant(
            customerId: try row.customerID(0), entitlement: try row.string(1), productId: try row.string(2),
            source: GrantSource(
                environment: AppStoreEnvironment(rawValue: try row.string(3)), originalTransactionId: try row.string(4),
                transactionId: try row.string(5)),
            startsAt: try row.timestamp(6), expiresAt: try row.optionalTimestamp(7))
    }
}

extension SQLStoreQuerying {
    /// In the order they were given to `replaceGrants`.
    func grants(customerId: CustomerID) async throws -> [EntitlementGrant] {
        try await sql.query(GrantRows.select, [SQLValue(customerId)]).map(GrantRows.grant)
    }
}

extension SQLStoreTransaction {
    /// Rewrites the rows only when the derived grants changed (the common replay case writes
    /// nothing). Grants of another customer in `grants` are refused.
    func replaceGrants(customerId: CustomerID, grants: [EntitlementGrant]) async throws {
        if let stranger = grants.first(where: { $0.customerId != customerId }) {
            throw SQLPurchaseStoreError(
                .invalidArgument, "a grant of customer \(stranger.customerId) was given to replace \(customerId)'s")
        }
        guard try await self.grants(customerId: customerId) != grants else { return }
        try await sql.execute(GrantRows.delete, [SQLValue(customerId)])
        for (ordinal, grant) in grants.enumerated() {
            try await sql.execute(
                GrantRows.insert,
                [
                    SQLValue(customerId), SQLValue(ordinal), .text(grant.entitlement), .text(grant.productId),
                    SQLValue(grant.source.environment), .text(grant.source.originalTransactionId),
                    .text(grant.source.transactionId), SQLValue(grant.startsAt), SQLValue(grant.expiresAt),
                ])
        }
    }
}
