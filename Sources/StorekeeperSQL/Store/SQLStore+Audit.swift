import AppStoreModels
import Foundation
import Storekeeper

enum AuditRows {
    static let columns = "id, customer_id, kind, actor, subject, fact, details, created_at, app_id, reason"

    static func event(_ row: SQLRow) throws -> AuditEvent {
        AuditEvent(
            id: try row.uuid(0), customerId: try row.optionalCustomerID(1), kind: try row.string(2),
            actor: AuditActor(rawValue: try row.string(3)), subject: try row.optionalString(4),
            fact: try row.optionalString(5), details: try row.json([String: String].self, 6),
            appId: try row.optionalString(8), reason: try row.optionalString(9), createdAt: try row.timestamp(7))
    }

    static let insert = """
        INSERT INTO audit_events (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
        ON CONFLICT (id) DO NOTHING
        """
    static let byCustomer = """
        SELECT \(columns) FROM audit_events WHERE customer_id = $1 ORDER BY created_at DESC, seq DESC LIMIT $2
        """
    static let bySubject = """
        SELECT \(columns) FROM audit_events WHERE subject = $1 ORDER BY created_at, seq
        """
    /// The app's log, newest first; `$2`/`$3` filter by actor and kind when not null, `$4`
    /// continues after that event when not null. (Casts: PostgreSQL cannot type a bare NULL.)
    static let byApp = """
        SELECT \(columns) FROM audit_events
        WHERE app_id = $1
          AND (CAST($2 AS TEXT) IS NULL OR actor = CAST($2 AS TEXT))
          AND (CAST($3 AS TEXT) IS NULL OR kind = CAST($3 AS TEXT))
          AND (CAST($4 AS TEXT) IS NULL
               OR (created_at, seq) < (SELECT created_at, seq FROM audit_events WHERE id = CAST($4 AS TEXT)))
        ORDER BY created_at DESC, seq DESC LIMIT $5
        """
}

extension SQLStoreQuerying {
    func auditEvents(customerId: CustomerID, limit: Int) async throws -> [AuditEvent] {
        try await sql.query(AuditRows.byCustomer, [SQLValue(customerId), limitValue(limit)]).map(AuditRows.event)
    }

    func auditEvents(appId: String, actor: AuditActor?, kind: String?, before: UUID?, limit: Int) async throws -> [AuditEvent] {
        let binds: [SQLValue] = [
            .text(appId), SQLValue(actor?.rawValue), SQLValue(kind), SQLValue(before), try limitValue(limit),
        ]
        return try await sql.query(AuditRows.byApp, binds).map(AuditRows.event)
    }

    /// Oldest first: a subject's history in the order it happened.
    func auditEvents(subject: String) async throws -> [AuditEvent] {
        try await sql.query(AuditRows.bySubject, [.text(subject)]).map(AuditRows.event)
    }
}

extension SQLStoreTransaction {
    /// Appending the same event (same `id`) again is a no-op.
    /// Deferred (``SQLTransaction/deferWrite(_:_:)``): nothing reads an event back in the
    /// transaction that appends it.
    func append(_ event: AuditEvent) async throws {
        try await sql.deferWrite(
            AuditRows.insert,
            [
                SQLValue(event.id), SQLValue(event.customerId), .text(event.kind), .text(event.actor.rawValue),
                SQLValue(event.subject), SQLValue(event.fact), try StoreJSON.text(event.details),
                SQLValue(event.createdAt), SQLValue(event.appId), SQLValue(event.reason),
            ])
        try await appendFeed(FeedAppend(event))
    }
}
