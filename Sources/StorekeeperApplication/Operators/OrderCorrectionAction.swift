package import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperAPIModels

/// Support's order corrections (订单矫正, 补单; `seeds/004_*`), inside the action's transaction.
/// Attaching a transaction and re-running delivery go through the purchase path
/// (`FactApplier.applyPresented` with the order named), so what the order bought is granted and
/// credited exactly as a purchase would be, and never twice: every effect is keyed by Apple's
/// identifiers. Marking an order delivered or failed changes only the order (``OrderCorrection``).
package struct OrderCorrectionAction: Sendable {
    package let scope: OperatorActionScope

    package init(
        scope: OperatorActionScope
    ) {
        self.scope = scope
    }

    /// The transaction an `attach` names, as Apple signed it: `nil` when the store has it (the
    /// action reads it there), fetched from Apple (`Get Transaction Info`, verified) before the
    /// action's transaction otherwise.
    package struct Attachment: Sendable {
        package var environment: AppStoreEnvironment
        package var transactionId: String
        package var fetched: AppleTransaction?

        package init(
            environment: AppStoreEnvironment, transactionId: String, fetched: AppleTransaction? = nil
        ) {
            self.environment = environment
            self.transactionId = transactionId
            self.fetched = fetched
        }
    }

    package func correct(
        _ action: OrderCorrection.Action, orderId: UUID, body: OrderCorrectionActionRequest, attachment: Attachment?,
        in tx: any FactApplier.Aggregates
    ) async throws -> OrderCorrectionResponse {
        // An order id names orders of every app: another app's order is not found here.
        guard let order = try await tx.order(id: orderId), scope.app.owns(order.customerId) else {
            throw StorekeeperError.notFound("no order \(orderId.lowercasedString)")
        }
        switch action {
        case .attach:
            guard let attachment else { throw StorekeeperError.invalidRequest("attach needs a transactionId") }
            return try await attach(attachment, to: order, in: tx)
        case .redeliver:
            return try await redeliver(order, in: tx)
        case .markDelivered, .markFailed:
            return try await mark(order, action: action, failureCode: body.failureCode, in: tx)
        }
    }

    private func attach(
        _ attachment: Attachment, to order: Order, in tx: any FactApplier.Aggregates
    ) async throws
        -> OrderCorrectionResponse
    {
        let stored = try await tx.transaction(environment: attachment.environment, transactionId: attachment.transactionId)
        guard let transaction = stored?.transaction ?? attachment.fetched else {
            throw StorekeeperError.notFound(
                "transaction \(attachment.transactionId) is unknown here and Apple was not asked (the app has no Server API key)")
        }
        do throws(OrderError) {
            try OrderCorrection.checkAttach(order, transaction: transaction, paidOrder: stored?.orderId)
        } catch {
            throw StorekeeperError.order(error)
        }
        let response = try await deliver(transaction, order: order, action: .attach, in: tx)
        if response.changed {
            try await AppAccountTokenRekeying(scope: scope).attached(transaction, to: order, in: tx)
        }
        return response
    }

    private func redeliver(_ order: Order, in tx: any FactApplier.Aggregates) async throws -> OrderCorrectionResponse {
        let transaction: AppleTransaction
        if let environment = order.environment, let transactionId = order.transactionId,
            let stored = try await tx.transaction(environment: environment, transactionId: transactionId)
        {
            transaction = stored.transaction
        } else if let linked = try await tx.transactions(customerId: order.customerId, limit: Int.max).first(where: {
            $0.orderId == order.id
        }) {
            // Recorded as paying the order, but never delivered it (a product mismatch, a crash).
            transaction = linked.transaction
        } else {
            throw StorekeeperError.order(
                OrderError(.notPaid, "order \(order.id.lowercasedString) has no transaction to deliver; attach the one that paid it")
            )
        }
        return try await deliver(transaction, order: order, action: .redeliver, in: tx)
    }

    /// Runs the purchase path for `transaction` presented by the order's customer with the order
    /// named; refuses when another customer owns the purchase (a transfer is a separate action).
    private func deliver(
        _ transaction: AppleTransaction, order: Order, action: OrderCorrection.Action, in tx: any FactApplier.Aggregates
    ) async throws -> OrderCorrectionResponse {
        let customerId = order.customerId
        if let owner = try await tx.owner(environment: transaction.environment, originalTransactionId: transaction.originalTransactionId),
            owner != customerId, !PurchaseDecision.isPlaceholder(owner)
        {
            throw StorekeeperError(
                .ownedByAnotherCustomer, "the transaction's purchase belongs to customer \(owner.rawValue); transfer it first",
                kind: .conflict)
        }
        let before = try await CustomerService.view(customerId, now: scope.now, in: tx)
        let outcome = try await scope.applier.applyPresented(
            [transaction], renewals: [], by: customerId, orderId: order.id, actor: scope.actor,
            fact: "operator:\(scope.operatorName)", now: scope.now, in: tx)
        guard let after = try await tx.order(id: order.id) else {
            throw StorekeeperError.notFound("no order \(order.id.lowercasedString)")
        }
        guard after.state == .delivered, after.transactionId == transaction.transactionId || after.transactionId == nil else {
            throw StorekeeperError(
                Code(rawValue: "orderNotDelivered"),
                "transaction \(transaction.transactionId) did not deliver order \(order.id.lowercasedString) (state \(after.state)); see the order's audit trail",
                kind: .conflict)
        }
        let view = try await CustomerService.view(customerId, now: scope.now, in: tx)
        let changed = after != order || view != before
        try await tx.append(
            scope.audit(
                kind: "order.corrected", customerId: customerId, subject: "order:\(order.id.lowercasedString)",
                details: [
                    "action": action.rawValue, "transactionId": transaction.transactionId,
                    "environment": transaction.environment.rawValue, "from": order.state.rawValue,
                    "to": after.state.rawValue, "changed": String(changed),
                ]))
        return OrderCorrectionResponse(
            action: action.rawValue, changed: changed, order: AdminOrderBody(after),
            recordedTransactionIds: outcome.recorded.map(\.transactionId), customer: CustomerBody(view))
    }

    private func mark(
        _ order: Order, action: OrderCorrection.Action, failureCode: String?,
        in tx: any OrderStoreWriter & AuditStoreWriter & CoordinationStoreWriter & CustomerStoreReader
    ) async throws -> OrderCorrectionResponse {
        try await tx.lock(customer: order.customerId)
        guard let current = try await tx.order(id: order.id) else {
            throw StorekeeperError.notFound("no order \(order.id.lowercasedString)")
        }
        let corrected: Order
        do throws(OrderError) {
            if action == .markFailed {
                guard let failureCode else { throw OrderError(.invalidFailureCode, "mark_failed needs a failureCode") }
                corrected = try OrderCorrection.markFailed(current, code: failureCode, at: scope.now)
            } else {
                corrected = try OrderCorrection.markDelivered(current, at: scope.now)
            }
        } catch {
            throw StorekeeperError.order(error)
        }
        try await tx.updateOrder(corrected)
        var details = ["action": action.rawValue, "from": current.state.rawValue, "to": corrected.state.rawValue]
        if let code = corrected.failureCode { details["failureCode"] = code }
        try await tx.append(
            scope.audit(
                kind: "order.corrected", customerId: current.customerId, subject: "order:\(current.id.lowercasedString)",
                details: details))
        return OrderCorrectionResponse(
            action: action.rawValue, changed: true, order: AdminOrderBody(corrected), recordedTransactionIds: [],
            customer: CustomerBody(try await CustomerService.view(current.customerId, now: scope.now, in: tx)))
    }

    package typealias Code = StorekeeperError.Code
}
