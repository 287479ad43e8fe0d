/// One timeline entry: exactly one of `notification`, `transaction`, `renewalInfo`, `event` is set,
/// as `kind` says.
public struct AdminTimelineEntry: Codable, Sendable, Hashable {
    /// Stable: `notification:<id>`, `transaction:<env>:<id>`, `renewalInfo:<env>:<originalTransactionId>`,
    /// `audit:<event id>`; `GET .../timeline/{id}/raw` answers the signed data behind it.
    public var id: String
    /// `notification`, `transaction`, `renewalInfo`, `change`, `operator`.
    public var kind: String
    /// Milliseconds since 1970.
    public var at: Int64
    /// Whether `GET .../timeline/{id}/raw` can answer Apple's signed data for it.
    public var hasRaw: Bool
    public var notification: AdminTimelineNotification?
    public var transaction: AdminPurchase?
    public var renewalInfo: RenewalInfoBody?
    public var event: AdminAuditEvent?
    /// With `raw=true`: the signed data Storekeeper holds for the entry (a notification's body as
    /// received; a transaction's or renewal info's JWS when a stored notification carried it).
    public var raw: AdminTimelineRaw?

    public init(
        id: String, kind: String, at: Int64, hasRaw: Bool, notification: AdminTimelineNotification? = nil,
        transaction: AdminPurchase? = nil, renewalInfo: RenewalInfoBody? = nil, event: AdminAuditEvent? = nil,
        raw: AdminTimelineRaw? = nil
    ) {
        self.id = id
        self.kind = kind
        self.at = at
        self.hasRaw = hasRaw
        self.notification = notification
        self.transaction = transaction
        self.renewalInfo = renewalInfo
        self.event = event
        self.raw = raw
    }
}
