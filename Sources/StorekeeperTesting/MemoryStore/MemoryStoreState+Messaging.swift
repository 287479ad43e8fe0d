import AppStoreModels
import Foundation
import Storekeeper

/// The inbox and the outbox (`SQLStore+Inbox`, `SQLStore+Outbox`).
extension MemoryStoreState {
    func inboxNotification(id: String) throws -> InboxNotification? {
        try MemoryText.refuseNUL(id)
        return inbox[id]
    }

    func inboxStatus(id: String) throws -> InboxNotification.Status? {
        try inboxNotification(id: id)?.status
    }

    /// `received` or `failed`, due after `minimumAge << min(attempts, 12)`, of the apps given,
    /// `received_at, id`.
    func dueInbox(at now: Timestamp, minimumAgeMilliseconds: Int64, appIds: [String], limit: Int) throws -> [InboxNotification] {
        guard (0...(Int64.max >> 13)).contains(minimumAgeMilliseconds) else {
            throw PurchaseStoreError(.invalidArgument, "minimum age \(minimumAgeMilliseconds) ms is out of range")
        }
        let apps = Set(appIds)
        if apps.isEmpty { return [] }
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(apps.sorted().joined())
        let rows = inbox.values.filter { entry in
            guard entry.status == .received || entry.status == .failed, apps.contains(entry.appId) else { return false }
            // SQLite shifts right by a negative count; attempts are never negative in practice.
            let shift = min(entry.attempts, 12)
            let wait = shift >= 0 ? minimumAgeMilliseconds << shift : minimumAgeMilliseconds >> -shift
            let (dueAt, overflow) = entry.receivedAt.millisecondsSince1970.addingReportingOverflow(wait)
            return !overflow && dueAt <= now.millisecondsSince1970
        }.sorted {
            Self.ordered($0, $1, by: [{ Self.compare($0.receivedAt, $1.receivedAt) }, { Self.compareText($0.id, $1.id) }])
        }
        return try Self.limited(rows, limit)
    }

    func inboxCount(status: InboxNotification.Status) -> Int {
        inbox.values.count { $0.status == status }
    }

    /// `false` when one with the id is stored (Apple's retry).
    mutating func insertInbox(_ notification: InboxNotification) throws -> Bool {
        try Self.refuseNUL(in: notification)
        guard inbox[notification.id] == nil else { return false }
        inbox[notification.id] = notification
        if let first = InboxAttempt.first(of: notification) {
            recordInboxAttempt(id: notification.id, at: first.at, outcome: first.outcome, error: first.error)
        }
        for append in FeedAppend.inserted(notification) { appendFeed(append) }
        return true
    }

    /// The body, arrival and duplicate count are kept: facts of the first receipt and its own counter.
    mutating func updateInbox(_ notification: InboxNotification) throws {
        try Self.refuseNUL(in: notification)
        guard let stored = inbox[notification.id] else {
            throw PurchaseStoreError.notFound("no inbox notification \(notification.id) to update")
        }
        var updated = notification
        updated.body = stored.body
        updated.receivedAt = stored.receivedAt
        updated.duplicates = stored.duplicates
        inbox[notification.id] = updated
    }

    mutating func markInboxProcessed(id: String, at: Timestamp) throws {
        try MemoryText.refuseNUL(id)
        guard var entry = inbox[id] else { throw PurchaseStoreError.notFound("no inbox notification \(id) to mark processed") }
        entry.status = .processed
        entry.processedAt = at
        entry.attempts += 1
        entry.lastError = nil
        inbox[id] = entry
        recordInboxAttempt(id: id, at: at, outcome: .processed, error: nil)
        appendFeed(FeedAppend(notificationId: id, appId: entry.appId, step: .processed, at: at))
    }

    /// Not once processed: a late failure report does not undo the application.
    mutating func markInboxFailed(id: String, error: String, at: Timestamp) throws -> Bool {
        try markInboxUnapplied(id: id, rejected: false, error: error, at: at)
    }

    static func refuseNUL(in n: InboxNotification) throws(PurchaseStoreError) {
        try MemoryText.refuseNUL(n.id, n.appId, n.status.rawValue, n.lastError, n.notificationType, n.subtype, n.environment)
    }

    // MARK: Outbox

    func outboxMessage(id: UUID) -> OutboxMessage? { outbox[id] }

    func outboxCount(status: OutboxMessage.Status) -> Int {
        outbox.values.count { $0.status == status }
    }

    /// A second message with the same ID fails with ``PurchaseStoreError/Code/uniqueViolation``.
    mutating func enqueueOutbox(_ message: OutboxMessage) throws {
        try Self.refuseNUL(in: message)
        guard outbox[message.id] == nil else {
            throw PurchaseStoreError(.uniqueViolation, "an outbox message with this id is already stored [constraint outbox.id]")
        }
        outbox[message.id] = message
    }

    /// Applied only while the claim (`owner` until `leaseUntil`) still stands.
    mutating func updateOutbox(_ message: OutboxMessage, claimedBy owner: String, leaseUntil: Timestamp) throws -> Bool {
        try Self.refuseNUL(in: message)
        try MemoryText.refuseNUL(owner)
        guard let stored = outbox[message.id], stored.leaseOwner == owner, stored.leaseUntil == leaseUntil else { return false }
        outbox[message.id] = message
        return true
    }

    mutating func renewOutboxLease(id: UUID, owner: String, leaseUntil: Timestamp, newLeaseUntil: Timestamp) throws -> Bool {
        try MemoryText.refuseNUL(owner)
        guard var stored = outbox[id], stored.leaseOwner == owner, stored.leaseUntil == leaseUntil, stored.status == .pending
        else { return false }
        stored.leaseUntil = newLeaseUntil
        outbox[id] = stored
        return true
    }

    /// Pending, due and not under a live lease, of the destinations given (none: all),
    /// `next_attempt_at, id`; leased to `owner` until `now + lease`.
    mutating func claimOutbox(
        now: Timestamp, lease: Int64, owner: String, limit: Int, destinations: [String]?
    ) throws
        -> [OutboxMessage]
    {
        guard lease > 0 else { throw PurchaseStoreError(.invalidArgument, "lease \(lease) ms is not positive") }
        let names = destinations.map(Set.init)
        if names?.isEmpty == true { return [] }
        try MemoryText.refuseNUL(owner, names?.sorted().joined())
        try PurchaseStoreError.checkLimit(limit)
        let due = outbox.values.filter { message in
            message.status == .pending && message.nextAttemptAt <= now && (message.leaseUntil.map { $0 <= now } ?? true)
                && (names?.contains(message.destination) ?? true)
        }.sorted {
            Self.ordered(
                $0, $1,
                by: [
                    { Self.compare($0.nextAttemptAt, $1.nextAttemptAt) },
                    { Self.compareText(MemoryText.text($0.id), MemoryText.text($1.id)) },
                ])
        }
        let leaseUntil = now.adding(milliseconds: lease)
        return try Self.limited(due, limit).map { message in
            var claimed = message
            claimed.leaseOwner = owner
            claimed.leaseUntil = leaseUntil
            outbox[message.id] = claimed
            return claimed
        }
    }

    static func refuseNUL(in m: OutboxMessage) throws(PurchaseStoreError) {
        try MemoryText.refuseNUL(m.destination, m.kind, m.customerId?.rawValue, m.status.rawValue, m.lastError, m.leaseOwner)
    }
}
