import AppStoreAPI
import AppStoreModels
package import Foundation
import Storekeeper
package import StorekeeperAPIModels
import StorekeeperStore

/// The order correction: attach a transaction (asking Apple for one the store lacks), mark
/// delivered or failed, redeliver.
extension OperatorActions {
    package func correctOrder(
        _ call: AdminCall, _ orderId: UUID, _ fields: OrderCorrectionActionRequest, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<OrderCorrectionResponse> {
        guard let action = OrderCorrection.Action(rawValue: fields.action) else {
            throw StorekeeperError.invalidRequest("action must be attach, mark_delivered, mark_failed or redeliver")
        }
        // Apple is asked before the action's transaction, and only for a transaction the store
        // lacks in a first request under this key.
        let attachment =
            action == .attach
            ? try await attachment(fields, call: call, firstRequest: try await isFirst(body.idempotencyKey, call)) : nil
        return try await once(call, body, kind: "order.correct", target: orderId.lowercasedString, fields: fields) { scope, tx in
            try await OrderCorrectionAction(scope: scope).correct(action, orderId: orderId, body: fields, attachment: attachment, in: tx)
        }
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
