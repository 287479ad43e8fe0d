import AppStoreModels
import Storekeeper

enum InboxRows {
    static let columns = """
        id, app_id, version, body, received_at, status, attempts, last_error, notification_type, subtype, \
        signed_date, processed_at, environment, duplicates
        """

    static func notification(_ row: SQLRow) throws -> InboxNotification {
        InboxNotification(
            id: try row.string(0), appId: try row.string(1), version: try row.int(2), body: try row.data(3),
            receivedAt: try row.timestamp(4), status: try row.closedEnum(InboxNotification.Status.self, 5),
            attempts: try row.int(6), lastError: try row.optionalString(7), notificationType: try row.optionalString(8),
            subtype: try row.optionalString(9), signedDate: try row.optionalTimestamp(10),
            processedAt: try row.optionalTimestamp(11), environment: try row.optionalString(12), duplicates: try row.int(13))
    }

    static func binds(_ n: InboxNotification) -> [SQLValue] {
        [
            .text(n.id), .text(n.appId), SQLValue(n.version), SQLValue(n.body), SQLValue(n.receivedAt),
            .text(n.status.rawValue), SQLValue(n.attempts), SQLValue(n.lastError), SQLValue(n.notificationType),
            SQLValue(n.subtype), SQLValue(n.signedDate), SQLValue(n.processedAt), SQLValue(n.environment),
            SQLValue(n.duplicates),
        ]
    }

    static let byId = "SELECT \(columns) FROM inbox WHERE id = $1"
    static let status = "SELECT status FROM inbox WHERE id = $1"
    static let markProcessed = """
        UPDATE inbox SET status = 'processed', processed_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1
        RETURNING app_id
        """
    static let markFailed = """
        UPDATE inbox SET status = 'failed', attempts = attempts + 1, last_error = $2 WHERE id = $1 AND status <> 'processed'
        """
    static let markRejected = """
        UPDATE inbox SET status = 'rejected', attempts = attempts + 1, last_error = $2 WHERE id = $1 AND status <> 'processed'
        RETURNING app_id
        """
    /// `$1` entry, `$2` time, `$3` outcome, `$4` error: numbered after the entry's latest attempt.
    /// Run after the statement that wrote the outcome, whose row lock on the entry orders
    /// concurrent attempts (PostgreSQL) — SQLite has one writer.
    /// Answers the attempt's number.
    static let insertAttempt = """
        INSERT INTO inbox_attempts (inbox_id, number, attempted_at, outcome, error)
        SELECT $1, COALESCE(MAX(number), 0) + 1, $2, $3, $4 FROM inbox_attempts WHERE inbox_id = $1
        RETURNING number
        """
    /// ``insert`` and the entry's first attempt (``insertAttempt``) in one statement, for
    /// dialects with data-modifying `WITH`: one round trip instead of two. `$1`–`$14` the entry,
    /// `$15` time, `$16` outcome, `$17` error. Answers the attempt's number, or no row when the
    /// entry existed (then it writes nothing). The attempt's count sees the attempts table as it
    /// was before the statement, as the separate statement would.
    static let insertWithAttempt = "WITH entry AS (\(insertReturningId))\n\(insertFirstAttempt)"
    /// ``insertWithAttempt``, answering with one row: the attempt's number (null when the entry
    /// existed), and the owner of purchase (`$18`, `$19`) and the customer of the order token
    /// `$20` names, as ``TransactionRows/ownerCandidates`` reads them.
    static let insertWithAttemptReadingOwnerCandidates = """
        WITH entry AS (\(insertReturningId)),
        attempt AS (\(insertFirstAttempt))
        SELECT (SELECT number FROM attempt),
            (SELECT customer_id FROM transaction_owners WHERE environment = $18 AND original_transaction_id = $19),
            (SELECT customer_id FROM orders WHERE app_account_token = $20)
        """
    /// ``insert`` answering the new entry's id, inside the two above.
    private static let insertReturningId = insert + "\nRETURNING id"
    /// The first attempt of the entry `entry` answers, if any, inside the two above.
    private static let insertFirstAttempt = """
        INSERT INTO inbox_attempts (inbox_id, number, attempted_at, outcome, error)
        SELECT entry.id, (SELECT COALESCE(MAX(number), 0) + 1 FROM inbox_attempts WHERE inbox_id = $1), $15, $16, $17
        FROM entry
        RETURNING number
        """
    /// ``binds(_:)`` and the first attempt's (`$15`–`$17`).
    static func binds(_ notification: InboxNotification, first: InboxAttempt) -> [SQLValue] {
        binds(notification) + [SQLValue(first.at), .text(first.outcome.rawValue), SQLValue(first.error)]
    }
    /// Drops entry `$1`'s attempts numbered `$2` or lower.
    static let pruneAttempts = "DELETE FROM inbox_attempts WHERE inbox_id = $1 AND number <= $2"
    static let attempts = """
        SELECT number, attempted_at, outcome, error FROM inbox_attempts WHERE inbox_id = $1 ORDER BY number
        """
    /// `$1` limit, `$2` minimum age (ms), `$3` now, then one placeholder per app (`apps` of
    /// them, at least one). The wait doubles with each failed attempt, up to 2^12 times the
    /// minimum age; `inbox_status` narrows the scan to the unfinished entries.
    static func due(apps: Int) -> String {
        """
        SELECT \(columns) FROM inbox
        WHERE status IN ('received', 'failed')
            AND received_at + ($2 << CAST(CASE WHEN attempts > 12 THEN 12 ELSE attempts END AS INTEGER)) <= $3
            AND app_id IN (\((0..<apps).map { "$\($0 + 4)" }.joined(separator: ", ")))
        ORDER BY received_at, id LIMIT $1
        """
    }
    static let count = "SELECT COUNT(*) FROM inbox WHERE status = $1"
    static let insert = """
        INSERT INTO inbox (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
        ON CONFLICT (id) DO NOTHING
        """
    /// The body and arrival are facts of the first receipt and never change; `duplicates` is
    /// counted by its own statement.
    static let update = """
        UPDATE inbox SET app_id = $2, version = $3, status = $4, attempts = $5, last_error = $6,
            notification_type = $7, subtype = $8, signed_date = $9, processed_at = $10, environment = $11
        WHERE id = $1
        """
}

extension SQLStoreQuerying {
    func inboxNotification(id: String) async throws -> InboxNotification? {
        try await sql.queryFirst(InboxRows.byId, [.text(id)]).map(InboxRows.notification)
    }

    func inboxStatus(id: String) async throws -> InboxNotification.Status? {
        try await sql.queryFirst(InboxRows.status, [.text(id)]).map { try $0.closedEnum(InboxNotification.Status.self, 0) }
    }

    func dueInbox(
        at now: Timestamp, minimumAgeMilliseconds: Int64, appIds: [String], limit: Int
    ) async throws
        -> [InboxNotification]
    {
        guard (0...(Int64.max >> 13)).contains(minimumAgeMilliseconds) else {
            throw SQLPurchaseStoreError(.invalidArgument, "minimum age \(minimumAgeMilliseconds) ms is out of range")
        }
        let apps = Array(Set(appIds)).sorted()
        if apps.isEmpty { return [] }
        return try await sql.query(
            InboxRows.due(apps: apps.count),
            [limitValue(limit), .integer(minimumAgeMilliseconds), SQLValue(now)] + apps.map { SQLValue.text($0) }
        ).map(InboxRows.notification)
    }

    func inboxCount(status: InboxNotification.Status) async throws -> Int {
        try await sql.single(InboxRows.count, [.text(status.rawValue)]).int(0)
    }

    func inboxAttempts(id: String) async throws -> [InboxAttempt] {
        try await sql.query(InboxRows.attempts, [.text(id)]).map { row in
            InboxAttempt(
                number: try row.int(0), at: try row.timestamp(1), outcome: try row.closedEnum(InboxAttempt.Outcome.self, 2),
                error: try row.optionalString(3))
        }
    }
}

extension SQLStoreTransaction {
    /// On PostgreSQL a notification about a purchase reads that purchase's owner candidates in
    /// the same statement, for the owner reads applying it starts with (``OwnerCandidatesMemo``).
    func insertInbox(_ notification: InboxNotification) async throws -> Bool {
        guard try await insertInboxRow(notification) else { return false }
        try await appendFeed(FeedAppend.inserted(notification))
        return true
    }

    private func insertInboxRow(_ notification: InboxNotification) async throws -> Bool {
        let binds = InboxRows.binds(notification)
        guard let first = InboxAttempt.first(of: notification) else {
            return try await sql.execute(InboxRows.insert, binds) == 1
        }
        if let key = notification.purchase, sql.dialect.supportsWritingCTEs {
            return try await insertInbox(notification, first: first, readingOwnerCandidatesOf: key)
        }
        guard sql.dialect.supportsWritingCTEs else {
            guard try await sql.execute(InboxRows.insert, binds) == 1 else { return false }
            try await recordInboxAttempt(id: notification.id, at: first.at, outcome: first.outcome, error: first.error)
            return true
        }
        guard let row = try await sql.queryFirst(InboxRows.insertWithAttempt, InboxRows.binds(notification, first: first))
        else { return false }
        try await pruneInboxAttempts(id: notification.id, after: try row.int64(0))
        return true
    }

    /// The insert with its first attempt and the owner candidates of `key`, in one statement;
    /// the candidates are remembered only when it inserted (a stored notification is not applied).
    private func insertInbox(
        _ notification: InboxNotification, first: InboxAttempt, readingOwnerCandidatesOf key: OwnerCandidatesKey
    ) async throws -> Bool {
        let binds =
            InboxRows.binds(notification, first: first) + [
                SQLValue(key.purchase.environment), .text(key.purchase.originalTransactionId), SQLValue(key.appAccountToken),
            ]
        let row = try await sql.single(InboxRows.insertWithAttemptReadingOwnerCandidates, binds)
        guard let number = try row.optionalInt64(0) else { return false }
        let candidates = try TransactionRows.ownerCandidates(row, at: 1)
        try await pruneInboxAttempts(id: notification.id, after: number)
        ownerCandidatesRead.remember(candidates, of: key)
        return true
    }

    func updateInbox(_ notification: InboxNotification) async throws {
        var binds = InboxRows.binds(notification)
        binds.removeSubrange(3...4)  // body and received_at
        binds.removeLast()  // duplicates
        guard try await sql.execute(InboxRows.update, binds) == 1 else {
            throw SQLPurchaseStoreError.notFound("no inbox notification \(notification.id) to update")
        }
    }

    func markInboxProcessed(id: String, at: Timestamp) async throws {
        guard let appId = try await sql.queryFirst(InboxRows.markProcessed, [.text(id), SQLValue(at)])?.string(0) else {
            throw SQLPurchaseStoreError.notFound("no inbox notification \(id) to mark processed")
        }
        try await recordInboxAttempt(id: id, at: at, outcome: .processed, error: nil)
        try await appendFeed(FeedAppend(notificationId: id, appId: appId, step: .processed, at: at))
    }

    func markInboxFailed(id: String, error: String, at: Timestamp) async throws -> Bool {
        guard try await sql.execute(InboxRows.markFailed, [.text(id), .text(error)]) == 1 else { return false }
        try await recordInboxAttempt(id: id, at: at, outcome: .failed, error: error)
        return true
    }

    func markInboxRejected(id: String, reason: String, at: Timestamp) async throws -> Bool {
        guard let appId = try await sql.queryFirst(InboxRows.markRejected, [.text(id), .text(reason)])?.string(0) else { return false }
        try await recordInboxAttempt(id: id, at: at, outcome: .rejected, error: reason)
        try await appendFeed(FeedAppend(notificationId: id, appId: appId, step: .rejected, at: at))
        return true
    }

    /// Appends an attempt to the entry's history and drops those beyond ``InboxAttempt/retained``.
    private func recordInboxAttempt(id: String, at: Timestamp, outcome: InboxAttempt.Outcome, error: String?) async throws {
        let number = try await sql.single(InboxRows.insertAttempt, [.text(id), SQLValue(at), .text(outcome.rawValue), SQLValue(error)])
            .int64(0)
        try await pruneInboxAttempts(id: id, after: number)
    }

    /// Drops the entry's attempts beyond ``InboxAttempt/retained``, attempt `number` being its
    /// latest. Only an entry past its retained count has attempts to drop: the first attempt of a
    /// notification (nearly all of them) costs no statement here.
    private func pruneInboxAttempts(id: String, after number: Int64) async throws {
        guard number > Int64(InboxAttempt.retained) else { return }
        _ = try await sql.execute(InboxRows.pruneAttempts, [.text(id), .integer(number - Int64(InboxAttempt.retained))])
    }
}
