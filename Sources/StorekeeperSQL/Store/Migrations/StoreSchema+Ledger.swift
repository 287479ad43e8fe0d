extension StoreSchema {
    /// The double-entry ledger: journal entries (unique idempotency key), their postings, and the
    /// materialized balance of every account.
    ///
    /// A customer account has one balance row (`slot` 0), updated with a conditional decrement.
    /// The shared accounts (`issued:`, `spent:`, `loss:`) are touched by every customer's entries;
    /// their balance is spread over a few rows (`slot` chosen from the customer ID) so that
    /// concurrent entries of different customers do not queue on one row lock. An account's
    /// balance is the sum of its rows.
    static let ledger = Migration(version: 4, name: "ledger") { dialect in
        """
        CREATE TABLE ledger_accounts (
            name TEXT NOT NULL,
            slot INTEGER NOT NULL,
            kind TEXT NOT NULL,
            customer_id TEXT,
            currency TEXT NOT NULL,
            balance BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (name, slot)
        )\(dialect.clustered);
        CREATE INDEX ledger_accounts_customer ON ledger_accounts (customer_id, currency) WHERE customer_id IS NOT NULL;

        CREATE TABLE journal_entries (
            id \(dialect.autoIncrementPrimaryKey),
            idempotency_key TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            customer_id TEXT NOT NULL,
            currency TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            reference TEXT,
            memo TEXT
        );
        CREATE INDEX journal_entries_customer ON journal_entries (customer_id, created_at, id);

        CREATE TABLE ledger_postings (
            entry_id BIGINT NOT NULL,
            ordinal INTEGER NOT NULL,
            account TEXT NOT NULL,
            customer_id TEXT,
            amount BIGINT NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (entry_id, ordinal)
        );
        CREATE INDEX ledger_postings_account ON ledger_postings (account, entry_id);
        CREATE INDEX ledger_postings_customer ON ledger_postings (customer_id, entry_id) WHERE customer_id IS NOT NULL;
        """
    }

    /// A customer's balances are read by every customer view: the customer index now holds the
    /// kind and the balance, so the read never descends into the table as well (one B-tree
    /// search instead of two; at a million customers, each is a likely cache miss).
    static let coveringCustomerBalances = Migration(
        version: 9, name: "customer balances read from the index",
        sql: """
            DROP INDEX ledger_accounts_customer;
            CREATE INDEX ledger_accounts_customer ON ledger_accounts (customer_id, currency, kind, balance) WHERE customer_id IS NOT NULL;
            """)
}
