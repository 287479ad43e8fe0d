import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// Renewal-date extensions through Apple (support role to act, viewer to read a status):
/// `POST customers/{customer}/extend`, `POST extensions` (mass), `GET extensions/{requestIdentifier}`.
extension AdminAPI {
    /// Every route of the Apple-side actions and the notifications inbox (`AdminAPI.routes` calls it).
    package func appleRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        extensionRoutes(app)
        resyncRoutes(app)
        offerRoutes(app)
        notificationRoutes(app)
    }

    package func extensionRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.post("customers/:customer/extend", use: extendSubscription)
        app.post("extensions", use: extendAllSubscribers)
        app.get("extensions/:requestIdentifier", use: massExtensionStatus)
    }

    /// Extends one subscription of the customer at Apple (``OperatorActions/extend(_:_:_:)``).
    @Sendable package func extendSubscription(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let customerId = try context.customer(in: call.services.customerSpace)
        let body = try await decode(ExtendRequest.self, request)
        return try json(try await operatorActions.extend(call, customerId, body))
    }

    /// Asks Apple to extend every active subscriber of a product (``OperatorActions/extendAll(_:_:)``):
    /// 202 the first time, 200 for a replay.
    @Sendable package func extendAllSubscribers(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let body = try await decode(MassExtendRequest.self, request)
        let response = try await operatorActions.extendAll(call, body)
        return try json(response, status: response.replayed ? .ok : .accepted)
    }

    @Sendable package func massExtensionStatus(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        return try json(try await operatorActions.extensions(call).status(requestIdentifier: try context.requestIdentifier))
    }
}
