import AppStoreAPI
package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// A customer's timeline: every Apple fact Storekeeper holds about them (the notifications that
/// changed something for them, their transactions as last signed, their subscriptions' renewal
/// info) and every change and operator action recorded for them, newest first, a page at a time
/// (``TimelinePage``), and the signed data behind an entry.
package struct TimelineService: Sendable {
    package let store: any PurchaseStore
    package let app: AppConfiguration
    /// Apple (or the simulator), when the app has a Server API key: the signed form of a
    /// transaction no stored notification carried is asked from it.
    package let apple: AppleConnection?

    package init(
        store: any PurchaseStore, app: AppConfiguration, apple: AppleConnection?
    ) {
        self.store = store
        self.app = app
        self.apple = apple
    }

    package static let defaultLimit = 50
    package static let maximumLimit = 200

    /// A page of the timeline; with `raw`, each entry carries the signed data held for it
    /// (``withStoredRaw(_:of:)``).
    package func page(
        _ customerId: CustomerID, kinds: Set<TimelineKind>, before: TimelinePosition?, limit: Int, raw: Bool = false
    ) async throws -> AdminTimelinePage {
        let page = try await store.read { reader in
            var candidates: [TimelineEntry] = []
            if kinds.contains(.notification) {
                candidates += try await reader.timelineNotifications(
                    customerId: customerId, appId: app.id, before: before?.bound(for: .notification), limit: limit
                ).map(TimelineEntry.notification)
            }
            if kinds.contains(.transaction) {
                candidates += try await reader.timelineTransactions(
                    customerId: customerId, before: before?.bound(for: .transaction), limit: limit
                ).map(TimelineEntry.transaction)
            }
            if kinds.contains(.renewalInfo) {
                let bound = before?.bound(for: .renewalInfo)
                for stored in try await reader.subscriptions(customerId: customerId) {
                    guard let info = try SubscriptionApplier.decode(stored.state).renewalInfo,
                        bound?.admits(info.signedDate, info.environment.rawValue, info.originalTransactionId) ?? true
                    else { continue }
                    candidates.append(.renewalInfo(info))
                }
            }
            let actors: TimelineActors? =
                switch (kinds.contains(.change), kinds.contains(.operatorAction)) {
                case (true, true): .all
                case (true, false): .others
                case (false, true): .operators
                case (false, false): nil
                }
            if let actors {
                candidates += try await reader.timelineAudit(
                    customerId: customerId, appId: app.id, before: before?.bound(for: .audit), actors: actors, limit: limit
                ).map(TimelineEntry.audit)
            }
            return TimelinePage.merge(candidates, limit: limit)
        }
        let entries = page.entries.map(Self.entry)
        return AdminTimelinePage(
            customerId: customerId.rawValue, entries: raw ? try await withStoredRaw(entries, of: customerId) : entries,
            nextCursor: page.next?.cursor)
    }

    package static func entry(_ entry: TimelineEntry) -> AdminTimelineEntry {
        var shown = AdminTimelineEntry(id: entry.id, kind: entry.kind, at: entry.at, hasRaw: entry.kind != .change)
        switch entry.fact {
        case .notification(let n):
            shown.notification = AdminTimelineNotification(
                id: n.id, version: n.version, notificationType: n.notificationType, subtype: n.subtype,
                signedDate: n.signedDate?.millisecondsSince1970, receivedAt: n.receivedAt.millisecondsSince1970, status: n.status.rawValue,
                attempts: n.attempts,
                lastError: n.lastError, processedAt: n.processedAt?.millisecondsSince1970)
        case .transaction(let stored):
            shown.transaction = CustomerRecordService.purchase(stored)
        case .renewalInfo(let info):
            shown.renewalInfo = RenewalInfoBody(info)
        case .audit(let event):
            shown.hasRaw = false
            shown.event = AdminAuditEvent(event)
        }
        return shown
    }
}

extension AdminTimelineEntry {
    package init(id: String, kind: TimelineKind, at: Timestamp, hasRaw: Bool) {
        self.init(
            id: id, kind: kind.rawValue, at: at.millisecondsSince1970, hasRaw: hasRaw, notification: nil, transaction: nil,
            renewalInfo: nil, event: nil, raw: nil)
    }
}
