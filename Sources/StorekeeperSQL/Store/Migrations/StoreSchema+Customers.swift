extension StoreSchema {
    /// Customers, and business orders linked to Apple transactions by `app_account_token`.
    static let customersAndOrders = Migration(version: 1, name: "customers and orders") { dialect in
        """
        CREATE TABLE customers (
            id TEXT PRIMARY KEY,
            created_at BIGINT NOT NULL,
            merged_into TEXT,
            play_time_minutes BIGINT,
            consumption_consent INTEGER NOT NULL DEFAULT 0 CHECK (consumption_consent IN (0, 1))
        )\(dialect.clustered);

        CREATE TABLE orders (
            id TEXT PRIMARY KEY,
            customer_id TEXT NOT NULL,
            product_id TEXT NOT NULL,
            quantity BIGINT NOT NULL,
            state TEXT NOT NULL,
            app_account_token TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL,
            environment TEXT,
            transaction_id TEXT,
            bonus_currency TEXT,
            bonus_amount BIGINT NOT NULL DEFAULT 0,
            failure_code TEXT
        );
        CREATE UNIQUE INDEX orders_app_account_token ON orders (app_account_token);
        CREATE INDEX orders_customer ON orders (customer_id, created_at);
        CREATE INDEX orders_stale ON orders (updated_at, id) WHERE state IN ('created', 'pending');
        """
    }
}
