extension StoreSchema {
    /// What a transaction says of its customer's Apple account and of group purchases:
    /// - `app_transaction_id`: the customer's app transaction identifier (one per Apple account
    ///   and app), indexed so operators' search and the transfer policy find every customer of
    ///   one Apple account with one index range;
    /// - `multi_seat`: the transaction's `multiSeatInfo` as Apple's JSON (invitation model, price
    ///   tiers, seats refunded), read whole by the revenue rule;
    /// - `additional_transaction_reason`: why more than one transaction represents its period;
    /// - `transactions_multi_seat`: reconciliation reads a day's seat-based refunds of earlier
    ///   multiseat purchases by the signing date of their latest record.
    ///
    /// Rows stored before have none of these; a resync from Apple fills them.
    static let seats = Migration(version: 22, name: "app transaction identifiers and multiseat transactions") { _ in
        """
        ALTER TABLE transactions ADD COLUMN app_transaction_id TEXT;
        ALTER TABLE transactions ADD COLUMN multi_seat TEXT;
        ALTER TABLE transactions ADD COLUMN additional_transaction_reason TEXT;
        CREATE INDEX transactions_app_transaction ON transactions (app_transaction_id, environment)
            WHERE app_transaction_id IS NOT NULL;
        CREATE INDEX transactions_multi_seat ON transactions (environment, signed_date) WHERE multi_seat IS NOT NULL;
        """
    }
}
