package import Storekeeper
import StorekeeperAPIModels

extension FeedEventBody {
    /// A feed event as `viewer` is shown it: an app list in its details keeps only the apps
    /// `viewer` was given, as in the audit log (``AuditEvent/shown(to:)``).
    package init(_ record: FeedRecord, shownTo viewer: Operator) {
        let event = record.event
        var details = event.details
        if let listed = details[AuditEvent.appsDetail] {
            details[AuditEvent.appsDetail] = viewer.visible(listed.split(separator: ",").map(String.init)).joined(separator: ",")
        }
        self.init(
            schemaVersion: FeedEvent.schemaVersion, cursor: record.cursor.description, id: event.id, type: event.type,
            occurredAt: event.occurredAt.millisecondsSince1970, customerId: event.customerId, appId: event.appId, actor: event.actor,
            subject: event.subject, fact: event.fact, reason: event.reason, details: details,
            postings: event.postings?.map { FeedPostingBody(account: $0.account, customerId: $0.customerId, amount: $0.amount) })
    }
}
