extension StoreSchema {
    /// Apple transaction facts (every field of `AppleTransaction` is a column) and who owns each
    /// original transaction.
    ///
    /// Identity is `(environment, transaction_id)` on both backends. The storage differs: SQLite
    /// keeps the rows in a B-tree clustered by customer and purchase date (`WITHOUT ROWID`, with
    /// the identity as a unique key), so a customer's recent transactions are one range read;
    /// PostgreSQL keeps a heap with the identity as primary key and a customer index.
    static let transactions = Migration(version: 2, name: "transactions and ownership") { dialect in
        """
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
            \(transactionKeys(dialect))
        )\(dialect.clustered);
        CREATE INDEX transactions_original ON transactions (environment, original_transaction_id);
        \(transactionCustomerIndex(dialect))
        CREATE INDEX transactions_web_order ON transactions (environment, web_order_line_item_id)
            WHERE web_order_line_item_id IS NOT NULL;

        CREATE TABLE transaction_owners (
            environment TEXT NOT NULL,
            original_transaction_id TEXT NOT NULL,
            customer_id TEXT NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (environment, original_transaction_id)
        )\(dialect.clustered);
        CREATE INDEX transaction_owners_customer ON transaction_owners (customer_id);
        """
    }

    private static func transactionKeys(_ dialect: SQLDialect) -> String {
        dialect.kind == .sqlite
            ? "PRIMARY KEY (customer_id, purchase_date, environment, transaction_id), UNIQUE (environment, transaction_id)"
            : "PRIMARY KEY (environment, transaction_id)"
    }

    /// On SQLite the clustered primary key is the customer index.
    private static func transactionCustomerIndex(_ dialect: SQLDialect) -> String {
        dialect.kind == .sqlite
            ? ""
            : "CREATE INDEX transactions_customer ON transactions (customer_id, purchase_date, environment, transaction_id);"
    }
}
