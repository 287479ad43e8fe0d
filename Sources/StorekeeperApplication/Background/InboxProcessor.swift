package import AppStoreModels
import AppStoreVerification
import Foundation
package import Storekeeper
package import StorekeeperStore

/// Applies notifications that were stored but not processed: a crash between storing and
/// applying, or a failure a retry may fix. Processing is idempotent, so an entry applied twice
/// by two instances has one effect.
public struct InboxProcessor: PeriodicJob {
    package let store: any PurchaseStore
    package let notifications: [String: NotificationService]
    package let now: any WallClock
    /// Entries younger than this are left to the request that stored them.
    package let minimumAge: Int64
    package let batch: Int

    public var name: String { "inbox" }

    package init(
        store: any PurchaseStore, notifications: [String: NotificationService], now: any WallClock,
        minimumAgeMilliseconds: Int64 = 30_000, batch: Int = 50
    ) {
        self.store = store
        self.notifications = notifications
        self.now = now
        self.minimumAge = minimumAgeMilliseconds
        self.batch = batch
    }

    public func runOnce() async throws -> Bool {
        let now = now()
        // Back off per entry: each failed attempt doubles the wait (capped near 34 hours). The
        // store picks only due entries, so entries that keep failing cannot crowd out the rest.
        // Only apps this instance serves: another app's entries wait for an instance that knows it.
        let due = try await store.read { [notifications] in
            try await $0.dueInbox(at: now, minimumAgeMilliseconds: minimumAge, appIds: Array(notifications.keys), limit: batch)
        }
        for entry in due {
            guard let service = notifications[entry.appId] else { continue }
            _ = await service.reprocess(entry)
        }
        if let metrics = notifications.values.first?.metrics {
            metrics.inboxBacklog(try await store.read { try await $0.inboxCount(status: .received) + $0.inboxCount(status: .failed) })
        }
        // Run again at once only when the batch was full (more may be waiting).
        return !due.isEmpty && due.count == batch
    }
}

extension NotificationService {
    /// Applies a stored entry again (V2: verified again from the stored body).
    package func reprocess(_ entry: InboxNotification) async -> Answer {
        let now = now()
        if entry.version == 2 {
            do {
                let verified = try runtime.signedData.verifyNotificationBody(Array(entry.body))
                let fact = NotificationInterpreter.interpret(
                    verified.payload, transaction: verified.transaction, renewalInfo: verified.renewalInfo,
                    appTransaction: verified.appTransaction)
                return await process(
                    fact, inboxId: entry.id, type: entry.notificationType ?? "unknown", version: 2,
                    signedDate: verified.payload.signedDate, now: now)
            } catch {
                // Either way the attempt is recorded: a retryable failure counts towards the
                // entry's backoff, a permanent one rejects it.
                switch InboxDecision.unverified(error.description, retryable: error.isRetryable) {
                case .recordFailure(let reason, let answer):
                    let reason = Self.storable(reason)
                    _ = try? await store.write { tx in try await tx.markInboxFailed(id: entry.id, error: reason, at: now) }
                    return .retry(answer)
                case .reject(let reason):
                    let stored = Self.storable(reason)
                    _ = try? await store.write { tx in try await tx.markInboxRejected(id: entry.id, reason: stored, at: now) }
                    return .rejected(reason)
                }
            }
        }
        // V1 entries were authenticated when received; apply their facts again.
        guard let notification = try? JSONCoding.decode(AppStoreServerNotificationV1.self, from: entry.body) else {
            return .rejected("stored V1 body no longer decodes")
        }
        let interpretation = NotificationInterpreter.interpret(v1: notification)
        var answer = Answer.processed
        for fact in interpretation.facts {
            let result = await process(
                fact, inboxId: entry.id, type: entry.notificationType ?? "unknown", version: 1, signedDate: nil, now: now)
            if case .retry = result { answer = result }
        }
        return answer
    }
}
