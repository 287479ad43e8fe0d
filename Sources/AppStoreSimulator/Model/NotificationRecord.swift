public import AppStoreModels

/// A notification the simulated App Store created, its delivery state and every send attempt.
/// Every notification is kept, delivered or not, and served by Get Notification History.
public struct NotificationRecord: Hashable, Sendable, Codable {
    public var notificationUUID: String
    public var bundleId: String
    public var environment: AppStoreEnvironment
    public var notificationType: NotificationTypeV2
    public var subtype: NotificationSubtype?
    public var signedDate: Timestamp
    /// The V2 `signedPayload`.
    public var signedPayload: String
    /// The V1 JSON bodies sent instead, for apps configured for version 1 (empty when the event
    /// has no V1 counterpart).
    public var v1Bodies: [String]?
    /// The customer the notification concerns (Notification History's `transactionId` filter).
    public var accountId: String?
    public var transactionId: String?
    public var originalTransactionId: String?
    /// Where it is delivered; nil when the app has no URL for the environment.
    public var url: String?
    public var sendAttempts: [SendAttemptItem]
    /// When the next attempt is due; nil once delivered, given up on, or while held.
    public var nextAttemptDue: Timestamp?
    /// Attempts made so far (the first is attempt 1).
    public var attemptCount: Int
    /// Fault injection: every attempt is lost (recorded as NO_RESPONSE, never sent).
    public var dropped: Bool
    /// Fault injection: the first successful delivery is sent twice.
    public var duplicated: Bool
    /// Fault injection: held back by a reorder rule until its batch is released.
    public var reorderBatch: Int?
    public var isTest: Bool
    /// Orders attempts due at the same instant (lower first); reorder faults use it.
    public var deliveryPriority: Int = 0

    /// Whether any attempt reached the server successfully.
    public var wasDelivered: Bool { sendAttempts.contains { $0.sendAttemptResult == .success } }
}
