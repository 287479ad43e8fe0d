import AppStoreModels
import Storekeeper

/// The CONSUMPTION_REQUESTs left unanswered (`ConsumptionRefusalStore`, migration 18).
enum ConsumptionRefusalRows {
    static let columns = """
        app_id, notification, environment, transaction_id, id, customer_id, requested_at, deadline, created_at, reason
        """
    static let insert = """
        INSERT INTO consumption_refusals (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
        ON CONFLICT (app_id, notification, environment, transaction_id) DO NOTHING
        """
    /// Newest first, strictly older than the cursor (`$2` time, `$3` id), as `outbox_by_destination` pages.
    static let page = """
        SELECT \(columns) FROM consumption_refusals
        WHERE app_id = $1 AND (created_at < $2 OR (created_at = $2 AND id < $3))
        ORDER BY created_at DESC, id DESC LIMIT $4
        """

    static func refusal(_ row: SQLRow) throws -> ConsumptionRefusal {
        ConsumptionRefusal(
            appId: try row.string(0), notification: try row.string(1), environment: AppStoreEnvironment(rawValue: try row.string(2)),
            transactionId: try row.string(3), id: try row.uuid(4), customerId: try row.optionalCustomerID(5),
            requestedAt: try row.timestamp(6), deadline: try row.timestamp(7), createdAt: try row.timestamp(8),
            reason: try row.string(9))
    }
}

extension SQLStoreQuerying {
    func consumptionRefusals(appId: String, before: OutboxCursor?, limit: Int) async throws -> [ConsumptionRefusal] {
        try await sql.query(
            ConsumptionRefusalRows.page,
            [
                .text(appId), SQLValue(before?.createdAt ?? Timestamp(millisecondsSince1970: .max)),
                before.map { SQLValue($0.id) } ?? .text(""), limitValue(limit),
            ]
        ).map(ConsumptionRefusalRows.refusal)
    }
}

extension SQLStoreTransaction {
    func recordConsumptionRefusal(_ refusal: ConsumptionRefusal) async throws -> Bool {
        try await sql.execute(
            ConsumptionRefusalRows.insert,
            [
                .text(refusal.appId), .text(refusal.notification), .text(refusal.environment.rawValue), .text(refusal.transactionId),
                SQLValue(refusal.id), SQLValue(refusal.customerId), SQLValue(refusal.requestedAt), SQLValue(refusal.deadline),
                SQLValue(refusal.createdAt), .text(refusal.reason),
            ]) == 1
    }
}
