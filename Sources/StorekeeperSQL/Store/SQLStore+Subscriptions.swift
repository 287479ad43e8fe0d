import AppStoreModels
import Storekeeper

enum SubscriptionRows {
    static let columns = """
        environment, original_transaction_id, customer_id, product_id, subscription_group, phase, expires_at, \
        last_signed_date, state, updated_at, auto_renew_status, auto_renew_product_id, \
        commitment_billing_period, commitment_total_periods, commitment_expires_at, commitment_auto_renew_status
        """

    static func subscription(_ row: SQLRow) throws -> StoredSubscription {
        StoredSubscription(
            environment: AppStoreEnvironment(rawValue: try row.string(0)), originalTransactionId: try row.string(1),
            customerId: try row.customerID(2), productId: try row.string(3), subscriptionGroup: try row.optionalString(4),
            phase: try row.string(5), expiresAt: try row.optionalTimestamp(6), lastSignedDate: try row.timestamp(7),
            state: try row.data(8), updatedAt: try row.timestamp(9), autoRenewStatus: try row.optionalInt(10),
            autoRenewProductId: try row.optionalString(11), commitment: try commitment(row, from: 12))
    }

    /// The commitment columns starting at `index`; nil when none is set (no commitment).
    static func commitment(_ row: SQLRow, from index: Int) throws -> CommitmentProgress? {
        let progress = CommitmentProgress(
            billingPeriodNumber: try row.optionalInt(index), totalBillingPeriods: try row.optionalInt(index + 1),
            expiresAt: try row.optionalTimestamp(index + 2), autoRenewStatus: try row.optionalInt(index + 3))
        return progress == CommitmentProgress() ? nil : progress
    }

    /// What a customer view shows of a subscription, all of it in the `subscriptions_customer` index.
    static let viewColumns = """
        environment, original_transaction_id, product_id, subscription_group, phase, expires_at, auto_renew_status, \
        auto_renew_product_id, commitment_billing_period, commitment_total_periods, commitment_expires_at, \
        commitment_auto_renew_status
        """

    /// A row of ``viewColumns``.
    static func viewed(_ row: SQLRow) throws -> CustomerView.Subscription {
        CustomerView.Subscription(
            originalTransactionId: try row.string(1), environment: AppStoreEnvironment(rawValue: try row.string(0)),
            productId: try row.string(2), group: try row.optionalString(3), phase: try row.string(4),
            expiresAt: try row.optionalTimestamp(5), autoRenewStatus: try row.optionalInt(6),
            autoRenewProductId: try row.optionalString(7), commitment: try commitment(row, from: 8))
    }

    /// The customer's subscriptions as a view lists them, from the index alone.
    static let viewByCustomer = """
        SELECT \(viewColumns) FROM subscriptions WHERE customer_id = $1 ORDER BY environment, original_transaction_id
        """

    static let byId = """
        SELECT \(columns) FROM subscriptions WHERE environment = $1 AND original_transaction_id = $2
        """
    static let byCustomer = """
        SELECT \(columns) FROM subscriptions WHERE customer_id = $1 ORDER BY environment, original_transaction_id
        """
    static let expiring = """
        SELECT \(columns) FROM subscriptions WHERE expires_at >= $1 AND expires_at < $2
        ORDER BY expires_at, environment, original_transaction_id LIMIT $3
        """
    static let save = """
        INSERT INTO subscriptions (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
        ON CONFLICT (environment, original_transaction_id) DO UPDATE SET
            customer_id = excluded.customer_id, product_id = excluded.product_id,
            subscription_group = excluded.subscription_group, phase = excluded.phase, expires_at = excluded.expires_at,
            last_signed_date = excluded.last_signed_date, state = excluded.state, updated_at = excluded.updated_at,
            auto_renew_status = excluded.auto_renew_status, auto_renew_product_id = excluded.auto_renew_product_id,
            commitment_billing_period = excluded.commitment_billing_period,
            commitment_total_periods = excluded.commitment_total_periods,
            commitment_expires_at = excluded.commitment_expires_at,
            commitment_auto_renew_status = excluded.commitment_auto_renew_status
        """
}

extension SQLStoreQuerying {
    func subscription(
        environment: AppStoreEnvironment, originalTransactionId: String
    ) async throws
        -> StoredSubscription?
    {
        try await sql.queryFirst(SubscriptionRows.byId, [SQLValue(environment), .text(originalTransactionId)])
            .map(SubscriptionRows.subscription)
    }

    func subscriptions(customerId: CustomerID) async throws -> [StoredSubscription] {
        try await sql.query(SubscriptionRows.byCustomer, [SQLValue(customerId)]).map(SubscriptionRows.subscription)
    }

    func subscriptions(expiringIn window: Range<Timestamp>, limit: Int) async throws -> [StoredSubscription] {
        try await sql.query(
            SubscriptionRows.expiring, [SQLValue(window.lowerBound), SQLValue(window.upperBound), limitValue(limit)]
        ).map(SubscriptionRows.subscription)
    }
}

extension SQLStoreTransaction {
    /// Stores the lifecycle's decision as it is: the lifecycle compares `lastSignedDate`s (under
    /// `lock(environment:originalTransactionId:)`) before deciding.
    func saveSubscription(_ subscription: StoredSubscription) async throws {
        try await sql.execute(
            SubscriptionRows.save,
            [
                SQLValue(subscription.environment), .text(subscription.originalTransactionId),
                SQLValue(subscription.customerId), .text(subscription.productId),
                SQLValue(subscription.subscriptionGroup), .text(subscription.phase), SQLValue(subscription.expiresAt),
                SQLValue(subscription.lastSignedDate), SQLValue(subscription.state), SQLValue(subscription.updatedAt),
                SQLValue(subscription.autoRenewStatus), SQLValue(subscription.autoRenewProductId),
                SQLValue(subscription.commitment?.billingPeriodNumber), SQLValue(subscription.commitment?.totalBillingPeriods),
                SQLValue(subscription.commitment?.expiresAt), SQLValue(subscription.commitment?.autoRenewStatus),
            ])
    }
}
