import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// Group subscriptions (viewer role):
/// - `GET /v1/admin/apps/{app}/groups/{originalTransactionId}?environment=`: one group
///   (``AdminGroup``): purchaser, seats, members, seat claims;
/// - `GET .../customers/{customer}/groups`: the groups a customer buys or sits in.
extension AdminAPI {
    package func groupRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.get("groups/:originalTransactionId", use: group)
        app.get("customers/:customer/groups", use: customerGroups)
    }

    @Sendable package func group(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        guard let id = context.parameters.get("originalTransactionId") else { throw StorekeeperError.notFound("no such group") }
        let environment = try request.uri.queryParameters.get("environment").map {
            try AppleSide.environment(String($0), of: call.services.runtime.config)
        }
        let services = call.services
        let group = try await services.groups.group(originalTransactionId: id, environment: environment) { services.owns($0) }
        return try json(AdminGroup(group))
    }

    @Sendable package func customerGroups(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let customerId = try context.customer(in: call.services.customerSpace)
        return try json(AdminGroupMemberships(try await call.services.groups.memberships(of: customerId)))
    }
}
