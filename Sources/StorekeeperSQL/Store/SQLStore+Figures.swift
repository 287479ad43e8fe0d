import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// The statements of the figures (``FiguresStoreReader``): rollups, refunds and backlogs.
enum FigureRows {
    /// How many rows a bucket is spread over (see ``StoreSchema/figures``).
    static let slots: UInt32 = 4

    /// The slot `key` writes to: FNV-1a of its bytes (stable across processes, unlike `Hasher`).
    static func slot(_ key: String) -> Int64 {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int64(hash % slots)
    }

    /// Rows per upsert statement (few distinct statement texts, bounded bind counts).
    static let batch = 32

    static let addDays = RowCountStatements(upTo: batch) { rows in
        let values = (0..<rows).map { row in
            "(" + (1...8).map { "$\(row * 8 + $0)" }.joined(separator: ", ") + ")"
        }
        return """
            INSERT INTO figure_days (app_id, environment, day, metric, product_id, dimension, slot, value)
            VALUES \(values.joined(separator: ", "))
            ON CONFLICT (app_id, environment, day, metric, product_id, dimension, slot)
            DO UPDATE SET value = figure_days.value + excluded.value
            """
    }

    static let addMonths = RowCountStatements(upTo: batch) { rows in
        let values = (0..<rows).map { row in
            "(" + (1...7).map { "$\(row * 7 + $0)" }.joined(separator: ", ") + ")"
        }
        return """
            INSERT INTO figure_months (app_id, environment, month, product_id, phase, slot, value)
            VALUES \(values.joined(separator: ", "))
            ON CONFLICT (app_id, environment, month, product_id, phase, slot)
            DO UPDATE SET value = figure_months.value + excluded.value
            """
    }

    /// A range's rows in the primary key's order, so a bucket's slots come one after another and
    /// ``SQLStoreQuerying/figureTotals(appId:environment:days:)`` adds them up as it reads. (SQL's
    /// `GROUP BY` over the same rows cost SQLite five times the range read itself.)
    static let totals = """
        SELECT day, metric, product_id, dimension, value FROM figure_days
        WHERE app_id = $1 AND environment = $2 AND day >= $3 AND day <= $4
        ORDER BY day, metric, product_id, dimension
        """

    /// Active levels before `$4`: every month before `$3` (the month of `$4`), then the days of
    /// that month before `$4`.
    static let levels = """
        SELECT product_id, phase, CAST(SUM(value) AS BIGINT) FROM (
            SELECT product_id, phase, value FROM figure_months
            WHERE app_id = $1 AND environment = $2 AND month < $3
            UNION ALL
            SELECT product_id, dimension AS phase, value FROM figure_days
            WHERE app_id = $1 AND environment = $2 AND day >= $3 AND day < $4 AND metric = 'active'
        ) moves
        GROUP BY product_id, phase
        """

    static let refundColumns = """
        environment, transaction_id, app_id, original_transaction_id, customer_id, product_id, product_type, kind, reason, \
        revoked_at, purchase_date, price, currency, quantity
        """

    static func refund(_ row: SQLRow) throws -> RefundRecord {
        RefundRecord(
            appId: try row.string(2), environment: AppStoreEnvironment(rawValue: try row.string(0)), transactionId: try row.string(1),
            originalTransactionId: try row.string(3), customerId: try row.customerID(4), productId: try row.string(5),
            productType: try row.optionalString(6).map(ProductType.init(rawValue:)),
            kind: try row.closedEnum(RefundRecord.Kind.self, 7),
            reason: try row.optionalInt32(8).map(RevocationReason.init(rawValue:)), revokedAt: try row.timestamp(9),
            purchaseDate: try row.timestamp(10), price: try row.optionalInt64(11), currency: try row.optionalString(12),
            quantity: try row.int(13))
    }

    static let saveRefund = """
        INSERT INTO figure_refunds (\(refundColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
        ON CONFLICT (environment, transaction_id) DO UPDATE SET
            app_id = excluded.app_id, original_transaction_id = excluded.original_transaction_id,
            customer_id = excluded.customer_id, product_id = excluded.product_id, product_type = excluded.product_type,
            kind = excluded.kind, reason = excluded.reason, revoked_at = excluded.revoked_at,
            purchase_date = excluded.purchase_date, price = excluded.price, currency = excluded.currency,
            quantity = excluded.quantity
        """
    static let removeRefund = "DELETE FROM figure_refunds WHERE environment = $1 AND transaction_id = $2"

    /// Newest first within `[$2, $3)`, strictly before the cursor `($4, $5, $6)` (the cursor
    /// compared column by column: PostgreSQL and SQLite both order row values, but spelled out it
    /// uses the index on both).
    static let refunds = """
        SELECT \(refundColumns) FROM figure_refunds
        WHERE app_id = $1 AND revoked_at >= $2 AND revoked_at < $3
            AND (revoked_at < $4 OR (revoked_at = $4 AND (environment < $5 OR (environment = $5 AND transaction_id < $6))))
        ORDER BY revoked_at DESC, environment DESC, transaction_id DESC
        LIMIT $7
        """

    static let outboxByDestination = """
        SELECT \(OutboxRows.columns) FROM outbox
        WHERE destination = $1 AND (created_at < $2 OR (created_at = $2 AND id < $3))
        ORDER BY created_at DESC, id DESC LIMIT $4
        """

    static let inboxWaiting = """
        SELECT COUNT(*), MIN(received_at) FROM inbox WHERE app_id = $1 AND status = $2
        """
    static let inboxSince = "SELECT COUNT(*) FROM inbox WHERE app_id = $1 AND status = $2 AND received_at >= $3"
    static let processedSince = """
        SELECT COUNT(*), MAX(processed_at),
            CAST(AVG(received_at - signed_date) AS BIGINT), MAX(received_at - signed_date),
            CAST(AVG(processed_at - received_at) AS BIGINT), MAX(processed_at - received_at)
        FROM inbox WHERE app_id = $1 AND status = 'processed' AND received_at >= $2
        """
    /// The app's pending messages: its webhooks (destinations starting with `$1`) and Apple's (`$2`).
    static let outboxPending = """
        SELECT COUNT(*), MIN(created_at) FROM outbox
        WHERE status = 'pending' AND (substr(destination, 1, length($1)) = $1 OR destination = $2)
        """
    static let outboxFailedSince = """
        SELECT COUNT(*) FROM outbox
        WHERE status = 'failed' AND next_attempt_at >= $3 AND (substr(destination, 1, length($1)) = $1 OR destination = $2)
        """
    static let subscriptionsPage = """
        SELECT \(SubscriptionRows.columns) FROM subscriptions
        WHERE environment > $1 OR (environment = $1 AND original_transaction_id > $2)
        ORDER BY environment, original_transaction_id LIMIT $3
        """
    static let transactionsPage = """
        SELECT \(TransactionRows.columns) FROM transactions
        WHERE environment > $1 OR (environment = $1 AND transaction_id > $2)
        ORDER BY environment, transaction_id LIMIT $3
        """
    static let clear = [
        "DELETE FROM figure_days WHERE app_id = $1", "DELETE FROM figure_months WHERE app_id = $1",
        "DELETE FROM figure_refunds WHERE app_id = $1",
    ]

    /// Days before `$1` that still hold spread rows, oldest first, at most `$2`.
    static let unfoldedDays = """
        SELECT DISTINCT app_id, environment, day FROM figure_days WHERE day < $1 AND slot <> 0
        ORDER BY day, app_id, environment LIMIT $2
        """
    /// One day's spread rows moved into slot 0 in one statement (PostgreSQL): exactly the rows
    /// deleted are added, so a writer committing meanwhile loses nothing.
    static let foldDayMoving = """
        WITH moved AS (
            DELETE FROM figure_days WHERE app_id = $1 AND environment = $2 AND day = $3 AND slot <> 0
            RETURNING metric, product_id, dimension, value
        )
        INSERT INTO figure_days (app_id, environment, day, metric, product_id, dimension, slot, value)
        SELECT $1, $2, $3, metric, product_id, dimension, 0, SUM(value) FROM moved
        GROUP BY metric, product_id, dimension
        ON CONFLICT (app_id, environment, day, metric, product_id, dimension, slot)
        DO UPDATE SET value = figure_days.value + excluded.value
        """
    /// The same in two statements, for the single writer (SQLite): the sums into slot 0, then the
    /// spread rows removed, in the fold's transaction.
    static let foldDaySumming = """
        INSERT INTO figure_days (app_id, environment, day, metric, product_id, dimension, slot, value)
        SELECT app_id, environment, day, metric, product_id, dimension, 0, SUM(value) FROM figure_days
        WHERE app_id = $1 AND environment = $2 AND day = $3 AND slot <> 0
        GROUP BY app_id, environment, day, metric, product_id, dimension
        ON CONFLICT (app_id, environment, day, metric, product_id, dimension, slot)
        DO UPDATE SET value = figure_days.value + excluded.value
        """
    static let foldDayRemoving = "DELETE FROM figure_days WHERE app_id = $1 AND environment = $2 AND day = $3 AND slot <> 0"

    static let applePending = "SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND destination = $1"
    static let appleFailedSince = "SELECT COUNT(*) FROM outbox WHERE status = 'failed' AND next_attempt_at >= $2 AND destination = $1"
}

extension SQLStoreQuerying {
    func figureTotals(appId: String, environment: AppStoreEnvironment, days: ClosedRange<FigureDay>) async throws -> [FigureTotal] {
        let rows = try await sql.query(
            FigureRows.totals,
            [.text(appId), SQLValue(environment), SQLValue(days.lowerBound.daysSince1970), SQLValue(days.upperBound.daysSince1970)])
        var totals: [FigureTotal] = []
        totals.reserveCapacity(rows.count)
        for row in rows {
            let total = FigureTotal(
                day: FigureDay(daysSince1970: try row.int(0)), metric: FigureMetric(rawValue: try row.string(1)),
                productId: try row.string(2), dimension: try row.string(3), value: try row.int64(4))
            if let last = totals.last, last.day == total.day, last.metric == total.metric, last.productId == total.productId,
                last.dimension == total.dimension
            {
                // Another slot of the same bucket (a day not folded yet).
                totals[totals.count - 1].value += total.value
            } else {
                totals.append(total)
            }
        }
        return totals
    }

    func activeLevels(appId: String, environment: AppStoreEnvironment, before day: FigureDay) async throws -> [FigureTotal] {
        let rows = try await sql.query(
            FigureRows.levels,
            [.text(appId), SQLValue(environment), SQLValue(day.monthStart.daysSince1970), SQLValue(day.daysSince1970)])
        return try rows.map { row in
            FigureTotal(
                day: day.adding(days: -1), metric: .active, productId: try row.string(0), dimension: try row.string(1),
                value: try row.int64(2))
        }
    }

    func refunds(appId: String, revokedIn: Range<Timestamp>?, before: RefundCursor?, limit: Int) async throws -> [RefundRecord] {
        let range = revokedIn ?? Timestamp(millisecondsSince1970: .min)..<Timestamp(millisecondsSince1970: .max)
        let cursor =
            before
            ?? RefundCursor(
                revokedAt: Timestamp(millisecondsSince1970: .max), environment: AppStoreEnvironment(rawValue: ""), transactionId: "")
        return try await sql.query(
            FigureRows.refunds,
            [
                .text(appId), SQLValue(range.lowerBound), SQLValue(range.upperBound), SQLValue(cursor.revokedAt),
                SQLValue(cursor.environment), .text(cursor.transactionId), limitValue(limit),
            ]
        ).map(FigureRows.refund)
    }

    func outboxMessages(destination: String, before: OutboxCursor?, limit: Int) async throws -> [OutboxMessage] {
        try await sql.query(
            FigureRows.outboxByDestination,
            [
                .text(destination), SQLValue(before?.createdAt ?? Timestamp(millisecondsSince1970: .max)),
                before.map { SQLValue($0.id) } ?? .text(""), limitValue(limit),
            ]
        ).map(OutboxRows.message)
    }

    func operationsFigures(appId: String, since: Timestamp, now: Timestamp) async throws -> OperationsFigures {
        var figures = OperationsFigures()
        let received = try await sql.single(FigureRows.inboxWaiting, [.text(appId), .text(InboxNotification.Status.received.rawValue)])
        let failed = try await sql.single(FigureRows.inboxWaiting, [.text(appId), .text(InboxNotification.Status.failed.rawValue)])
        figures.inboxReceived = try received.int(0)
        figures.inboxFailed = try failed.int(0)
        figures.oldestWaitingReceivedAt = [try received.optionalTimestamp(1), try failed.optionalTimestamp(1)].compactMap { $0 }.min()
        figures.inboxRejectedSince = try await sql.single(
            FigureRows.inboxSince, [.text(appId), .text(InboxNotification.Status.rejected.rawValue), SQLValue(since)]
        ).int(0)
        let processed = try await sql.single(FigureRows.processedSince, [.text(appId), SQLValue(since)])
        figures.processedSince = try processed.int(0)
        figures.lastProcessedAt = try processed.optionalTimestamp(1)
        figures.averageDeliveryDelay = try processed.optionalInt64(2)
        figures.maximumDeliveryDelay = try processed.optionalInt64(3)
        figures.averageProcessingDelay = try processed.optionalInt64(4)
        figures.maximumProcessingDelay = try processed.optionalInt64(5)
        let prefix = OperationsFigures.outboxDestinationPrefix(appId: appId)
        let apple = OperationsFigures.appleDestination(appId: appId)
        let pending = try await sql.single(FigureRows.outboxPending, [.text(prefix), .text(apple)])
        figures.outboxPending = try pending.int(0)
        figures.oldestOutboxPendingAt = try pending.optionalTimestamp(1)
        figures.outboxFailedSince = try await sql.single(FigureRows.outboxFailedSince, [.text(prefix), .text(apple), SQLValue(since)]).int(
            0)
        figures.appleOutboxPending = try await sql.single(FigureRows.applePending, [.text(apple)]).int(0)
        figures.appleOutboxFailedSince = try await sql.single(FigureRows.appleFailedSince, [.text(apple), SQLValue(since)]).int(0)
        return figures
    }
}

extension SQLStoreQuerying {
    func subscriptionsPage(after: PurchaseLock?, limit: Int) async throws -> [StoredSubscription] {
        try await sql.query(
            FigureRows.subscriptionsPage,
            [.text(after?.environment.rawValue ?? ""), .text(after?.originalTransactionId ?? ""), limitValue(limit)]
        ).map(SubscriptionRows.subscription)
    }

    func transactionsPage(
        after: (environment: AppStoreEnvironment, transactionId: String)?, limit: Int
    ) async throws -> [StoredTransaction] {
        try await sql.query(
            FigureRows.transactionsPage, [.text(after?.environment.rawValue ?? ""), .text(after?.transactionId ?? ""), limitValue(limit)]
        ).map(TransactionRows.stored)
    }
}

extension SQLStoreTransaction {
    func clearFigures(appId: String) async throws {
        for statement in FigureRows.clear + AnalyticsRows.clear { try await sql.execute(statement, [.text(appId)]) }
    }

    func foldFigureSlots(before day: FigureDay, limit: Int) async throws -> Int {
        let days = try await sql.query(FigureRows.unfoldedDays, [SQLValue(day.daysSince1970), limitValue(limit)])
        for row in days {
            let binds: [SQLValue] = [.text(try row.string(0)), .text(try row.string(1)), .integer(try row.int64(2))]
            if sql.dialect.supportsWritingCTEs {
                try await sql.execute(FigureRows.foldDayMoving, binds)
            } else {
                try await sql.execute(FigureRows.foldDaySumming, binds)
                try await sql.execute(FigureRows.foldDayRemoving, binds)
            }
        }
        return days.count
    }

    /// Deferred (``SQLTransaction/deferWrite(_:_:)``): counters nothing reads back at once.
    func addFigures(appId: String, _ moves: FigureMoves, spreadKey: String) async throws {
        guard !moves.isEmpty else { return }
        let slot = SQLValue.integer(FigureRows.slot(spreadKey))
        let sorted = moves.sorted
        for chunk in stride(from: 0, to: sorted.count, by: FigureRows.batch).map({ sorted[$0..<min($0 + FigureRows.batch, sorted.count)] })
        {
            var binds: [SQLValue] = []
            for (key, amount) in chunk {
                binds += [
                    .text(appId), SQLValue(key.environment), SQLValue(key.day.daysSince1970), .text(key.metric.rawValue),
                    .text(key.productId), .text(key.dimension), slot, .integer(amount),
                ]
            }
            try await sql.deferWrite(FigureRows.addDays[chunk.count], binds)
        }
        // The monthly sums of the active moves, netted per month first.
        var months = FigureMoves()
        for (key, amount) in sorted where key.metric == .active {
            var month = key
            month.day = key.day.monthStart
            months.add(amount, to: month)
        }
        let monthly = months.sorted
        for chunk in stride(from: 0, to: monthly.count, by: FigureRows.batch).map({
            monthly[$0..<min($0 + FigureRows.batch, monthly.count)]
        }) {
            var binds: [SQLValue] = []
            for (key, amount) in chunk {
                binds += [
                    .text(appId), SQLValue(key.environment), SQLValue(key.day.daysSince1970), .text(key.productId),
                    .text(key.dimension), slot, .integer(amount),
                ]
            }
            try await sql.deferWrite(FigureRows.addMonths[chunk.count], binds)
        }
    }

    func saveRefund(_ record: RefundRecord) async throws {
        try await sql.execute(
            FigureRows.saveRefund,
            [
                SQLValue(record.environment), .text(record.transactionId), .text(record.appId), .text(record.originalTransactionId),
                SQLValue(record.customerId), .text(record.productId), SQLValue(record.productType?.rawValue), .text(record.kind.rawValue),
                SQLValue(record.reason.map { Int64($0.rawValue) }), SQLValue(record.revokedAt), SQLValue(record.purchaseDate),
                SQLValue(record.price), SQLValue(record.currency), SQLValue(record.quantity),
            ])
    }

    func removeRefund(environment: AppStoreEnvironment, transactionId: String) async throws {
        try await sql.execute(FigureRows.removeRefund, [SQLValue(environment), .text(transactionId)])
    }
}
