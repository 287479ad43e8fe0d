package import AppStoreModels
import AppStoreVerification
import Crypto
import Foundation
public import Storekeeper
package import StorekeeperStore

/// App Store Server Notifications, V2 (signed) and V1 (shared secret): stored raw before any
/// 2xx, deduplicated by `notificationUUID`, verified, interpreted, and applied in one SQL
/// transaction together with marking them processed.
///
/// A body is bytes and is stored as bytes whatever they are. One that can never be applied
/// (not JSON, unknown shape, failed signature, or text no backend can store, such as U+0000 in a
/// field) is recorded as rejected and answered 200 `rejected`, so Apple stops sending it; only
/// failures a retry may cure are answered 503.
public struct NotificationService: Sendable {
    package let store: any PurchaseStore
    package let runtime: AppRuntime
    package let applier: FactApplier
    package let metrics: StorekeeperMetrics
    package let now: any WallClock
    /// Fetches authoritative state from Apple for V1 hints; `nil` when the app has no API key.
    package let refresher: (any SubscriptionRefreshing)?

    package init(
        store: any PurchaseStore, runtime: AppRuntime, applier: FactApplier, metrics: StorekeeperMetrics, now: any WallClock,
        refresher: (any SubscriptionRefreshing)?
    ) {
        self.store = store
        self.runtime = runtime
        self.applier = applier
        self.metrics = metrics
        self.now = now
        self.refresher = refresher
    }

    /// What to tell Apple.
    public typealias Answer = InboxDecision.Answer

    /// Handles one webhook request body.
    public func receive(_ body: [UInt8]) async -> Answer {
        let now = now()
        // JSON is UTF-8; a decoder may otherwise turn bad bytes into U+FFFD and let a body Apple
        // never sent pass as one of its notifications.
        guard Self.isUTF8(body) else {
            return await reject(body, version: 0, reason: "the body is not UTF-8", now: now)
        }
        let verified: VerifiedNotification
        do {
            switch Self.kind(of: body) {
            case nil: return await reject(body, version: 0, reason: "not a V2 or V1 notification body", now: now)
            case .v1: return await receiveV1(body, now: now)
            case .v2(let signedPayload): verified = try runtime.signedData.verifyNotification(signedPayload)
            case .malformedV2: verified = try runtime.signedData.verifyNotificationBody(body)
            }
        } catch {
            return await fail(InboxDecision.unverified(error.description, retryable: error.isRetryable), body: body, now: now)
        }
        let payload = verified.payload
        let id = payload.notificationUUID ?? Self.digestId(body)
        let type = payload.notificationType?.canonical.rawValue ?? "unknown"
        let fact = NotificationInterpreter.interpret(
            payload, transaction: verified.transaction, renewalInfo: verified.renewalInfo,
            appTransaction: verified.appTransaction)
        // The body goes into the inbox in the same transaction that applies it, already marked
        // processed: one durable commit stores and applies it (nothing is acknowledged before).
        // The purchase it is about goes with the entry: a store may read its owner with the
        // insert (one round trip on PostgreSQL) for the reads applying starts with.
        let entry = InboxNotification(
            id: id, appId: runtime.config.id, version: 2, body: Data(body), receivedAt: now, status: .processed,
            attempts: 1, notificationType: payload.notificationType?.rawValue, subtype: payload.subtype?.rawValue,
            signedDate: payload.signedDate, processedAt: now, environment: payload.environment?.rawValue,
            purchase: fact.ownerCandidatesKey)
        var applied: Applied?
        let commit: InboxDecision.FirstCommit
        do {
            (commit, applied) = try await store.write { tx -> (InboxDecision.FirstCommit, Applied?) in
                if try await tx.insertInbox(entry) {
                    return (.applied, try await apply(fact, reference: "notification:\(id)", now: now, in: tx))
                }
                // Stored before (on PostgreSQL the insert waits for a concurrent one to commit):
                // counted as arrived again.
                let status = try await tx.inboxStatus(id: id)
                try await tx.recordInboxDuplicate(id: id)
                return (.storedBefore(status), nil)
            }
        } catch {
            commit = .failed(String(describing: error), unstorable: Self.isUnstorable(error))
        }
        switch InboxDecision.afterFirstCommit(commit) {
        case .answer(let answer):
            finish(answer, applied: applied, fact: fact, type: type, version: 2, signedDate: payload.signedDate, now: now)
            return answer
        case .apply:
            return await process(fact, inboxId: id, type: type, version: 2, signedDate: payload.signedDate, now: now)
        case .fail(.reject(let reason)):
            return await reject(body, version: 2, reason: reason, now: now)
        case .fail(.recordFailure(let reason, let answer)):
            // Nothing of this attempt was committed: keep the body, as failed, so it is not lost
            // (the inbox processor retries it too), and ask Apple to send it again.
            var failed = entry
            failed.status = .failed
            failed.processedAt = nil
            return await recordFailure(failed, reason: reason, answer: answer, type: type, now: now)
        }
    }

    /// Applies an interpreted notification and marks its inbox entry processed, atomically.
    package func process(
        _ fact: NotificationFact, inboxId: String, type: String, version: Int, signedDate: Timestamp?, now: Timestamp
    ) async -> Answer {
        var applied: Applied?
        let applying: InboxDecision.Applying
        do {
            applied = try await store.write { tx -> Applied in
                let applied = try await apply(fact, reference: "notification:\(inboxId)", now: now, in: tx)
                try await tx.markInboxProcessed(id: inboxId, at: now)
                return applied
            }
            applying = .applied
        } catch {
            applying = .failed(String(describing: error), unstorable: Self.isUnstorable(error))
        }
        switch InboxDecision.afterApplying(applying) {
        case .answer(let answer):
            finish(answer, applied: applied, fact: fact, type: type, version: version, signedDate: signedDate, now: now)
            return answer
        case .fail(.reject(let reason)):
            return await markRejected(inboxId: inboxId, reason: Self.storable(reason), type: type, version: version, now: now)
        case .fail(.recordFailure(let reason, let answer)):
            let reason = Self.storable(reason)
            _ = try? await store.write { tx in try await tx.markInboxFailed(id: inboxId, error: reason, at: now) }
            metrics.notification(type: type, version: version, outcome: "retry")
            return .retry(answer)
        }
    }

    /// Counts an answer that ends a delivery: an applied notification's effects once its
    /// transaction committed (a retried transaction runs its body again), or the outcome alone.
    private func finish(
        _ answer: Answer, applied: Applied?, fact: NotificationFact, type: String, version: Int, signedDate: Timestamp?,
        now: Timestamp
    ) {
        guard let applied else {
            metrics.notification(type: type, version: version, outcome: InboxDecision.outcome(of: answer))
            return
        }
        recordApplied(applied, fact: fact, type: type, version: version, signedDate: signedDate, now: now)
    }

    /// Metrics of an applied notification, once its transaction committed (a retried transaction
    /// runs its body again).
    private func recordApplied(
        _ applied: Applied, fact: NotificationFact, type: String, version: Int, signedDate: Timestamp?, now: Timestamp
    ) {
        if applied.consumption != nil { metrics.consumptionAnswered(outcome: "queued", latency: .zero) }
        if let kind = Self.refundKind(fact) { metrics.refund(kind: kind) }
        if let outcome = applied.outcome { metrics.applied(outcome, at: now) }
        metrics.notification(type: type, version: version, outcome: "processed")
        if let signedDate { metrics.notificationLag(signedDate: signedDate, at: now) }
    }

    /// What applying one notification did, for metrics once it committed.
    package struct Applied: Sendable {
        /// The consumption request it queued, if any.
        package var consumption: ConsumptionRequestFact?
        package var outcome: FactApplier.Outcome?
    }

    /// Applies one interpreted fact inside `tx`.
    package func apply(
        _ fact: NotificationFact, reference: String, now: Timestamp,
        in tx: any FactApplier.Aggregates & ConsumptionRefusalStoreWriter & RetentionStoreWriter
    ) async throws -> Applied {
        var applied = Applied()
        switch fact {
        case .subscription(let subscription):
            applied.outcome = try await applier.applySubscriptionFact(
                subscription, actor: .apple, factReference: reference, now: now, in: tx
            ).0
            try await RetentionAttribution.attribute(subscription, reference: reference, now: now, in: tx)
            if let released = subscription.unclaimedSeatClaimIds {
                try await SeatRecorder(app: applier.app, applier: applier).releasedByApple(
                    released,
                    group: PurchaseKey(environment: subscription.environment, originalTransactionId: subscription.originalTransactionId),
                    fact: reference, now: now, in: tx)
            }
        case .oneTimePurchase(let purchase):
            if purchase.event == .refundDeclined {
                let owner = try await applier.resolveOwner(purchase.transaction, in: tx).recipient
                try await tx.append(
                    AuditEvent(
                        customerId: owner, kind: "refund.declined", actor: .apple,
                        subject: "\(purchase.transaction.environment.rawValue):\(purchase.transaction.transactionId)",
                        fact: reference, createdAt: now))
            } else {
                applied.outcome = try await applier.applyFromApple(
                    [purchase.transaction], actor: .apple, fact: reference, now: now, in: tx)
                if purchase.event == .charged {
                    try await TransactionFinisher(runtime: runtime).queue(
                        after: applied.outcome, fact: reference, now: now, in: tx)
                }
            }
        case .consumptionRequest(let request):
            if let subscription = request.subscription {
                applied.outcome = try await applier.applySubscriptionFact(
                    subscription, actor: .apple, factReference: reference, now: now, in: tx
                ).0
            } else {
                applied.outcome = try await applier.applyFromApple(
                    [request.transaction], actor: .apple, fact: reference, now: now, in: tx)
            }
            try await ConsumptionResponder(app: runtime.config).queueAnswer(to: request, reference: reference, now: now, in: tx)
            applied.consumption = request
        case .renewalExtension(let summary):
            if let subscription = summary.subscription {
                applied.outcome = try await applier.applySubscriptionFact(
                    subscription, actor: .apple, factReference: reference, now: now, in: tx
                ).0
            }
        case .externalPurchaseToken, .consentRescinded, .test, .ignored:
            // Recorded in the inbox; nothing to apply.
            break
        }
        return applied
    }

    /// The refund monitor's kind when `fact` reports a refund, a revocation or a reversed refund
    /// of any product type (counted once, after the fact committed).
    package static func refundKind(_ fact: NotificationFact) -> String? {
        let type: NotificationTypeV2?
        switch fact {
        case .oneTimePurchase(let purchase): type = purchase.notification.type
        case .subscription(let subscription): type = subscription.notification?.type
        default: return nil
        }
        switch type {
        case .refund?: return "refund"
        case .revoke?: return "revoke"
        case .refundReversed?: return "reversed"
        default: return nil
        }
    }

    // MARK: V1

    private func receiveV1(_ body: [UInt8], now: Timestamp) async -> Answer {
        let notification: AppStoreServerNotificationV1
        do {
            notification = try JSONCoding.decode(AppStoreServerNotificationV1.self, from: Data(body))
        } catch {
            return await reject(body, version: 1, reason: "V1 body does not decode: \(error)", now: now)
        }
        // Checked before anything of the body is stored as text (its type, the reason of a
        // refusal): such a body could only be stored on some backends.
        if NULDetection.json(body) {
            return await reject(body, version: 1, reason: "a string of the V1 body contains U+0000 (NUL)", now: now)
        }
        let id = "v1:" + Self.digestId(body)
        let type = notification.notificationType.rawValue
        guard let secret = runtime.config.sharedSecret, let password = notification.password,
            Self.constantTimeEqual(Array(secret.utf8), Array(password.utf8))
        else {
            _ = try? await store.write { tx in
                try await tx.insertInbox(
                    InboxNotification(
                        id: id, appId: runtime.config.id, version: 1, body: Data(body), receivedAt: now, status: .rejected,
                        attempts: 1, lastError: "shared secret missing or wrong", notificationType: type))
            }
            metrics.notification(type: type, version: 1, outcome: "unauthorized")
            return .unauthorized
        }
        if let bid = notification.bid, bid != runtime.config.bundleId {
            return await reject(body, version: 1, reason: "V1 notification for bundle \(bid)", now: now)
        }
        do {
            let inserted = try await store.write { tx in
                let inserted = try await tx.insertInbox(
                    InboxNotification(
                        id: id, appId: runtime.config.id, version: 1, body: Data(body), receivedAt: now, notificationType: type,
                        environment: Self.environment(of: notification)))
                if !inserted { try await tx.recordInboxDuplicate(id: id) }
                return inserted
            }
            let previous = inserted ? nil : try await store.read({ try await $0.inboxStatus(id: id) })
            if let answer = InboxDecision.afterStoringV1(previous: previous) {
                metrics.notification(type: type, version: 1, outcome: InboxDecision.outcome(of: answer))
                return answer
            }
        } catch {
            if Self.isUnstorable(error) {
                return await reject(body, version: 1, reason: "the V1 body holds text that cannot be stored: \(error)", now: now)
            }
            return .retry("could not store the notification: \(error)")
        }
        let interpretation = NotificationInterpreter.interpret(v1: notification)
        // V1 bodies are not signed: when the app can call Apple, fetch the authoritative state
        // instead of trusting the receipt in the body.
        if let refresher, !interpretation.refresh.isEmpty {
            do {
                let facts = try await Self.confirmed(interpretation, with: refresher)
                return await processAll(facts, inboxId: id, type: type, now: now)
            } catch {
                let reason = Self.storable("could not confirm with Apple: \(error)")
                _ = try? await store.write { tx in try await tx.markInboxFailed(id: id, error: reason, at: now) }
                metrics.notification(type: type, version: 1, outcome: "retry")
                return .retry(reason)
            }
        }
        return await processAll(interpretation.facts, inboxId: id, type: type, now: now)
    }

    /// A V1 notification's facts as Apple's API states them: each subscription it names is
    /// refreshed (Get All Subscription Statuses), and each one-time purchase it refunds, revokes or
    /// asks consumption data for is looked up (Get Transaction Info), so nothing read from the
    /// unsigned receipt is applied.
    package static func confirmed(
        _ interpretation: V1Interpretation, with refresher: any SubscriptionRefreshing
    ) async throws -> [NotificationFact] {
        var facts: [NotificationFact] = []
        for fact in interpretation.facts {
            switch fact {
            case .subscription:
                continue  // replaced by the refreshed subscriptions below
            case .oneTimePurchase(var purchase):
                purchase.transaction = try await refresher.transaction(purchase.transaction)
                facts.append(.oneTimePurchase(purchase))
            case .consumptionRequest(var request):
                request.transaction = try await refresher.transaction(request.transaction)
                // The subscription's state comes from its refresh, not from the unsigned receipt.
                request.subscription = nil
                facts.append(.consumptionRequest(request))
            default:
                facts.append(fact)
            }
        }
        for request in interpretation.refresh where request.originalTransactionId != nil {
            facts += try await refresher.refresh(request).map { NotificationFact.subscription($0) }
        }
        return facts
    }

    private func processAll(_ facts: [NotificationFact], inboxId: String, type: String, now: Timestamp) async -> Answer {
        guard facts.count != 1 else {
            return await process(facts[0], inboxId: inboxId, type: type, version: 1, signedDate: nil, now: now)
        }
        var answer = Answer.processed
        for fact in facts {
            let result = await process(fact, inboxId: inboxId, type: type, version: 1, signedDate: nil, now: now)
            if case .retry = result { answer = result }
        }
        if facts.isEmpty {
            answer = await process(
                .ignored(
                    IgnoredNotification(
                        type: nil, subtype: nil, notificationUUID: nil, signedDate: nil, environment: nil, reason: .missingType)),
                inboxId: inboxId, type: type, version: 1, signedDate: nil, now: now)
        }
        return answer
    }

    // MARK: Helpers

    /// Records a body that can never be applied, under the digest of its bytes, and answers
    /// `rejected`. Only the bytes and a storable reason are stored, nothing decoded from them, so
    /// recording it fails only when the database does (then Apple is asked to retry).
    private func reject(_ body: [UInt8], version: Int, reason: String, now: Timestamp) async -> Answer {
        let reason = Self.storable(reason)
        let entry = InboxNotification(
            id: Self.digestId(body), appId: runtime.config.id, version: version, body: Data(body), receivedAt: now,
            status: .rejected, attempts: 1, lastError: reason)
        do {
            try await store.write { tx in
                if try await !tx.insertInbox(entry) { try await tx.recordInboxDuplicate(id: entry.id) }
            }
        } catch {
            return .retry("could not record the rejected body: \(error)")
        }
        metrics.notification(type: "unknown", version: version, outcome: "rejected")
        return .rejected(reason)
    }

    /// A new body that cannot be applied now: recorded under the digest of its bytes.
    private func fail(_ failure: InboxDecision.Failure, body: [UInt8], now: Timestamp) async -> Answer {
        switch failure {
        case .reject(let reason):
            return await reject(body, version: 2, reason: reason, now: now)
        case .recordFailure(let reason, let answer):
            let failed = InboxNotification(
                id: Self.digestId(body), appId: runtime.config.id, version: 2, body: Data(body), receivedAt: now,
                status: .failed, attempts: 1)
            return await recordFailure(failed, reason: reason, answer: answer, type: "unknown", now: now)
        }
    }

    /// Keeps a body a retry may cure, as failed (stored anew, or one more failed attempt of its
    /// stored entry), and asks Apple to send it again.
    private func recordFailure(
        _ entry: InboxNotification, reason: String, answer: String, type: String, now: Timestamp
    ) async -> Answer {
        let reason = Self.storable(reason)
        var failed = entry
        failed.lastError = reason
        _ = try? await store.write { tx in
            if try await !tx.insertInbox(failed) { try await tx.markInboxFailed(id: failed.id, error: reason, at: now) }
        }
        metrics.notification(type: type, version: entry.version, outcome: "retry")
        return .retry(answer)
    }

    /// Marks a stored entry rejected: applying it failed in a way no retry changes.
    private func markRejected(inboxId: String, reason: String, type: String, version: Int, now: Timestamp) async -> Answer {
        do {
            try await store.write { tx in
                // Not marked when it was applied meanwhile (processed is final).
                let marked = try await tx.markInboxRejected(id: inboxId, reason: reason, at: now)
                if !marked, try await tx.inboxStatus(id: inboxId) == nil {
                    throw PurchaseStoreError(.notFound, "no inbox notification \(inboxId) to mark rejected")
                }
            }
        } catch {
            metrics.notification(type: type, version: version, outcome: "retry")
            return .retry("could not record the rejection: \(error)")
        }
        metrics.notification(type: type, version: version, outcome: "rejected")
        return .rejected(reason)
    }
}

/// Fetches a subscription's current state from Apple (Get All Subscription Statuses), as facts.
public protocol SubscriptionRefreshing: Sendable {
    func refresh(_ request: RefreshRequest) async throws -> [SubscriptionFact]
    /// The transaction as Apple signs it now (Get Transaction Info), verified.
    func transaction(_ transaction: AppleTransaction) async throws -> AppleTransaction
}

extension NotificationFact {
    /// The purchase (and token) whose owner candidates applying the fact reads first: nil when
    /// it reads none.
    fileprivate var ownerCandidatesKey: OwnerCandidatesKey? {
        switch self {
        case .subscription(let fact): fact.ownerCandidatesKey
        case .oneTimePurchase(let purchase): OwnerCandidatesKey(purchase.transaction)
        case .consumptionRequest(let request): request.subscription?.ownerCandidatesKey ?? OwnerCandidatesKey(request.transaction)
        case .renewalExtension(let summary): summary.subscription?.ownerCandidatesKey
        case .externalPurchaseToken, .consentRescinded, .test, .ignored: nil
        }
    }
}

extension SubscriptionFact {
    fileprivate var ownerCandidatesKey: OwnerCandidatesKey {
        OwnerCandidatesKey(
            purchase: PurchaseKey(environment: environment, originalTransactionId: originalTransactionId),
            appAccountToken: transaction?.appAccountToken)
    }
}
