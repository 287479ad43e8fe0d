public import AppStoreModels

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
    ) async throws -> [TimelineNotification]
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

/// A stored notification without its body: what a timeline shows of it (the inbox list shows
/// more, ``InboxSummary``).
public struct TimelineNotification: Hashable, Sendable, Codable {
    public var id: String
    public var appId: String
    public var version: Int
    public var receivedAt: Timestamp
    public var status: InboxNotification.Status
    public var attempts: Int
    public var lastError: String?
    public var notificationType: String?
    public var subtype: String?
    public var signedDate: Timestamp?
    public var processedAt: Timestamp?

    public init(
        id: String, appId: String, version: Int, receivedAt: Timestamp, status: InboxNotification.Status, attempts: Int,
        lastError: String?, notificationType: String?, subtype: String?, signedDate: Timestamp?, processedAt: Timestamp?
    ) {
        self.id = id
        self.appId = appId
        self.version = version
        self.receivedAt = receivedAt
        self.status = status
        self.attempts = attempts
        self.lastError = lastError
        self.notificationType = notificationType
        self.subtype = subtype
        self.signedDate = signedDate
        self.processedAt = processedAt
    }

    public init(_ notification: InboxNotification) {
        id = notification.id
        appId = notification.appId
        version = notification.version
        receivedAt = notification.receivedAt
        status = notification.status
        attempts = notification.attempts
        lastError = notification.lastError
        notificationType = notification.notificationType
        subtype = notification.subtype
        signedDate = notification.signedDate
        processedAt = notification.processedAt
    }
}
