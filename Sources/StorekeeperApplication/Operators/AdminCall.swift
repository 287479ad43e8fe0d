package import AppStoreModels
import Foundation
package import Storekeeper

/// One authenticated admin request: the app it addresses, with its services, and the operator
/// making it (already checked to see the app in the role the route needs).
package struct AdminCall: Sendable {
    package let services: AppServices
    package let `operator`: Operator

    package init(
        services: AppServices, `operator`: Operator
    ) {
        self.services = services
        self.operator = `operator`
    }

    package var app: AppConfiguration { services.runtime.config }
    /// How the audit log names the operator.
    package var actor: AuditActor { .operator(self.operator.name) }

    /// An audit event of this operator's action in this app, with its reason.
    package func audit(
        kind: String, customerId: CustomerID? = nil, subject: String? = nil, fact: String? = nil, details: [String: String] = [:],
        reason: String, at time: Timestamp
    ) -> AuditEvent {
        AuditEvent(
            customerId: customerId, kind: kind, actor: actor, subject: subject, fact: fact, details: details, appId: app.id,
            reason: reason, createdAt: time)
    }
}
