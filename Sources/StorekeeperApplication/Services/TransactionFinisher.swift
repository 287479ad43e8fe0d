package import AppStoreModels
package import Storekeeper

/// Queues Finish Transaction (``TransactionFinish``) for the one-time purchases Storekeeper
/// delivered from Apple's report alone, in the transaction that delivered them, audited
/// (`transaction.finishQueued`); the outbox calls Apple, retrying with backoff, and records what
/// Apple refuses as skipped.
package struct TransactionFinisher: Sendable {
    package let runtime: AppRuntime

    /// The aggregates queuing touches: the outbox and the audit trail.
    package typealias Aggregates = OutboxStoreWriter & AuditStoreWriter

    package init(runtime: AppRuntime) {
        self.runtime = runtime
    }

    /// After applying the fact `fact` from Apple with `outcome`.
    package func queue(after outcome: PurchaseOutcome?, fact: String, now: Timestamp, in tx: any Aggregates) async throws {
        guard let outcome else { return }
        for finish in TransactionFinish.due(after: outcome) {
            // Without the App Store Server API for the environment nobody can ask Apple: the
            // transaction stays unfinished until the app presents and finishes it.
            guard runtime.apple?.serverAPI[AppStoreEnvironment(rawValue: finish.environment)] != nil else { continue }
            try await tx.enqueueOutbox(try finish.message(appId: runtime.config.id, customerId: outcome.customerId, at: now))
            try await tx.append(
                AuditEvent(
                    customerId: outcome.customerId, kind: "transaction.finishQueued", actor: .apple, subject: finish.subject,
                    fact: fact, details: ["transactionId": finish.transactionId, "environment": finish.environment],
                    appId: runtime.config.id, createdAt: now))
        }
    }
}
