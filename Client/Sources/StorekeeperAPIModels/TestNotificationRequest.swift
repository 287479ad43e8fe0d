/// `POST .../notifications/test`: ask Apple to send its TEST notification.
public struct TestNotificationRequest: Codable, Sendable, Hashable {
    public var environment: String?
    public var reason: String
    public var idempotencyKey: String

    public init(environment: String? = nil, reason: String, idempotencyKey: String) {
        self.environment = environment
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}
