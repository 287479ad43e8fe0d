public import AppStoreModels
import Foundation

/// A call to Apple that the outbox makes after the commit that asked for it (Set App Account
/// Token, Finish Transaction): queued in the asking transaction, so Apple is asked if and only if
/// it committed, and retried with backoff until Apple answers or the retention runs out.
public protocol AppleOutboxCall: Codable, Sendable {
    /// Outbox destinations of one app's calls: `<prefix><app id>`.
    static var prefix: String { get }
    /// The outbox message's kind.
    static var kind: String { get }
    /// How long a call is retried while Apple cannot be reached.
    static var retentionMilliseconds: Int64 { get }
}

extension AppleOutboxCall {
    public static func destination(appId: String) -> String { prefix + appId }

    /// The outbox message carrying this call for `customerId`, the purchase's owner.
    public func message(appId: String, customerId: CustomerID, at now: Timestamp) throws -> OutboxMessage {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return OutboxMessage(
            destination: Self.destination(appId: appId), kind: Self.kind, customerId: customerId, payload: try encoder.encode(self),
            createdAt: now, deadline: now.adding(milliseconds: Self.retentionMilliseconds))
    }
}
