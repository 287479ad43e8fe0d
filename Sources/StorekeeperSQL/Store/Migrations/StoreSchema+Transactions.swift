extension StoreSchema {
    /// Apple transaction facts (every field of `AppleTransaction` is a column) and who owns each
    /// original transaction.
    static let transactions = Migration(version: 2, name: "transactions and ownership", sql: """
        CREATE TABLE transactions (
            environment TEXT NOT NULL,
            transaction_id TEXT NOT NULL,
            original_transaction_id TEXT NOT NULL,
            web_order_line_item_id TEXT,
            product_id TEXT NOT NULL,
            product_type TEXT,
            subscription_group_identifier TEXT,
            purchase_date BIGINT NOT NULL,
            original_purchase_date BIGINT,
            expires_date BIGINT,
            quantity BIGINT NOT NULL,
            app_account_token TEXT,
            ownership_type TEXT,
            revocation_date BIGINT,
            revocation_reason BIGINT,
            is_upgraded INTEGER NOT NULL CHECK (is_upgraded IN (0, 1)),
            offer_type BIGINT,
            offer_identifier TEXT,
            offer_discount_type TEXT,
            offer_period TEXT,
            price BIGINT,
            currency TEXT,
            storefront TEXT,
            transaction_reason TEXT,
            signed_date BIGINT NOT NULL,
            source TEXT NOT NULL,
            customer_id TEXT NOT NULL,
            order_id TEXT,
            recorded_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (environment, transaction_id)
        );
        CREATE INDEX transactions_original ON transactions (environment, original_transaction_id);
        CREATE INDEX transactions_customer ON transactions (customer_id, purchase_date, environment, transaction_id);
        CREATE INDEX transactions_web_order ON transactions (environment, web_order_line_item_id)
            WHERE web_order_line_item_id IS NOT NULL;

        CREATE TABLE transaction_owners (
            environment TEXT NOT NULL,
            original_transaction_id TEXT NOT NULL,
            customer_id TEXT NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (environment, original_transaction_id)
        );
        CREATE INDEX transaction_owners_customer ON transaction_owners (customer_id);
        """)
}
