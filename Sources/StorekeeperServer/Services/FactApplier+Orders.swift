import AppStoreModels
import Foundation
import Storekeeper

/// Orders: which order a transaction paid, and its delivery.
extension FactApplier {
    /// A transaction Storekeeper recorded before any order was known (the App Store's
    /// notification came first, without a token) pays the order its presenter names or matches
    /// now — unless it already paid an order: a transaction pays at most one.
    func deliverKnown(
        _ transaction: AppleTransaction, order: Order, actor: AuditActor, fact: String, now: Timestamp,
        in tx: any PurchaseStoreTransaction, outcome: inout Outcome
    ) async throws {
        // An order created after the purchase cannot be what it paid (nor an old transaction
        // re-presented with a new order's id).
        guard order.createdAt <= transaction.purchaseDate.adding(milliseconds: 60_000),
            let stored = try await tx.transaction(environment: transaction.environment, transactionId: transaction.transactionId)
        else { return }
        switch stored.orderId {
        case order.id?:
            // Linked by this very upsert (a newer record of the transaction came with the order).
            try await deliver(order, by: transaction, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
        case nil:
            let before = outcome.deliveredOrders.count
            try await deliver(order, by: transaction, actor: actor, fact: fact, now: now, in: tx, outcome: &outcome)
            guard outcome.deliveredOrders.count > before else { return }
            guard try await tx.linkOrder(order.id, environment: transaction.environment, transactionId: transaction.transactionId)
            else {
                throw StorekeeperError(
                    .conflict, "transaction already paid another order", status: .conflict,
                    cause: "\(transaction.environment.rawValue):\(transaction.transactionId)")
            }
        default:
            return
        }
    }

    func findOrder(
        for transaction: AppleTransaction, customerId: CustomerID, orderId: UUID?, in tx: any PurchaseStoreTransaction
    ) async throws -> Order? {
        // A placeholder holds purchases no customer has presented yet: no order is ever its own
        // (the customer who claims the purchase is matched to an order then).
        guard !PurchaseDecision.isPlaceholder(customerId) else { return nil }
        if let orderId, let order = try await tx.order(id: orderId), order.customerId == customerId {
            return order
        }
        if let token = transaction.appAccountToken, let order = try await tx.order(appAccountToken: token) {
            return order.customerId == customerId ? order : nil
        }
        return OrderBook.match(transaction, customerId: customerId, candidates: try await tx.openOrders(customerId: customerId))
    }

    func deliver(
        _ order: Order, by transaction: AppleTransaction, actor: AuditActor, fact: String, now: Timestamp,
        in tx: any PurchaseStoreTransaction, outcome: inout Outcome
    ) async throws {
        guard order.state != .delivered else { return }
        let delivered: Order
        do {
            delivered = try OrderBook.deliver(order, by: transaction, at: now)
        } catch {
            // The transaction is still recorded and granted; the order mismatch is for support.
            try await tx.append(
                AuditEvent(
                    customerId: order.customerId, kind: "order.mismatch", actor: actor,
                    subject: "order:\(order.id.uuidString.lowercased())", fact: fact, details: ["reason": error.reason],
                    createdAt: now))
            return
        }
        try await tx.updateOrder(delivered)
        if let bonus = try Wallet.bonus(delivered, at: now),
            case .posted(let balance) = try await tx.post(bonus, requireNonNegative: false)
        {
            try await events.walletChanged(bonus, balance: balance, now: now, in: tx)
        }
        try await tx.append(
            AuditEvent(
                customerId: order.customerId, kind: "order.delivered", actor: actor,
                subject: "order:\(order.id.uuidString.lowercased())", fact: fact,
                details: ["transactionId": transaction.transactionId, "productId": transaction.productId], createdAt: now))
        outcome.deliveredOrders.append(delivered)
    }
}
