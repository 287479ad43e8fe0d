extension StoreSchema {
    /// What operators' search and a customer's record need:
    /// - `customers_merged_into`: a customer's aliases (the guests merged into it), one index
    ///   range instead of a scan of every customer;
    /// - each subscription's renewal preference (Apple's `autoRenewStatus` and
    ///   `autoRenewProductId` from its latest renewal info) as columns beside the lifecycle state,
    ///   in the customer index the customer view reads, so "renews on" / "ends on" costs the view
    ///   nothing; existing rows are filled from their stored state.
    ///
    /// Transactions need no new index: search asks for `transaction_id`, `original_transaction_id`
    /// and `web_order_line_item_id` under the app's environments, which the existing
    /// `(environment, …)` keys answer.
    static let adminSearch = Migration(version: 13, name: "admin search and renewal preference") { dialect in
        """
        CREATE INDEX customers_merged_into ON customers (merged_into) WHERE merged_into IS NOT NULL;
        ALTER TABLE subscriptions ADD COLUMN auto_renew_status BIGINT;
        ALTER TABLE subscriptions ADD COLUMN auto_renew_product_id TEXT;
        \(renewalPreferenceBackfill(dialect))
        DROP INDEX subscriptions_customer;
        CREATE INDEX subscriptions_customer ON subscriptions
            (customer_id, environment, original_transaction_id, product_id, subscription_group, phase, expires_at,
             auto_renew_status, auto_renew_product_id);
        """
    }

    /// The state is `SubscriptionState` as JSON: `renewalInfo.autoRenewEnabled` (a boolean) and
    /// `renewalInfo.autoRenewProductId`, absent before any renewal info.
    private static func renewalPreferenceBackfill(_ dialect: SQLDialect) -> String {
        dialect.kind == .sqlite
            ? """
            UPDATE subscriptions SET
                auto_renew_status = json_extract(CAST(state AS TEXT), '$.renewalInfo.autoRenewEnabled'),
                auto_renew_product_id = json_extract(CAST(state AS TEXT), '$.renewalInfo.autoRenewProductId');
            """
            : """
            UPDATE subscriptions SET
                auto_renew_status = CASE convert_from(state, 'UTF8')::jsonb #>> '{renewalInfo,autoRenewEnabled}'
                    WHEN 'true' THEN 1 WHEN 'false' THEN 0 END,
                auto_renew_product_id = convert_from(state, 'UTF8')::jsonb #>> '{renewalInfo,autoRenewProductId}';
            """
    }
}
