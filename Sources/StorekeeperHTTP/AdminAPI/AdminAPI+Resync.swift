import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// Resync a customer from Apple (support role): `POST customers/{customer}/resync`.
extension AdminAPI {
    package func resyncRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.post("customers/:customer/resync", use: resyncCustomer)
    }

    /// Asks Apple for the customer's Transaction History and All Subscription Statuses, applies
    /// them like any fact, and answers what changed; audited with the operator's reason.
    @Sendable package func resyncCustomer(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let customerId = try context.customer(in: call.services.customerSpace)
        let body = try await decode(AdminActionBody.self, request)
        return try json(try await operatorActions.resync(call, customerId, body))
    }
}
