extension StoreSchema {
    /// The customers each Apple account was seen behind (`AppleAccountStore`): one row per
    /// account and customer, read by account when a customer may join one, and by customer for
    /// the customer record. Filled from the transactions recorded before, which carry the app
    /// transaction identifier since migration 22 (unclaimed placeholders are nobody).
    static let appleAccounts = Migration(version: 25, name: "customers behind each Apple account") { dialect in
        """
        CREATE TABLE apple_accounts (
            environment TEXT NOT NULL,
            app_transaction_id TEXT NOT NULL,
            customer_id TEXT NOT NULL,
            linked_at BIGINT NOT NULL,
            PRIMARY KEY (environment, app_transaction_id, customer_id)
        )\(dialect.clustered);
        CREATE INDEX apple_accounts_customer ON apple_accounts (customer_id, linked_at);
        INSERT INTO apple_accounts (environment, app_transaction_id, customer_id, linked_at)
            SELECT environment, app_transaction_id, customer_id, MIN(recorded_at) FROM transactions
            WHERE app_transaction_id IS NOT NULL
                AND customer_id NOT LIKE 'unclaimed:%' AND customer_id NOT LIKE '%/unclaimed:%'
            GROUP BY environment, app_transaction_id, customer_id;
        """
    }
}
