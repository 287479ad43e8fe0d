import AppStoreModels
import Storekeeper

/// A customer's timeline, one source at a time, each newest first through a customer index and
/// cut at a ``TimelineBound`` (the service merges the sources).
enum TimelineRows {
    /// The condition "`time` before the bound" in SQL, with the bound's binds starting at
    /// placeholder `$first`; `keys` are the source's tie-breaking columns, compared in order.
    static func condition(
        _ bound: TimelineBound?, time: String, keys: [String], numericFirstKey: Bool = false, first: Int
    ) -> (sql: String, binds: [SQLValue]) {
        guard let bound else { return ("", []) }
        let at = SQLValue(bound.at)
        switch bound.tie {
        case .all: return (" AND \(time) <= $\(first)", [at])
        case .none: return (" AND \(time) < $\(first)", [at])
        case .keysBelow(let a, let b):
            let firstKey: SQLValue = numericFirstKey ? .integer(Int64(a) ?? 0) : .text(a)
            if keys.count == 1 {
                return (
                    " AND (\(time) < $\(first) OR (\(time) = $\(first) AND \(keys[0]) < $\(first + 1)))", [at, firstKey]
                )
            }
            return (
                " AND (\(time) < $\(first) OR (\(time) = $\(first) AND (\(keys[0]) < $\(first + 1)"
                    + " OR (\(keys[0]) = $\(first + 1) AND \(keys[1]) < $\(first + 2)))))",
                [at, firstKey, .text(b)]
            )
        }
    }

    static func actorCondition(_ actors: TimelineActors) -> String {
        switch actors {
        case .all: ""
        case .operators: " AND substr(actor, 1, 9) = 'operator:'"
        case .others: " AND substr(actor, 1, 9) <> 'operator:'"
        }
    }

    /// The fact reference of a notification, `notification:<inbox id>`: its 13-character prefix.
    static let notificationFact = "substr(fact, 1, 13) = 'notification:'"
}

extension SQLStoreQuerying {
    func timelineAudit(
        customerId: CustomerID, appId: String, before: TimelineBound?, actors: TimelineActors, limit: Int
    ) async throws -> [SequencedAuditEvent] {
        let limitBind = try limitValue(limit)
        let cut = TimelineRows.condition(before, time: "created_at", keys: ["seq"], numericFirstKey: true, first: 4)
        let width = AuditRows.columns.split(separator: ",").count
        let rows = try await sql.query(
            """
            SELECT \(AuditRows.columns), seq FROM audit_events
            WHERE customer_id = $1 AND (app_id IS NULL OR app_id = $3)\(TimelineRows.actorCondition(actors))\(cut.sql)
            ORDER BY created_at DESC, seq DESC LIMIT $2
            """, [SQLValue(customerId), limitBind, .text(appId)] + cut.binds)
        return try rows.map { SequencedAuditEvent(sequence: try $0.int64(width), event: try AuditRows.event($0)) }
    }

    func timelineTransactions(customerId: CustomerID, before: TimelineBound?, limit: Int) async throws -> [StoredTransaction] {
        let limitBind = try limitValue(limit)
        let cut = TimelineRows.condition(before, time: "purchase_date", keys: ["environment", "transaction_id"], first: 3)
        return try await sql.query(
            """
            SELECT \(TransactionRows.columns) FROM transactions
            WHERE customer_id = $1\(cut.sql) \(TransactionRows.newestFirst) LIMIT $2
            """, [SQLValue(customerId), limitBind] + cut.binds
        ).map(TransactionRows.stored)
    }

    func timelineNotifications(
        customerId: CustomerID, appId: String, before: TimelineBound?, limit: Int
    ) async throws -> [InboxPageEntry] {
        let limitBind = try limitValue(limit)
        let cut = TimelineRows.condition(before, time: "received_at", keys: ["id"], first: 4)
        return try await sql.query(
            """
            SELECT \(InboxQueryRows.summaryColumns) FROM inbox
            WHERE app_id = $3 AND id IN (
                SELECT substr(fact, 14) FROM audit_events WHERE customer_id = $1 AND \(TimelineRows.notificationFact)
            )\(cut.sql)
            ORDER BY received_at DESC, id DESC LIMIT $2
            """, [SQLValue(customerId), limitBind, .text(appId)] + cut.binds
        ).map(InboxQueryRows.summary)
    }
}
