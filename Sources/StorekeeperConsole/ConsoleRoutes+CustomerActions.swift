import AppStoreModels
import Foundation
package import Hummingbird
package import Storekeeper
import StorekeeperAPIModels
package import StorekeeperApplication
package import StorekeeperHTTP

/// Support's actions on one customer from the console (support role): grant an entitlement,
/// revoke an operator's grant early, adjust the wallet. Each form carries the session's CSRF
/// token, a reason and an idempotency key minted when the form was rendered, and runs the same
/// use case of ``OperatorActions`` as the API: a form posted twice (a double click, a reload) does the action once. The browser then
/// returns to the customer's page, which says what happened.
extension ConsoleRoutes {
    @Sendable package func grantAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId, form) = try await customerAction(request, context)
        let reason = try AdminActionBody.reason(form["reason"] ?? "")
        let key = try Self.idempotencyKey(form)
        guard let entitlement = form.text("entitlement") else { throw StorekeeperError.invalidRequest("choose an entitlement") }
        guard let duration = form.text("duration") else { throw StorekeeperError.invalidRequest("give a duration, e.g. P7D") }
        let fields = GrantActionRequest(entitlement: entitlement, productId: nil, duration: .iso8601(duration), until: nil)
        let response = try await admin.operatorActions.grant(
            call, to: customerId, fields, AdminActionBody(reason: reason, idempotencyKey: key))
        return done(call, customerId, "grant", replayed: response.replayed)
    }

    @Sendable package func revokeGrantAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId, form) = try await customerAction(request, context)
        let reason = try AdminActionBody.reason(form["reason"] ?? "")
        let key = try Self.idempotencyKey(form)
        let grantId = try context.grantId
        let response = try await admin.operatorActions.revokeGrant(
            call, grantId, of: customerId, AdminActionBody(reason: reason, idempotencyKey: key))
        return done(call, customerId, "revoke", replayed: response.replayed)
    }

    @Sendable package func adjustWalletAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId, form) = try await customerAction(request, context)
        let reason = try AdminActionBody.reason(form["reason"] ?? "")
        let key = try Self.idempotencyKey(form)
        guard let currency = form.text("currency"), let amount = form.text("amount").flatMap({ Int64($0) }), amount != 0 else {
            throw StorekeeperError.invalidRequest("give a currency and a whole, non-zero amount (negative takes away)")
        }
        let response = try await admin.operatorActions.adjustWallet(
            call, of: customerId, WalletAdjustActionRequest(currency: currency, amount: amount),
            AdminActionBody(reason: reason, idempotencyKey: key))
        return done(call, customerId, "adjust", replayed: response.replayed)
    }

    /// A customer action's request: the support role in the app, the CSRF-checked form, the
    /// path's customer, and the admin API's call for the signed-in operator.
    package func customerAction(
        _ request: Request, _ context: StorekeeperRequestContext
    ) async throws -> (AdminCall, CustomerID, ConsoleForm) {
        let (_, call, customerId, form) = try await customerActionCall(request, context)
        return (call, customerId, form)
    }

    /// ``customerAction(_:_:)`` with the console's call too (for a result page's frame).
    package func customerActionCall(
        _ request: Request, _ context: StorekeeperRequestContext
    ) async throws -> (AppCall, AdminCall, CustomerID, ConsoleForm) {
        let (console, call, form) = try await supportAction(request, context)
        return (console, call, try context.customer(in: call.services.customerSpace), form)
    }

    /// An action's request in an app: the live session, the CSRF-checked form, the support role.
    package func supportAction(_ request: Request, _ context: StorekeeperRequestContext) async throws -> (AppCall, AdminCall, ConsoleForm) {
        let signedIn = try await signedIn(request)
        let form = try await postedForm(request, signedIn)
        let console = try await appCall(request, context, role: .support)
        return (console, AdminCall(services: console.services, operator: console.account), form)
    }

    /// Back to the customer's page, which says what was done (`?done=` names the action).
    private func done(_ call: AdminCall, _ customerId: CustomerID, _ action: String, replayed: Bool) -> Response {
        ConsoleResponse.redirect(
            to: ConsolePaths.customer(call.app.id, customerId.rawValue) + "?done=\(action)" + (replayed ? "&replayed=1" : ""))
    }

    package static func idempotencyKey(_ form: ConsoleForm) throws -> String {
        guard let key = form.text("idempotencyKey"), (1...128).contains(key.utf8.count) else {
            throw StorekeeperError.invalidRequest("the form lacks its idempotency key; reload the page")
        }
        return key
    }
}
