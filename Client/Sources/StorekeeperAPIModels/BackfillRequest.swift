/// `POST .../notifications/backfill`: a window (milliseconds since 1970) of Apple's Notification
/// History to feed through the inbox.
public struct BackfillRequest: Codable, Sendable, Hashable {
    public var environment: String?
    public var from: Int64
    public var to: Int64
    public var reason: String
    public var idempotencyKey: String

    public init(environment: String? = nil, from: Int64, to: Int64, reason: String, idempotencyKey: String) {
        self.environment = environment
        self.from = from
        self.to = to
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}
