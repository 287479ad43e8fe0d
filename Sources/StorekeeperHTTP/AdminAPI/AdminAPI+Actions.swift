import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// Support's actions on Storekeeper's own records: grants and their early
/// revocation, wallet adjustments, order corrections, transfers and merges. Each needs the
/// support role, a reason and an idempotency key, and runs its use case in ``OperatorActions``:
/// the change, its audit event and the key's record commit in one transaction.
extension AdminAPI {
    package func actionRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.post("customers/:customer/grants", use: grantEntitlement)
        app.post("customers/:customer/grants/:grant/revoke", use: revokeGrant)
        app.post("customers/:customer/wallet/adjust", use: adjustWallet)
        app.post("orders/:order/correct", use: correctOrder)
        app.post("customers/:customer/transfer", use: transferPurchases)
        app.post("customers/:customer/merge", use: mergeCustomer)
    }

    @Sendable package func grantEntitlement(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId) = try await actionCall(request, context)
        let body = try await decode(ActionBody<GrantActionRequest>.self, request)
        return try json(try await operatorActions.grant(call, to: customerId, body.fields, body.action))
    }

    @Sendable package func revokeGrant(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId) = try await actionCall(request, context)
        let grantId = try context.grantId
        let body = try await decode(ActionBody<RevokeGrantActionRequest>.self, request)
        return try json(try await operatorActions.revokeGrant(call, grantId, of: customerId, body.action))
    }

    @Sendable package func adjustWallet(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId) = try await actionCall(request, context)
        let body = try await decode(ActionBody<WalletAdjustActionRequest>.self, request)
        return try json(try await operatorActions.adjustWallet(call, of: customerId, body.fields, body.action))
    }

    @Sendable package func correctOrder(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let orderId = try context.orderId
        let body = try await decode(ActionBody<OrderCorrectionActionRequest>.self, request)
        return try json(try await operatorActions.correctOrder(call, orderId, body.fields, body.action))
    }

    @Sendable package func transferPurchases(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId) = try await actionCall(request, context)
        let body = try await decode(ActionBody<TransferActionRequest>.self, request)
        return try json(try await operatorActions.transfer(call, from: customerId, body.fields, body.action))
    }

    @Sendable package func mergeCustomer(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId) = try await actionCall(request, context)
        let body = try await decode(ActionBody<MergeActionRequest>.self, request)
        return try json(try await operatorActions.merge(call, customerId, body.fields, body.action))
    }

    /// A customer action's call (support role) and the path's customer.
    private func actionCall(
        _ request: Request, _ context: StorekeeperRequestContext
    ) async throws -> (AdminCall, CustomerID) {
        let call = try await call(request, context, role: .support)
        return (call, try context.customer(in: call.services.customerSpace))
    }
}
