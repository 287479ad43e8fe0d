public import Foundation

/// Reads of the audit log: append-only events, ordered by when they happened and, within one
/// instant, by when they were appended.
public protocol AuditStoreReader: Sendable {
    /// The customer's audit events, newest first.
    func auditEvents(customerId: CustomerID, limit: Int) async throws -> [AuditEvent]
    /// A subject's history, oldest first.
    func auditEvents(subject: String) async throws -> [AuditEvent]
    /// The app's audit log, newest first: events recorded with `appId`, optionally only those
    /// of one `actor` (e.g. one operator) or of one `kind`, recorded before the event `before`
    /// (the last of the previous page; an unknown id gives an empty page).
    func auditEvents(appId: String, actor: AuditActor?, kind: String?, before: UUID?, limit: Int) async throws -> [AuditEvent]
}

/// Writes of the audit log. Invariant: an event is kept once per `id` (appending it again is a
/// no-op), and nothing is ever changed or removed.
public protocol AuditStoreWriter: AuditStoreReader {
    func append(_ event: AuditEvent) async throws
}
