import AppStoreModels
import Foundation

/// Orders: which order a transaction paid, and its delivery.
extension PurchasePlanner {
    /// The order `transaction` pays for `customer`: the one the presentation names, else the one
    /// its token names, else the open order it matches (``OrderBook/match(_:customerId:candidates:)``).
    /// A placeholder holds purchases no customer has presented yet: no order is ever its own
    /// (the customer who claims the purchase is matched to an order then).
    func findOrder(
        for transaction: AppleTransaction, customer: CustomerID, orderId: UUID?, in workspace: PurchaseWorkspace
    ) throws -> Order? {
        guard !PurchaseDecision.isPlaceholder(customer) else { return nil }
        if let orderId, let order = workspace.order(id: orderId), order.customerId == customer {
            return order
        }
        if let token = transaction.appAccountToken, let order = try workspace.order(appAccountToken: token) {
            return order.customerId == customer ? order : nil
        }
        return OrderBook.match(transaction, customerId: customer, candidates: try workspace.openOrders(of: customer))
    }

    /// A transaction Storekeeper recorded before any order was known (the App Store's
    /// notification came first, without a token) pays the order its presenter names or matches
    /// now — unless it already paid an order: a transaction pays at most one.
    func deliverKnown(
        _ transaction: AppleTransaction, order: Order, in workspace: inout PurchaseWorkspace, outcome: inout PurchaseOutcome
    ) throws {
        // An order created after the purchase cannot be what it paid (nor an old transaction
        // re-presented with a new order's id).
        guard order.createdAt <= transaction.purchaseDate.adding(milliseconds: 60_000),
            let stored = try workspace.stored(TransactionRef(transaction))
        else { return }
        switch stored.orderId {
        case order.id?:
            // Linked by this very upsert (a newer record of the transaction came with the order).
            try deliver(order, by: transaction, in: &workspace, outcome: &outcome)
        case nil:
            let before = outcome.deliveredOrders.count
            try deliver(order, by: transaction, in: &workspace, outcome: &outcome)
            guard outcome.deliveredOrders.count > before else { return }
            try workspace.linkOrder(order.id, to: transaction)
        default:
            return
        }
    }

    /// Delivers `order`, paid by `transaction`, with its bonus; a mismatch between the two is
    /// audited for support instead (the transaction is still recorded and granted).
    func deliver(
        _ order: Order, by transaction: AppleTransaction, in workspace: inout PurchaseWorkspace, outcome: inout PurchaseOutcome
    ) throws {
        guard order.state != .delivered else { return }
        let subject = "order:\(order.id.lowercasedString)"
        let delivered: Order
        do {
            delivered = try OrderBook.deliver(order, by: transaction, at: now)
        } catch {
            workspace.append(
                AuditEvent(
                    customerId: order.customerId, kind: "order.mismatch", actor: actor, subject: subject, fact: fact,
                    details: ["reason": error.reason], createdAt: now))
            return
        }
        workspace.updateOrder(delivered)
        if let bonus = try Wallet.bonus(delivered, at: now) {
            _ = workspace.post(bonus, then: .notify)
        }
        workspace.append(
            AuditEvent(
                customerId: order.customerId, kind: "order.delivered", actor: actor, subject: subject, fact: fact,
                details: ["transactionId": transaction.transactionId, "productId": transaction.productId], createdAt: now))
        outcome.deliveredOrders.append(delivered)
    }
}
