import AppStoreModels
import Foundation
import Storekeeper

enum OutboxRows {
    static let columns = """
        id, destination, kind, customer_id, payload, created_at, next_attempt_at, deadline, attempts, status, \
        last_error, delivered_at, lease_owner, lease_until
        """

    static func message(_ row: SQLRow) throws -> OutboxMessage {
        OutboxMessage(
            id: try row.uuid(0), destination: try row.string(1), kind: try row.string(2),
            customerId: try row.optionalCustomerID(3), payload: try row.data(4), createdAt: try row.timestamp(5),
            nextAttemptAt: try row.timestamp(6), deadline: try row.optionalTimestamp(7), attempts: try row.int(8),
            status: try row.closedEnum(OutboxMessage.Status.self, 9), lastError: try row.optionalString(10),
            deliveredAt: try row.optionalTimestamp(11), leaseOwner: try row.optionalString(12),
            leaseUntil: try row.optionalTimestamp(13))
    }

    static func binds(_ m: OutboxMessage) -> [SQLValue] {
        [
            SQLValue(m.id), .text(m.destination), .text(m.kind), SQLValue(m.customerId), SQLValue(m.payload),
            SQLValue(m.createdAt), SQLValue(m.nextAttemptAt), SQLValue(m.deadline), SQLValue(m.attempts),
            .text(m.status.rawValue), SQLValue(m.lastError), SQLValue(m.deliveredAt), SQLValue(m.leaseOwner),
            SQLValue(m.leaseUntil),
        ]
    }

    static let byId = "SELECT \(columns) FROM outbox WHERE id = $1"
    static let count = "SELECT COUNT(*) FROM outbox WHERE status = $1"
    static let insert = """
        INSERT INTO outbox (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
        """
    static let update = """
        UPDATE outbox SET destination = $2, kind = $3, customer_id = $4, payload = $5, created_at = $6,
            next_attempt_at = $7, deadline = $8, attempts = $9, status = $10, last_error = $11, delivered_at = $12,
            lease_owner = $13, lease_until = $14
        WHERE id = $1 AND lease_owner = $15 AND lease_until = $16
        """
    static let renew = """
        UPDATE outbox SET lease_until = $4
        WHERE id = $1 AND lease_owner = $2 AND lease_until = $3 AND status = 'pending'
        """

    /// `$1` owner, `$2` lease end, `$3` now, `$4` limit, then one placeholder per destination
    /// (`destinations` of them; none: every destination). `due` is the claimable set.
    ///
    /// PostgreSQL (`skipLocked`): rows another instance is claiming are skipped, not waited for; a
    /// row claimed and committed meanwhile is re-checked (its lease is now live) and left out.
    /// SQLite: the single writer makes the one statement atomic.
    static func claim(skipLocked: Bool, destinations: Int) -> String {
        let filter =
            destinations == 0
            ? "" : " AND destination IN (" + (0..<destinations).map { "$\($0 + 5)" }.joined(separator: ", ") + ")"
        return """
            UPDATE outbox SET lease_owner = $1, lease_until = $2
            WHERE id IN (
                SELECT id FROM outbox
                WHERE status = 'pending' AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)\(filter)
                ORDER BY next_attempt_at, id
                LIMIT $4\(skipLocked ? " FOR UPDATE SKIP LOCKED" : "")
            )
            RETURNING \(columns)
            """
    }
}

extension SQLStoreQuerying {
    func outboxMessage(id: UUID) async throws -> OutboxMessage? {
        try await sql.queryFirst(OutboxRows.byId, [SQLValue(id)]).map(OutboxRows.message)
    }

    func outboxCount(status: OutboxMessage.Status) async throws -> Int {
        try await sql.single(OutboxRows.count, [.text(status.rawValue)]).int(0)
    }
}

extension SQLStoreTransaction {
    /// A second message with the same ID fails with ``SQLError/Code/uniqueViolation``.
    func enqueueOutbox(_ message: OutboxMessage) async throws {
        try await sql.execute(OutboxRows.insert, OutboxRows.binds(message))
    }

    func updateOutbox(_ message: OutboxMessage, claimedBy owner: String, leaseUntil: Timestamp) async throws -> Bool {
        try await sql.execute(OutboxRows.update, OutboxRows.binds(message) + [.text(owner), SQLValue(leaseUntil)]) == 1
    }

    func renewOutboxLease(id: UUID, owner: String, leaseUntil: Timestamp, newLeaseUntil: Timestamp) async throws -> Bool {
        try await sql.execute(OutboxRows.renew, [SQLValue(id), .text(owner), SQLValue(leaseUntil), SQLValue(newLeaseUntil)]) == 1
    }

    /// `lease` is the claim's length in milliseconds: the messages are leased to `owner` until
    /// `now + lease` and returned oldest due first.
    func claimOutbox(
        now: Timestamp, lease: Int64, owner: String, limit: Int, destinations: [String]?
    ) async throws -> [OutboxMessage] {
        guard lease > 0 else { throw SQLPurchaseStoreError(.invalidArgument, "lease \(lease) ms is not positive") }
        let names = destinations.map { Array(Set($0)).sorted() }
        if names?.isEmpty == true { return [] }
        let statement = OutboxRows.claim(skipLocked: sql.dialect.supportsSkipLocked, destinations: names?.count ?? 0)
        let rows = try await sql.query(
            statement,
            [.text(owner), SQLValue(now.adding(milliseconds: lease)), SQLValue(now), limitValue(limit)]
                + (names ?? []).map { SQLValue.text($0) })
        return try rows.map(OutboxRows.message).sorted {
            ($0.nextAttemptAt, $0.id.lowercasedString) < ($1.nextAttemptAt, $1.id.lowercasedString)
        }
    }
}
