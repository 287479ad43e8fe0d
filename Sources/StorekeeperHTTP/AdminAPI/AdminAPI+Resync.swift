import AppStoreModels
import Foundation
package import Hummingbird
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperApplication

/// Resync a customer from Apple (support role): `POST customers/{customer}/resync`.
extension AdminAPI {
    package func resyncRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.post("customers/:customer/resync", use: resyncCustomer)
    }

    /// Asks Apple for the customer's Transaction History and All Subscription Statuses, applies
    /// them like any fact, and answers what changed; audited with the operator's reason.
    @Sendable package func resyncCustomer(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let customerId = try call.services.pathCustomer(context)
        let body = try await decode(AdminActionBody.self, request)
        return try json(try await resync(call, customerId, body))
    }

    /// The resync itself, for the API and the console alike (`body` already checked).
    package func resync(
        _ call: AdminCall, _ customerId: CustomerID, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<ResyncResult> {
        let service = ResyncService(store: store, runtime: call.services.runtime, applier: call.services.notifications.applier)
        let now = now
        return try await onceAtApple(
            call, key: body.idempotencyKey, kind: "customer.resync",
            request: ResyncRequest(customerId: customerId.rawValue, reason: body.reason),
            perform: { try await service.resync(customerId, actor: call.actor, now: now) },
            commit: { result, tx in
                try await tx.append(
                    call.audit(
                        kind: "customer.resynced", customerId: customerId, fact: "resync:\(customerId.rawValue)",
                        details: [
                            "originalTransactions": String(result.originalTransactionIds.count),
                            "newTransactions": String(result.newTransactions.count),
                            "changedSubscriptions": String(result.changedSubscriptions.count),
                        ], reason: body.reason, at: now()))
                return result
            })
    }
}
