/// The store's side of a customer's timeline: each source of entries read newest first through
/// a customer index, strictly before a ``TimelineBound`` (the service merges the sources into
/// one page, see ``TimelinePage``).
public protocol TimelineStoreReader: Sendable {
    /// The customer's audit events of app `appId` or of no app (Storekeeper's own changes) with
    /// their sequence numbers, newest first; `actors` keeps operators' actions, everything else,
    /// or both.
    func timelineAudit(
        customerId: CustomerID, appId: String, before: TimelineBound?, actors: TimelineActors, limit: Int
    ) async throws -> [SequencedAuditEvent]
    /// The customer's transactions, newest purchase first (by `purchaseDate`, then environment
    /// and transaction ID).
    func timelineTransactions(customerId: CustomerID, before: TimelineBound?, limit: Int) async throws -> [StoredTransaction]
    /// The notifications of app `appId` that changed something for the customer (an audit event
    /// of theirs names it as its fact, `notification:<id>`), newest received first (then by ID),
    /// without their bodies.
    func timelineNotifications(
        customerId: CustomerID, appId: String, before: TimelineBound?, limit: Int
    ) async throws -> [InboxPageEntry]
}

/// Whose audit events a timeline shows.
public enum TimelineActors: Hashable, Sendable {
    case all
    /// Actions of operators (actor `operator:<name>`).
    case operators
    /// Everything else: Apple, the app, jobs.
    case others

    /// The actor prefix of operators' actions.
    public static let operatorPrefix = AuditActor.operatorPrefix
}

/// An audit event and its append sequence number (the order events of one millisecond were
/// appended in).
public struct SequencedAuditEvent: Hashable, Sendable {
    public var sequence: Int64
    public var event: AuditEvent

    public init(sequence: Int64, event: AuditEvent) {
        self.sequence = sequence
        self.event = event
    }
}
