public import AppStoreModels
import Foundation

/// How each durable record becomes its feed event: pure, so every backend derives the same one.
extension FeedAppend {
    /// The event of an appended audit event (purchases, renewals, refunds, grants, operator
    /// actions ...), under the audit event's id.
    public init(_ audit: AuditEvent) {
        self.init(
            stream: audit.customerId?.space.rawValue ?? audit.appId ?? "",
            event: FeedEvent(
                id: audit.id.lowercasedString, type: audit.kind, occurredAt: audit.createdAt,
                customerId: audit.customerId?.rawValue, appId: audit.appId, actor: audit.actor.rawValue, subject: audit.subject,
                fact: audit.fact, reason: audit.reason, details: audit.details))
    }

    /// The event of a booked journal entry, under its idempotency key.
    public init(_ entry: JournalEntry) {
        var details = ["kind": entry.kind.rawValue, "currency": entry.currency]
        if let memo = entry.memo { details["memo"] = memo }
        self.init(
            stream: entry.customerId.space.rawValue,
            event: FeedEvent(
                id: "journal:" + entry.key, type: "ledger.posted", occurredAt: entry.createdAt,
                customerId: entry.customerId.rawValue, subject: entry.key, fact: entry.reference, details: details,
                postings: entry.postings.map {
                    FeedPosting(account: $0.account.kind.rawValue, customerId: $0.account.customerId?.rawValue, amount: $0.amount)
                }))
    }

    /// What happened to a notification in the inbox.
    public enum InboxStep: String, Hashable, Sendable {
        case received, processed, rejected
    }

    /// The event of a notification stored, applied or refused, once per notification and step.
    public init(notificationId: String, appId: String, step: InboxStep, at: Timestamp, notification: InboxNotification? = nil) {
        var details: [String: String] = [:]
        if let notification {
            details["version"] = String(notification.version)
            details["status"] = notification.status.rawValue
            if let type = notification.notificationType { details["notificationType"] = type }
            if let subtype = notification.subtype { details["subtype"] = subtype }
            if let environment = notification.environment { details["environment"] = environment }
        }
        self.init(
            stream: appId,
            event: FeedEvent(
                id: "notification:\(notificationId):\(step.rawValue)", type: "notification.\(step.rawValue)", occurredAt: at,
                appId: appId, actor: "apple", subject: "notification:" + notificationId, details: details))
    }
}

extension FeedAppend {
    /// The events of a notification newly stored: `received`, and its outcome when it was stored
    /// with one (a body refused on arrival is stored `rejected`).
    public static func inserted(_ notification: InboxNotification) -> [FeedAppend] {
        var appends = [
            FeedAppend(
                notificationId: notification.id, appId: notification.appId, step: .received, at: notification.receivedAt,
                notification: notification)
        ]
        switch notification.status {
        case .processed:
            appends.append(
                FeedAppend(
                    notificationId: notification.id, appId: notification.appId, step: .processed,
                    at: notification.processedAt ?? notification.receivedAt))
        case .rejected:
            appends.append(
                FeedAppend(notificationId: notification.id, appId: notification.appId, step: .rejected, at: notification.receivedAt))
        case .received, .failed:
            break
        }
        return appends
    }
}
