public import AppStoreModels
import Foundation

/// One entry of a customer's timeline: an Apple fact (a notification, a transaction, renewal
/// info) or something Storekeeper or an operator did (an audit event).
public struct TimelineEntry: Hashable, Sendable {
    /// What the entry shows, decoded.
    public enum Fact: Hashable, Sendable {
        case notification(InboxPageEntry)
        case transaction(StoredTransaction)
        case renewalInfo(RenewalInfo)
        case audit(AuditEvent)
    }

    /// Stable across pages: `notification:<id>`, `transaction:<environment>:<transactionId>`,
    /// `renewalInfo:<environment>:<originalTransactionId>`, `audit:<event id>`.
    public var id: String
    public var kind: TimelineKind
    public var position: TimelinePosition
    public var fact: Fact

    /// When it happened: a notification's arrival, a transaction's `purchaseDate`, renewal
    /// info's `signedDate`, an audit event's time.
    public var at: Timestamp { position.at }

    public static func notification(_ notification: InboxPageEntry) -> TimelineEntry {
        TimelineEntry(
            id: "notification:" + notification.id, kind: .notification,
            position: TimelinePosition(at: notification.receivedAt, source: .notification, first: notification.id),
            fact: .notification(notification))
    }

    public static func transaction(_ stored: StoredTransaction) -> TimelineEntry {
        let t = stored.transaction
        return TimelineEntry(
            id: "transaction:\(t.environment.rawValue):\(t.transactionId)", kind: .transaction,
            position: TimelinePosition(
                at: t.purchaseDate, source: .transaction, first: t.environment.rawValue, second: t.transactionId),
            fact: .transaction(stored))
    }

    public static func renewalInfo(_ info: RenewalInfo) -> TimelineEntry {
        TimelineEntry(
            id: "renewalInfo:\(info.environment.rawValue):\(info.originalTransactionId)", kind: .renewalInfo,
            position: TimelinePosition(
                at: info.signedDate, source: .renewalInfo, first: info.environment.rawValue, second: info.originalTransactionId),
            fact: .renewalInfo(info))
    }

    public static func audit(_ sequenced: SequencedAuditEvent) -> TimelineEntry {
        let event = sequenced.event
        return TimelineEntry(
            id: "audit:" + event.id.lowercasedString,
            kind: event.actor.rawValue.hasPrefix(TimelineActors.operatorPrefix) ? .operatorAction : .change,
            position: TimelinePosition(at: event.createdAt, source: .audit, first: String(sequenced.sequence)),
            fact: .audit(event))
    }
}

/// The kinds a timeline can be filtered by.
public struct TimelineKind: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// An App Store Server Notification that changed something for the customer.
    public static let notification = TimelineKind(rawValue: "notification")
    /// An Apple transaction as last signed (revocation and upgrade included).
    public static let transaction = TimelineKind(rawValue: "transaction")
    /// A subscription's latest renewal info.
    public static let renewalInfo = TimelineKind(rawValue: "renewalInfo")
    /// A state change Storekeeper recorded (grants, wallet, orders, lifecycle, ownership).
    public static let change = TimelineKind(rawValue: "change")
    /// An operator's action.
    public static let operatorAction = TimelineKind(rawValue: "operator")

    public static let allCases: [TimelineKind] = [.notification, .transaction, .renewalInfo, .change, .operatorAction]

    /// Kinds from a comma-separated list (`notification,change`); `nil` when one is unknown or
    /// the list is empty.
    public static func parse(_ list: String) -> Set<TimelineKind>? {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty else { return nil }
        var kinds: Set<TimelineKind> = []
        for name in names {
            guard let kind = allCases.first(where: { $0.rawValue == name }) else { return nil }
            kinds.insert(kind)
        }
        return kinds
    }
}

/// One page of a timeline, newest first.
public struct TimelinePage: Hashable, Sendable {
    public var entries: [TimelineEntry]
    /// Where the next (older) page starts; `nil` on the last page.
    public var next: TimelinePosition?

    public init(entries: [TimelineEntry], next: TimelinePosition?) {
        self.entries = entries
        self.next = next
    }

    /// The page of `limit` entries out of candidates that hold, for every source, that source's
    /// `limit` newest entries before the cursor: any entry of the true page is among them, so
    /// the merge is exact. A full page names its last entry as the next page's cursor.
    public static func merge(_ candidates: [TimelineEntry], limit: Int) -> TimelinePage {
        let page = Array(candidates.sorted { $0.position > $1.position }.prefix(max(limit, 0)))
        return TimelinePage(entries: page, next: page.count == limit ? page.last?.position : nil)
    }
}
