public import AppStoreModels

/// One entry of the ordered event feed (`docs/EVENTS.md`): a fact or decision as a warehouse
/// reads it. Every entry is derived from a record written in the same transaction (an audit
/// event, a journal entry, an inbox notification), by the store that writes that record, so the
/// feed and the records it describes cannot disagree.
///
/// The shape is versioned by ``schemaVersion``: fields are only ever added, never renamed or
/// given another meaning; a change that would break a reader takes a new version.
public struct FeedEvent: Hashable, Sendable, Codable {
    /// The version of this shape.
    public static let schemaVersion = 1

    /// Unique per event and stable across reads: a reader that sees one twice (after a crash
    /// between writing and saving its cursor) can drop the repeat.
    public var id: String
    /// What happened: an audit kind (`purchase.recorded`, `entitlement.granted`, an operator
    /// action ...), `ledger.posted`, or `notification.received` / `.processed` / `.rejected`.
    public var type: String
    public var occurredAt: Timestamp
    /// The customer as the app names it (never the stored key with its space).
    public var customerId: String?
    public var appId: String?
    /// Who caused it (`apple`, `client`, `job:<name>`, `operator:<name>`, `server:<key>`).
    public var actor: String?
    public var subject: String?
    /// The Apple fact behind it (`notification:<id>`, `transaction:<env>:<id>`).
    public var fact: String?
    /// Why an operator did it.
    public var reason: String?
    public var details: [String: String]
    /// The postings of a `ledger.posted` event.
    public var postings: [FeedPosting]?

    public init(
        id: String, type: String, occurredAt: Timestamp, customerId: String? = nil, appId: String? = nil,
        actor: String? = nil, subject: String? = nil, fact: String? = nil, reason: String? = nil,
        details: [String: String] = [:], postings: [FeedPosting]? = nil
    ) {
        self.id = id
        self.type = type
        self.occurredAt = occurredAt
        self.customerId = customerId
        self.appId = appId
        self.actor = actor
        self.subject = subject
        self.fact = fact
        self.reason = reason
        self.details = details
        self.postings = postings
    }
}

/// One posting of a journal entry, as the feed shows it.
public struct FeedPosting: Hashable, Sendable, Codable {
    /// The account's kind (`customer`, `issued`, `spent`, `loss`, `adjustment`).
    public var account: String
    /// The customer of a customer account, as the app names them.
    public var customerId: String?
    public var amount: Int64

    public init(account: String, customerId: String?, amount: Int64) {
        self.account = account
        self.customerId = customerId
        self.amount = amount
    }
}

/// An event to append and the stream it belongs to.
public struct FeedAppend: Hashable, Sendable {
    /// The feed an event is read from: the space of its customer (an app's, or its group's), or
    /// for an event about no customer the app it belongs to (`""` when neither is known).
    public var stream: String
    public var event: FeedEvent

    public init(stream: String, event: FeedEvent) {
        self.stream = stream
        self.event = event
    }
}
