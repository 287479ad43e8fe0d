import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// The figures' tables in memory (`SQLStore+Figures`): rollup buckets (not spread over slots:
/// sums are the same), refunds by transaction.
struct MemoryFigures: Sendable {
    /// (app, bucket) → sum of the moves added.
    var buckets: [String: [FigureKey: Int64]] = [:]
    var refunds: [MemoryKey: RefundRecord] = [:]
}

extension MemoryStoreState {
    func figureTotals(appId: String, environment: AppStoreEnvironment, days: ClosedRange<FigureDay>) throws -> [FigureTotal] {
        try MemoryText.refuseNUL(appId, environment.rawValue)
        return (figures.buckets[appId] ?? [:]).compactMap { key, value in
            guard key.environment == environment, days.contains(key.day) else { return nil }
            return FigureTotal(day: key.day, metric: key.metric, productId: key.productId, dimension: key.dimension, value: value)
        }
    }

    func activeLevels(appId: String, environment: AppStoreEnvironment, before day: FigureDay) throws -> [FigureTotal] {
        try MemoryText.refuseNUL(appId, environment.rawValue)
        var levels: [String: [String: Int64]] = [:]
        for (key, value) in figures.buckets[appId] ?? [:] where key.environment == environment && key.metric == .active && key.day < day {
            levels[key.productId, default: [:]][key.dimension, default: 0] += value
        }
        return levels.flatMap { product, phases in
            phases.map { FigureTotal(day: day.adding(days: -1), metric: .active, productId: product, dimension: $0.key, value: $0.value) }
        }
    }

    /// `revoked_at DESC, environment DESC, transaction_id DESC`, strictly before the cursor.
    func refunds(appId: String, revokedIn: Range<Timestamp>?, before: RefundCursor?, limit: Int) throws -> [RefundRecord] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(appId, before?.transactionId, before?.environment.rawValue)
        func precedes(_ a: RefundRecord, _ b: RefundCursor) -> Bool {
            if a.revokedAt != b.revokedAt { return a.revokedAt < b.revokedAt }
            if a.environment != b.environment { return MemoryText.precedes(a.environment.rawValue, b.environment.rawValue) }
            return MemoryText.precedes(a.transactionId, b.transactionId)
        }
        let rows = figures.refunds.values.filter { record in
            record.appId == appId && (revokedIn?.contains(record.revokedAt) ?? true) && (before.map { precedes(record, $0) } ?? true)
        }.sorted { a, b in precedes(b, RefundCursor(a)) }
        return try Self.limited(rows, limit)
    }

    /// `created_at DESC, id DESC`.
    func outboxMessages(destination: String, before: OutboxCursor?, limit: Int) throws -> [OutboxMessage] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(destination)
        let rows = outbox.values.filter { $0.destination == destination }
        return try Self.newestFirst(rows, before: before, limit: limit) { OutboxCursor($0) }
    }

    /// `rows` in `(created_at, id)` descending order (the order of the indexes they are read
    /// through), strictly older than `before`, at most `limit`.
    static func newestFirst<Row>(
        _ rows: some Sequence<Row>, before: OutboxCursor?, limit: Int, position: (Row) -> OutboxCursor
    ) throws -> [Row] {
        func precedes(_ a: OutboxCursor, _ b: OutboxCursor) -> Bool {
            a.createdAt != b.createdAt ? a.createdAt < b.createdAt : MemoryText.precedes(MemoryText.text(a.id), MemoryText.text(b.id))
        }
        let older = rows.filter { row in before.map { precedes(position(row), $0) } ?? true }
        return try limited(older.sorted { precedes(position($1), position($0)) }, limit)
    }

    func operationsFigures(appId: String, since: Timestamp, now: Timestamp) throws -> OperationsFigures {
        try MemoryText.refuseNUL(appId)
        var figures = OperationsFigures()
        let entries = inbox.values.filter { $0.appId == appId }
        let waiting = entries.filter { $0.status == .received || $0.status == .failed }
        figures.inboxReceived = waiting.count { $0.status == .received }
        figures.inboxFailed = waiting.count { $0.status == .failed }
        figures.oldestWaitingReceivedAt = waiting.map(\.receivedAt).min()
        figures.inboxRejectedSince = entries.count { $0.status == .rejected && $0.receivedAt >= since }
        let processed = entries.filter { $0.status == .processed && $0.receivedAt >= since }
        figures.processedSince = processed.count
        figures.lastProcessedAt = processed.compactMap(\.processedAt).max()
        let delivery = processed.compactMap { entry in
            entry.signedDate.map { entry.receivedAt.millisecondsSince1970 - $0.millisecondsSince1970 }
        }
        let processing = processed.compactMap { entry in
            entry.processedAt.map { $0.millisecondsSince1970 - entry.receivedAt.millisecondsSince1970 }
        }
        figures.averageDeliveryDelay = Self.average(delivery)
        figures.maximumDeliveryDelay = delivery.max()
        figures.averageProcessingDelay = Self.average(processing)
        figures.maximumProcessingDelay = processing.max()
        let prefix = OperationsFigures.outboxDestinationPrefix(appId: appId)
        let apple = OperationsFigures.appleDestination(appId: appId)
        let messages = outbox.values.filter { $0.destination.hasPrefix(prefix) || $0.destination == apple }
        let pending = messages.filter { $0.status == .pending }
        figures.outboxPending = pending.count
        figures.oldestOutboxPendingAt = pending.map(\.createdAt).min()
        figures.outboxFailedSince = messages.count { $0.status == .failed && $0.nextAttemptAt >= since }
        figures.appleOutboxPending = pending.count { $0.destination == apple }
        figures.appleOutboxFailedSince = messages.count { $0.destination == apple && $0.status == .failed && $0.nextAttemptAt >= since }
        return figures
    }

    /// SQL's `CAST(AVG(x) AS BIGINT)`: truncated toward zero; nil over no rows.
    private static func average(_ values: [Int64]) -> Int64? {
        values.isEmpty ? nil : Int64((Double(values.reduce(0, +)) / Double(values.count)).rounded(.towardZero))
    }

    /// `environment, original_transaction_id` after the given key.
    func subscriptionsPage(after: PurchaseLock?, limit: Int) throws -> [StoredSubscription] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(after?.environment.rawValue, after?.originalTransactionId)
        let rows = subscriptions.values.filter { row in
            guard let after else { return true }
            return Self.ordered(
                (after.environment.rawValue, after.originalTransactionId), (row.environment.rawValue, row.originalTransactionId),
                by: [{ Self.compareText($0.0, $1.0) }, { Self.compareText($0.1, $1.1) }])
        }.sorted {
            Self.ordered(
                $0, $1,
                by: [
                    { Self.compareText($0.environment.rawValue, $1.environment.rawValue) },
                    { Self.compareText($0.originalTransactionId, $1.originalTransactionId) },
                ])
        }
        return try Self.limited(rows, limit)
    }

    /// `environment, transaction_id` after the given key.
    func transactionsPage(after: (environment: AppStoreEnvironment, transactionId: String)?, limit: Int) throws -> [StoredTransaction] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(after?.environment.rawValue, after?.transactionId)
        let rows = transactions.values.filter { row in
            guard let after else { return true }
            return Self.ordered(
                (after.environment.rawValue, after.transactionId), (row.transaction.environment.rawValue, row.transaction.transactionId),
                by: [{ Self.compareText($0.0, $1.0) }, { Self.compareText($0.1, $1.1) }])
        }.sorted {
            Self.ordered(
                $0, $1,
                by: [
                    { Self.compareText($0.transaction.environment.rawValue, $1.transaction.environment.rawValue) },
                    { Self.compareText($0.transaction.transactionId, $1.transaction.transactionId) },
                ])
        }
        return try Self.limited(rows, limit)
    }

    mutating func clearFigures(appId: String) throws {
        try MemoryText.refuseNUL(appId)
        figures.buckets[appId] = nil
        analytics.buckets[appId] = nil
        figures.refunds = figures.refunds.filter { $0.value.appId != appId }
    }

    mutating func addFigures(appId: String, _ moves: FigureMoves, spreadKey: String) throws {
        try MemoryText.refuseNUL(appId, spreadKey)
        for (key, amount) in moves.sorted {
            try MemoryText.refuseNUL(key.environment.rawValue, key.metric.rawValue, key.productId, key.dimension)
            figures.buckets[appId, default: [:]][key, default: 0] += amount
        }
    }

    mutating func saveRefund(_ record: RefundRecord) throws {
        try MemoryText.refuseNUL(
            record.appId, record.environment.rawValue, record.transactionId, record.originalTransactionId, record.productId,
            record.productType?.rawValue, record.currency)
        figures.refunds[MemoryKey(record.environment, record.transactionId)] = record
    }

    mutating func removeRefund(environment: AppStoreEnvironment, transactionId: String) throws {
        try MemoryText.refuseNUL(environment.rawValue, transactionId)
        figures.refunds[MemoryKey(environment, transactionId)] = nil
    }
}

extension MemoryStoreQuerying {
    func figureTotals(appId: String, environment: AppStoreEnvironment, days: ClosedRange<FigureDay>) async throws -> [FigureTotal] {
        try handle.reading { try $0.figureTotals(appId: appId, environment: environment, days: days) }
    }

    func activeLevels(appId: String, environment: AppStoreEnvironment, before day: FigureDay) async throws -> [FigureTotal] {
        try handle.reading { try $0.activeLevels(appId: appId, environment: environment, before: day) }
    }

    func refunds(appId: String, revokedIn: Range<Timestamp>?, before: RefundCursor?, limit: Int) async throws -> [RefundRecord] {
        try handle.reading { try $0.refunds(appId: appId, revokedIn: revokedIn, before: before, limit: limit) }
    }

    func outboxMessages(destination: String, before: OutboxCursor?, limit: Int) async throws -> [OutboxMessage] {
        try handle.reading { try $0.outboxMessages(destination: destination, before: before, limit: limit) }
    }

    func operationsFigures(appId: String, since: Timestamp, now: Timestamp) async throws -> OperationsFigures {
        try handle.reading { try $0.operationsFigures(appId: appId, since: since, now: now) }
    }
}

extension MemoryStoreQuerying {
    func subscriptionsPage(after: PurchaseLock?, limit: Int) async throws -> [StoredSubscription] {
        try handle.reading { try $0.subscriptionsPage(after: after, limit: limit) }
    }

    func transactionsPage(
        after: (environment: AppStoreEnvironment, transactionId: String)?, limit: Int
    ) async throws -> [StoredTransaction] {
        try handle.reading { try $0.transactionsPage(after: after, limit: limit) }
    }
}

extension MemoryStoreTransaction {
    func clearFigures(appId: String) async throws { try handle.writing { try $0.clearFigures(appId: appId) } }

    func addFigures(appId: String, _ moves: FigureMoves, spreadKey: String) async throws {
        try handle.writing { try $0.addFigures(appId: appId, moves, spreadKey: spreadKey) }
    }

    /// Buckets here are never spread over slots: nothing to fold.
    func foldFigureSlots(before day: FigureDay, limit: Int) async throws -> Int {
        try PurchaseStoreError.checkLimit(limit)
        return 0
    }

    func saveRefund(_ record: RefundRecord) async throws { try handle.writing { try $0.saveRefund(record) } }

    func removeRefund(environment: AppStoreEnvironment, transactionId: String) async throws {
        try handle.writing { try $0.removeRefund(environment: environment, transactionId: transactionId) }
    }
}
