package import AppStoreModels
import Foundation
package import Storekeeper

/// Asks Apple for its own record of a subscription period that an upgrade or a same-duration
/// crossgrade replaced.
///
/// Apple's notification of the change (`DID_CHANGE_RENEWAL_PREF` / `UPGRADE`) carries only the new
/// period's transaction. Apple re-signs the old one `isUpgraded`, revoked and refunded pro rata,
/// but only the App Store Server API shows that record. The lifecycle ends access from the old
/// period as soon as the new one is known; this brings the old transaction's stored record (what
/// the customer's purchases show) to what Apple signs. The request is queued in the outbox by the
/// transaction that applied the change and sent by `OutboxDispatcher` after commit, with its
/// retries; the answer is applied as any fact from Apple.
package struct UpgradeConfirmation: Sendable {
    package static let kind = "apple.transaction.confirm"
    /// Outbox destination of these requests for one app.
    package static func destination(appId: String) -> String { prefix + appId }
    package static let prefix = "apple:transaction:"
    /// How long the outbox keeps trying: until then the purchase shows the record Apple signed
    /// before the change (access is already right).
    package static let deadlineMilliseconds: Int64 = 7 * 24 * 3_600_000

    /// What the outbox message carries.
    package struct Message: Codable, Hashable, Sendable {
        package var environment: String
        package var transactionId: String
    }

    package let app: AppConfiguration

    /// Queues a confirmation for each period `actions` say an upgrade replaced while its stored
    /// record does not say `isUpgraded` yet. Nothing when the app has no App Store Server API key
    /// (nobody could send the request).
    package func queue(
        after actions: [SubscriptionAction], customerId: CustomerID, now: Timestamp, in tx: any OutboxStoreWriter & TransactionStoreReader
    ) async throws {
        guard app.serverAPI != nil else { return }
        for case .periodRevoked(let period) in actions where period.revocation?.kind == .upgraded {
            guard let stored = try await tx.transaction(environment: period.environment, transactionId: period.transactionId),
                !stored.transaction.isUpgraded
            else { continue }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let message = Message(environment: period.environment.rawValue, transactionId: period.transactionId)
            try await tx.enqueueOutbox(
                OutboxMessage(
                    destination: Self.destination(appId: app.id), kind: Self.kind, customerId: customerId,
                    payload: try encoder.encode(message), createdAt: now,
                    deadline: now.adding(milliseconds: Self.deadlineMilliseconds)))
        }
    }
}
