extension StoreSchema {
    /// A subscription's 12-month commitment (billing period n of N, when it ends, whether it
    /// renews) as columns beside the lifecycle state, in the customer index the customer view
    /// reads, like the renewal preference. States stored before carry no commitment (the
    /// transactions' `billingPlanType` and `commitmentInfo` were not kept): the next fact about
    /// such a subscription, or a resync, fills them.
    static let commitments = Migration(version: 26, name: "subscription commitments") { _ in
        """
        ALTER TABLE subscriptions ADD COLUMN commitment_billing_period BIGINT;
        ALTER TABLE subscriptions ADD COLUMN commitment_total_periods BIGINT;
        ALTER TABLE subscriptions ADD COLUMN commitment_expires_at BIGINT;
        ALTER TABLE subscriptions ADD COLUMN commitment_auto_renew_status BIGINT;
        DROP INDEX subscriptions_customer;
        CREATE INDEX subscriptions_customer ON subscriptions
            (customer_id, environment, original_transaction_id, product_id, subscription_group, phase, expires_at,
             auto_renew_status, auto_renew_product_id, commitment_billing_period, commitment_total_periods,
             commitment_expires_at, commitment_auto_renew_status);
        """
    }
}
