extension StoreSchema {
    /// Operators' grants (``OperatorGrant``), kept whole with who granted, why, and any early
    /// revocation; the customer's derived `grants` include the live ones. Read by customer only.
    static let operatorGrants = Migration(version: 14, name: "operator grants") { dialect in
        """
        CREATE TABLE operator_grants (
            id TEXT PRIMARY KEY,
            app_id TEXT NOT NULL,
            customer_id TEXT NOT NULL,
            entitlement TEXT NOT NULL,
            product_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            starts_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL,
            operator_name TEXT NOT NULL,
            reason TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            revoked_at BIGINT,
            revoked_by TEXT,
            revoke_reason TEXT
        )\(dialect.clustered);
        CREATE INDEX operator_grants_customer ON operator_grants (customer_id, starts_at, id);
        """
    }
}
