public import Foundation

/// One audit event as the admin API shows it: who did what, why, and from which Apple fact.
public struct AuditEventBody: Codable, Sendable, Hashable {
    public var id: UUID
    public var kind: String
    /// `client`, `apple`, `job:<name>`, `server:<key name>` or `operator:<name>`.
    public var actor: String
    /// The operator, when one did it.
    public var `operator`: String?
    public var customerId: String?
    public var subject: String?
    public var fact: String?
    public var details: [String: String]
    public var reason: String?
    /// Milliseconds since 1970.
    public var createdAt: Int64

    public init(
        id: UUID, kind: String, actor: String, operator: String? = nil, customerId: String? = nil, subject: String? = nil,
        fact: String? = nil, details: [String: String], reason: String? = nil, createdAt: Int64
    ) {
        self.id = id
        self.kind = kind
        self.actor = actor
        self.operator = `operator`
        self.customerId = customerId
        self.subject = subject
        self.fact = fact
        self.details = details
        self.reason = reason
        self.createdAt = createdAt
    }
}
