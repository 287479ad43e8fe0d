public import AppStoreModels
public import Foundation

/// Re-keying a purchase at Apple: the outbox message asking Apple (Set App Account Token) to put
/// `appAccountToken` on `originalTransactionId`, so that the purchase's later transactions and
/// renewals name the order or customer it belongs to now. Support's corrections call for it (an
/// order correction's attach, a transfer); it is queued in the correction's own transaction, so
/// Apple is asked if and only if the correction committed, and retried until Apple answers.
public struct AppAccountTokenUpdate: AppleOutboxCall, Hashable {
    public var environment: String
    public var originalTransactionId: String
    public var appAccountToken: UUID
    /// What called for it: ``attach`` or ``transfer``.
    public var cause: String

    public static let attach = "order.attach"
    public static let transfer = "ownership.transfer"

    /// Outbox destinations of one app's updates: `apple:appAccountToken:<app id>`.
    public static let prefix = "apple:appAccountToken:"
    public static let kind = "apple.appAccountToken"
    /// How long an update is retried while Apple cannot be reached (a week, like events to the
    /// app's backend); what Apple refuses is not retried at all (``AppleRefusal``).
    public static let retentionMilliseconds: Int64 = 7 * 86_400_000

    public init(environment: AppStoreEnvironment, originalTransactionId: String, appAccountToken: UUID, cause: String) {
        self.environment = environment.rawValue
        self.originalTransactionId = originalTransactionId
        self.appAccountToken = appAccountToken
        self.cause = cause
    }

    /// The audit subject of the purchase it re-keys.
    public var subject: String { "\(environment):\(originalTransactionId)" }
}
