public import Foundation

/// The body of Set App Account Token (`PUT
/// /inApps/v1/transactions/{originalTransactionId}/appAccountToken`).
public struct UpdateAppAccountTokenRequest: Hashable, Sendable, Codable {
    /// The UUID to associate with the customer's purchase.
    public var appAccountToken: UUID

    /// Creates a value; every optional field defaults to `nil`.
    public init(appAccountToken: UUID) {
        self.appAccountToken = appAccountToken
    }
}
