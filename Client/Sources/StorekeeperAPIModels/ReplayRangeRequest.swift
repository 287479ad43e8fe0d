/// `POST .../notifications/replay`: the inbox filters, the page size (1–500, default 100), and
/// the action's reason and idempotency key. Times are milliseconds since 1970.
public struct ReplayRangeRequest: Codable, Sendable, Hashable {
    /// `pending`, `processed`, `failed` or `rejected`.
    public var status: String?
    /// A notification type (`DID_RENEW`, ...).
    public var type: String?
    public var subtype: String?
    public var environment: String?
    public var from: Int64?
    public var to: Int64?
    /// A previous page's `next`.
    public var before: String?
    public var limit: Int?
    public var reason: String
    public var idempotencyKey: String

    public init(
        status: String? = nil, type: String? = nil, subtype: String? = nil, environment: String? = nil, from: Int64? = nil,
        to: Int64? = nil, before: String? = nil, limit: Int? = nil, reason: String, idempotencyKey: String
    ) {
        self.status = status
        self.type = type
        self.subtype = subtype
        self.environment = environment
        self.from = from
        self.to = to
        self.before = before
        self.limit = limit
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}
