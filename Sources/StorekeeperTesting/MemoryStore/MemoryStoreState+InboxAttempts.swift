import AppStoreModels
import Foundation
import Storekeeper

/// A consumption refusal's key (`consumption_refusals`' primary key).
struct MemoryRefusalKey: Hashable, Sendable {
    var appId: String
    var notification: String
    var environment: String
    var transactionId: String
}

/// Inbox attempts and consumption refusals (`SQLStore+Inbox`, `SQLStore+ConsumptionRefusals`).
extension MemoryStoreState {
    /// Numbered after the entry's latest; the latest ``InboxAttempt/retained`` are kept.
    mutating func recordInboxAttempt(id: String, at: Timestamp, outcome: InboxAttempt.Outcome, error: String?) {
        var attempts = inboxAttempts[id] ?? []
        attempts.append(InboxAttempt(number: (attempts.last?.number ?? 0) + 1, at: at, outcome: outcome, error: error))
        inboxAttempts[id] = Array(attempts.suffix(InboxAttempt.retained))
    }

    func inboxAttempts(id: String) throws -> [InboxAttempt] {
        try MemoryText.refuseNUL(id)
        return inboxAttempts[id] ?? []
    }

    /// Not once processed, like ``markInboxFailed(id:error:at:)``.
    mutating func markInboxRejected(id: String, reason: String, at: Timestamp) throws -> Bool {
        try markInboxUnapplied(id: id, rejected: true, error: reason, at: at)
    }

    /// Marks an entry `rejected` (or `failed`) with its error, counting the attempt, unless it
    /// was processed (final).
    mutating func markInboxUnapplied(id: String, rejected: Bool, error: String, at: Timestamp) throws -> Bool {
        try MemoryText.refuseNUL(id, error)
        guard var entry = inbox[id], entry.status != .processed else { return false }
        entry.status = rejected ? .rejected : .failed
        entry.attempts += 1
        entry.lastError = error
        inbox[id] = entry
        recordInboxAttempt(id: id, at: at, outcome: rejected ? .rejected : .failed, error: error)
        if rejected { appendFeed(FeedAppend(notificationId: id, appId: entry.appId, step: .rejected, at: at)) }
        return true
    }

    mutating func recordConsumptionRefusal(_ refusal: ConsumptionRefusal) throws -> Bool {
        try MemoryText.refuseNUL(
            refusal.appId, refusal.notification, refusal.environment.rawValue, refusal.transactionId, refusal.customerId?.rawValue,
            refusal.reason)
        let key = MemoryRefusalKey(
            appId: refusal.appId, notification: refusal.notification, environment: refusal.environment.rawValue,
            transactionId: refusal.transactionId)
        guard consumptionRefusals[key] == nil else { return false }
        consumptionRefusals[key] = refusal
        return true
    }

    /// `(created_at, id)` descending, strictly older than the cursor.
    func consumptionRefusals(appId: String, before: OutboxCursor?, limit: Int) throws -> [ConsumptionRefusal] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(appId)
        let rows = consumptionRefusals.values.filter { $0.appId == appId }
        return try Self.newestFirst(rows, before: before, limit: limit) { OutboxCursor(createdAt: $0.createdAt, id: $0.id) }
    }
}

extension MemoryStoreQuerying {
    func inboxAttempts(id: String) async throws -> [InboxAttempt] { try handle.reading { try $0.inboxAttempts(id: id) } }

    func consumptionRefusals(appId: String, before: OutboxCursor?, limit: Int) async throws -> [ConsumptionRefusal] {
        try handle.reading { try $0.consumptionRefusals(appId: appId, before: before, limit: limit) }
    }
}

extension MemoryStoreTransaction {
    @discardableResult
    func markInboxRejected(id: String, reason: String, at: Timestamp) async throws -> Bool {
        try handle.writing { try $0.markInboxRejected(id: id, reason: reason, at: at) }
    }

    func recordConsumptionRefusal(_ refusal: ConsumptionRefusal) async throws -> Bool {
        try handle.writing { try $0.recordConsumptionRefusal(refusal) }
    }
}
