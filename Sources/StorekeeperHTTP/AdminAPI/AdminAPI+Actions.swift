import AppStoreAPI
import AppStoreModels
package import Foundation
package import Hummingbird
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperApplication

/// Support's actions on Storekeeper's own records: grants and their early
/// revocation, wallet adjustments, order corrections, transfers and merges. Each needs the
/// support role, a reason and an idempotency key, and runs through ``OperatorActionRunner/once(_:key:kind:request:_:)``:
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
        let scope = scope(call, body.action)
        return try json(
            try await actions.once(
                call, key: body.action.idempotencyKey, kind: "grant",
                request: ActionRequest(target: customerId.rawValue, reason: body.action.reason, fields: body.fields)
            ) { tx in
                try await OperatorGrantActions(scope: scope).grant(body.fields, to: customerId, in: tx)
            })
    }

    @Sendable package func revokeGrant(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId) = try await actionCall(request, context)
        guard let raw = context.parameters.get("grant"), let grantId = UUID(uuidString: raw) else {
            throw StorekeeperError.invalidRequest("grant id must be a UUID")
        }
        let body = try await decode(ActionBody<RevokeGrantActionRequest>.self, request)
        let scope = scope(call, body.action)
        return try json(
            try await actions.once(
                call, key: body.action.idempotencyKey, kind: "grant.revoke",
                request: ActionRequest(
                    target: "\(customerId.rawValue)/\(grantId.uuidString.lowercased())", reason: body.action.reason, fields: body.fields)
            ) { tx in
                try await OperatorGrantActions(scope: scope).revoke(grantId, of: customerId, in: tx)
            })
    }

    @Sendable package func adjustWallet(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId) = try await actionCall(request, context)
        let body = try await decode(ActionBody<WalletAdjustActionRequest>.self, request)
        let scope = scope(call, body.action)
        let key = body.action.idempotencyKey
        return try json(
            try await actions.once(
                call, key: key, kind: "wallet.adjust",
                request: ActionRequest(target: customerId.rawValue, reason: body.action.reason, fields: body.fields)
            ) { tx in
                try await WalletAdjustAction(scope: scope).adjust(body.fields, of: customerId, key: key, in: tx)
            })
    }

    @Sendable package func correctOrder(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        guard let raw = context.parameters.get("order"), let orderId = UUID(uuidString: raw) else {
            throw StorekeeperError.invalidRequest("order id must be a UUID")
        }
        let body = try await decode(ActionBody<OrderCorrectionActionRequest>.self, request)
        return try json(try await correctOrder(call, orderId, body.fields, body.action))
    }

    /// An order correction, for the API and the console alike.
    package func correctOrder(
        _ call: AdminCall, _ orderId: UUID, _ fields: OrderCorrectionActionRequest, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<OrderCorrectionResponse> {
        guard let action = OrderCorrection.Action(rawValue: fields.action) else {
            throw StorekeeperError.invalidRequest("action must be attach, mark_delivered, mark_failed or redeliver")
        }
        let scope = scope(call, body)
        let key = body.idempotencyKey
        // Apple is asked before the action's transaction, and only for a transaction the store
        // lacks in a first request under this key.
        let attachment =
            action == .attach ? try await attachment(fields, call: call, firstRequest: try await isFirst(key, call)) : nil
        return try await actions.once(
            call, key: key, kind: "order.correct",
            request: ActionRequest(target: orderId.uuidString.lowercased(), reason: body.reason, fields: fields)
        ) { tx in
            try await OrderCorrectionAction(scope: scope).correct(action, orderId: orderId, body: fields, attachment: attachment, in: tx)
        }
    }

    @Sendable package func transferPurchases(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId) = try await actionCall(request, context)
        let body = try await decode(ActionBody<TransferActionRequest>.self, request)
        // A malformed customer id is refused before the idempotency key is looked at.
        _ = try CustomerID(requested: body.fields.to, field: "to", in: call.app.customerSpace)
        return try json(try await transfer(call, customerId, body.fields, body.action))
    }

    /// A transfer of purchases, for the API and the console alike.
    package func transfer(
        _ call: AdminCall, _ customerId: CustomerID, _ fields: TransferActionRequest, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<TransferResponse> {
        let scope = scope(call, body)
        return try await actions.once(
            call, key: body.idempotencyKey, kind: "transfer",
            request: ActionRequest(target: customerId.rawValue, reason: body.reason, fields: fields)
        ) { tx in
            try await TransferAction(scope: scope).transfer(fields, from: customerId, in: tx)
        }
    }

    @Sendable package func mergeCustomer(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (call, customerId) = try await actionCall(request, context)
        let body = try await decode(ActionBody<MergeActionRequest>.self, request)
        // A malformed customer id is refused before the idempotency key is looked at.
        _ = try CustomerID(requested: body.fields.into, field: "into", in: call.app.customerSpace)
        return try json(try await merge(call, customerId, body.fields, body.action))
    }

    /// A merge of one customer into another, for the API and the console alike.
    package func merge(
        _ call: AdminCall, _ customerId: CustomerID, _ fields: MergeActionRequest, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<MergeResponse> {
        let scope = scope(call, body)
        return try await actions.once(
            call, key: body.idempotencyKey, kind: "merge",
            request: ActionRequest(target: customerId.rawValue, reason: body.reason, fields: fields)
        ) { tx in
            try await TransferAction(scope: scope).merge(fields, from: customerId, customers: call.services.customers, in: tx)
        }
    }

    // MARK: Plumbing

    /// A customer action's call (support role) and the path's customer.
    private func actionCall(
        _ request: Request, _ context: StorekeeperRequestContext
    ) async throws -> (AdminCall, CustomerID) {
        let call = try await call(request, context, role: .support)
        return (call, try call.services.pathCustomer(context))
    }

    private func scope(_ call: AdminCall, _ action: AdminActionBody) -> OperatorActionScope {
        OperatorActionScope(call: call, reason: action.reason, now: now())
    }

    /// Whether no action was recorded under `key` yet (a replay needs nothing from Apple).
    private func isFirst(_ key: String, _ call: AdminCall) async throws -> Bool {
        try await store.read { try await $0.adminAction(appId: call.app.id, key: key) } == nil
    }

    /// The transaction an `attach` names: its environment (given, or the app's only one), and,
    /// when the store lacks it in a first request, the transaction as Apple signs it now.
    private func attachment(
        _ fields: OrderCorrectionActionRequest, call: AdminCall, firstRequest: Bool
    ) async throws -> OrderCorrectionAction.Attachment {
        guard let transactionId = fields.transactionId, (1...64).contains(transactionId.utf8.count) else {
            throw StorekeeperError.invalidRequest("attach needs a transactionId (1–64 characters)")
        }
        let environments = call.app.environments
        let environment: AppStoreEnvironment
        if let given = fields.environment {
            environment = AppStoreEnvironment(rawValue: given)
            guard environments.contains(environment) else {
                throw StorekeeperError.invalidRequest("the app does not accept the \(given.prefix(32)) environment")
            }
        } else if environments.count == 1, let only = environments.first {
            environment = only
        } else {
            throw StorekeeperError.invalidRequest("attach needs an environment (Production or Sandbox): the app accepts both")
        }
        var attachment = OrderCorrectionAction.Attachment(environment: environment, transactionId: transactionId, fetched: nil)
        guard firstRequest,
            try await store.read({ try await $0.transaction(environment: environment, transactionId: transactionId) }) == nil,
            let apple = call.services.runtime.apple, apple.serverAPI[environment] != nil
        else { return attachment }
        do {
            attachment.fetched = try await apple.transaction(environment: environment, transactionId: transactionId)
        } catch let error as AppStoreAPIError where error.code == .notFound {
            throw StorekeeperError(
                .notFound, "Apple knows no transaction \(transactionId) in \(environment.rawValue)", kind: .notFound,
                underlying: error)
        } catch let error as AppStoreAPIError {
            throw StorekeeperError.unavailable("Apple could not be asked for the transaction; retry later", underlying: error)
        }
        return attachment
    }
}
