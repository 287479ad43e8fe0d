/// One line of the event feed (`GET /v1/admin/apps/{app}/events`, `docs/EVENTS.md`): a fact or
/// decision, in feed order. Read with `after` set to the last `cursor` read to continue.
///
/// Versioned by `schemaVersion`: fields are only added; none is renamed or given another meaning
/// within a version.
public struct FeedEventBody: Codable, Sendable, Hashable {
    public var schemaVersion: Int
    /// Opaque; continue after this event with `after=<cursor>`. Valid across restarts and instances.
    public var cursor: String
    /// Unique per event: a reader that saw an event before can drop a repeat by it.
    public var id: String
    /// An audit kind (`purchase.recorded`, `subscription.renewed`, `entitlement.granted`, an operator
    /// action ...), `ledger.posted`, or `notification.received` / `notification.processed` /
    /// `notification.rejected`.
    public var type: String
    /// Milliseconds since 1970.
    public var occurredAt: Int64
    public var customerId: String?
    public var appId: String?
    /// `apple`, `client`, `job:<name>`, `server:<key name>` or `operator:<name>`.
    public var actor: String?
    public var subject: String?
    public var fact: String?
    public var reason: String?
    public var details: [String: String]
    /// The postings of a `ledger.posted` event; they sum to zero.
    public var postings: [FeedPostingBody]?

    public init(
        schemaVersion: Int, cursor: String, id: String, type: String, occurredAt: Int64, customerId: String? = nil,
        appId: String? = nil, actor: String? = nil, subject: String? = nil, fact: String? = nil, reason: String? = nil,
        details: [String: String] = [:], postings: [FeedPostingBody]? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.cursor = cursor
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

/// One posting of a journal entry.
public struct FeedPostingBody: Codable, Sendable, Hashable {
    /// `customer`, `issued`, `spent`, `loss` or `adjustment`.
    public var account: String
    /// The customer of a `customer` account.
    public var customerId: String?
    /// Minor units; positive increases the account.
    public var amount: Int64

    public init(account: String, customerId: String? = nil, amount: Int64) {
        self.account = account
        self.customerId = customerId
        self.amount = amount
    }
}
