import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// A promotional offer signature for support to hand a customer (support role):
/// `POST customers/{customer}/offers/promotional`, through the app's ``OfferService`` (the same
/// eligibility rule and signatures as the app's own route).
extension AdminAPI {
    package func offerRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.post("customers/:customer/offers/promotional", use: signPromotionalOffer)
    }

    @Sendable package func signPromotionalOffer(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let customerId = try context.customer(in: call.services.customerSpace)
        let body = try await decode(AdminOfferRequest.self, request)
        return try json(try await operatorActions.signPromotionalOffer(call, for: customerId, body))
    }
}
