import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperSQL

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
        try MemoryText.refuseNUL(id, reason)
        guard var entry = inbox[id], entry.status != .processed else { return false }
        entry.status = .rejected
        entry.attempts += 1
        entry.lastError = reason
        inbox[id] = entry
        recordInboxAttempt(id: id, at: at, outcome: .rejected, error: reason)
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
        func precedes(_ a: (Timestamp, String), _ b: (Timestamp, String)) -> Bool {
            a.0 != b.0 ? a.0 < b.0 : MemoryText.precedes(a.1, b.1)
        }
        let cursor = before.map { ($0.createdAt, MemoryText.text($0.id)) }
        let rows = consumptionRefusals.values.filter { refusal in
            refusal.appId == appId && (cursor.map { precedes((refusal.createdAt, MemoryText.text(refusal.id)), $0) } ?? true)
        }
        .sorted { precedes(($1.createdAt, MemoryText.text($1.id)), ($0.createdAt, MemoryText.text($0.id))) }
        return try Self.limited(rows, limit)
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
