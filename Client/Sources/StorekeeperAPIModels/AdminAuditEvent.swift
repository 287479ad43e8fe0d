public import Foundation

/// An audit event on a timeline, as recorded: unlike ``AuditEventBody`` it names the app and
/// keeps the operator inside `actor` (`operator:<name>`).
public struct AdminAuditEvent: Codable, Sendable, Hashable {
    public var id: UUID
    public var customerId: String?
    /// Stable event name, e.g. `purchase.recorded`, `entitlement.granted`, `wallet.credited`.
    public var kind: String
    /// `client`, `apple`, `job:<name>`, `server:<key name>` or `operator:<name>`.
    public var actor: String
    public var subject: String?
    public var fact: String?
    public var details: [String: String]
    public var appId: String?
    public var reason: String?
    /// Milliseconds since 1970.
    public var createdAt: Int64

    public init(
        id: UUID, customerId: String?, kind: String, actor: String, subject: String? = nil, fact: String? = nil,
        details: [String: String], appId: String? = nil, reason: String? = nil, createdAt: Int64
    ) {
        self.id = id
        self.customerId = customerId
        self.kind = kind
        self.actor = actor
        self.subject = subject
        self.fact = fact
        self.details = details
        self.appId = appId
        self.reason = reason
        self.createdAt = createdAt
    }
}
