public import AppStoreModels
public import Foundation

/// One recorded change: who did what, why, and from which Apple fact. Support shows a customer
/// exactly what happened from these.
public struct AuditEvent: Hashable, Sendable, Codable {
    public var id: UUID
    public var customerId: CustomerID?
    /// Stable event name, e.g. `purchase.recorded`, `entitlement.granted`, `wallet.credited`,
    /// `order.delivered`, `subscription.revoked`, `ownership.transferred`.
    public var kind: String
    public var actor: AuditActor
    /// What the event is about: an order, a transaction (`environment:transactionId`), a journal key.
    public var subject: String?
    /// The Apple fact behind it, if any (`notification:<uuid>`, `transaction:<env>:<id>`).
    public var fact: String?
    /// Small, human-readable details (no secrets).
    public var details: [String: String]
    /// The app the event belongs to, when it is known (operator actions always set it).
    public var appId: String?
    /// Why an operator did it (required of every operator action).
    public var reason: String?
    public var createdAt: Timestamp

    public init(
        id: UUID = UUID.random(), customerId: CustomerID?, kind: String, actor: AuditActor, subject: String? = nil,
        fact: String? = nil, details: [String: String] = [:], appId: String? = nil, reason: String? = nil,
        createdAt: Timestamp
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

/// Who caused an audited change.
public struct AuditActor: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// The customer's app, with a customer token.
    public static let client = AuditActor(rawValue: "client")
    /// Apple, through a notification.
    public static let apple = AuditActor(rawValue: "apple")
    /// A background job (recovery, expiry).
    public static func job(_ name: String) -> AuditActor { AuditActor(rawValue: "job:" + name) }
    /// A server-to-server caller, by API key name.
    public static func server(_ keyName: String) -> AuditActor { AuditActor(rawValue: "server:" + keyName) }
    /// An operator, through the admin API, the CLI or the console.
    public static func `operator`(_ name: String) -> AuditActor { AuditActor(rawValue: operatorPrefix + name) }
    public static let operatorPrefix = "operator:"

    /// The operator's name when an operator caused the change.
    public var operatorName: String? {
        rawValue.hasPrefix(Self.operatorPrefix) ? String(rawValue.dropFirst(Self.operatorPrefix.count)) : nil
    }
}
