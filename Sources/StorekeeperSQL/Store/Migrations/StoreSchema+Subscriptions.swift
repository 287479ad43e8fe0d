extension StoreSchema {
    /// Subscription lifecycle states (opaque JSON the lifecycle code owns, plus the columns
    /// queries need) and the derived entitlement grants.
    static let subscriptionsAndGrants = Migration(version: 3, name: "subscriptions and grants") { dialect in
        """
        CREATE TABLE subscriptions (
            environment TEXT NOT NULL,
            original_transaction_id TEXT NOT NULL,
            customer_id TEXT NOT NULL,
            product_id TEXT NOT NULL,
            subscription_group TEXT,
            phase TEXT NOT NULL,
            expires_at BIGINT,
            last_signed_date BIGINT NOT NULL,
            state \(dialect.blobType) NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (environment, original_transaction_id)
        )\(dialect.clustered);
        CREATE INDEX subscriptions_expires ON subscriptions (expires_at, environment, original_transaction_id);
        CREATE INDEX subscriptions_customer ON subscriptions (customer_id, environment, original_transaction_id);

        CREATE TABLE grants (
            customer_id TEXT NOT NULL,
            ordinal BIGINT NOT NULL,
            entitlement TEXT NOT NULL,
            product_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            original_transaction_id TEXT NOT NULL,
            transaction_id TEXT NOT NULL,
            starts_at BIGINT NOT NULL,
            expires_at BIGINT,
            PRIMARY KEY (customer_id, ordinal)
        )\(dialect.clustered);
        """
    }

    /// A customer view lists the customer's subscriptions: the customer index now holds what it
    /// shows (product, group, phase, expiry), so the read never descends into the table as well
    /// (one B-tree search instead of two, as ``coveringCustomerBalances`` did for balances).
    static let coveringCustomerSubscriptions = Migration(
        version: 10, name: "customer subscriptions read from the index",
        sql: """
            DROP INDEX subscriptions_customer;
            CREATE INDEX subscriptions_customer ON subscriptions
                (customer_id, environment, original_transaction_id, product_id, subscription_group, phase, expires_at);
            """)
}
