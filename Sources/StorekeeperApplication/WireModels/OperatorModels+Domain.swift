import AppStoreModels
import Foundation
package import Storekeeper
import StorekeeperAPIModels

// How the admin API's operator and audit bodies (`StorekeeperAPIModels`) are built from the
// domain's operators and audit events.

extension OperatorBody {
    package init(_ account: Operator) {
        self.init(
            name: account.name, role: account.role.rawValue, apps: account.apps,
            createdAt: account.createdAt.millisecondsSince1970, disabledAt: account.disabledAt?.millisecondsSince1970)
    }
}

extension AuditEventBody {
    package init(_ event: AuditEvent) {
        self.init(
            id: event.id, kind: event.kind, actor: event.actor.rawValue, operator: event.actor.operatorName,
            customerId: event.customerId?.rawValue, subject: event.subject, fact: event.fact, details: event.details,
            reason: event.reason, createdAt: event.createdAt.millisecondsSince1970)
    }
}
