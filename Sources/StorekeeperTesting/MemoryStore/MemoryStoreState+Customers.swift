import AppStoreModels
import Foundation
import Storekeeper

/// Customers, orders and the customer record (`SQLStore+Customers`, `+Orders`, `+CustomerRecord`).
extension MemoryStoreState {
    func customer(_ id: CustomerID) throws -> Customer? {
        try MemoryText.refuseNUL(id.rawValue)
        return customers[id]
    }

    mutating func ensureCustomer(_ customer: Customer) throws -> Customer {
        try Self.refuseNUL(in: customer)
        if let stored = customers[customer.id] { return stored }
        customers[customer.id] = customer
        return customer
    }

    mutating func updateCustomer(_ customer: Customer) throws {
        try Self.refuseNUL(in: customer)
        guard customers[customer.id] != nil else { throw PurchaseStoreError.notFound("no customer \(customer.id) to update") }
        customers[customer.id] = customer
    }

    static func refuseNUL(in customer: Customer) throws(PurchaseStoreError) {
        try MemoryText.refuseNUL(customer.id.rawValue, customer.mergedInto?.rawValue)
    }

    // MARK: Orders

    func order(id: UUID) -> Order? { orders[id] }

    func order(appAccountToken: UUID) -> Order? { orderIdsByToken[appAccountToken].flatMap { orders[$0] } }

    /// Not final (unknown states count as open), newest first: `created_at DESC, id DESC`.
    func openOrders(customerId: CustomerID) throws -> [Order] {
        try MemoryText.refuseNUL(customerId.rawValue)
        let final: Set<OrderState> = [.delivered, .failed, .cancelled, .expired]
        return orders.values.filter { $0.customerId == customerId && !final.contains($0.state) }.sorted {
            Self.ordered(
                $1, $0,
                by: [{ Self.compare($0.createdAt, $1.createdAt) }, { Self.compareText(MemoryText.text($0.id), MemoryText.text($1.id)) }])
        }
    }

    /// Created or pending, updated before the cut-off, oldest first: `updated_at, id`.
    func staleOrders(updatedBefore: Timestamp, limit: Int) throws -> [Order] {
        try PurchaseStoreError.checkLimit(limit)
        let stale: Set<OrderState> = [.created, .pending]
        let rows = orders.values.filter { stale.contains($0.state) && $0.updatedAt < updatedBefore }.sorted {
            Self.ordered(
                $0, $1,
                by: [{ Self.compare($0.updatedAt, $1.updatedAt) }, { Self.compareText(MemoryText.text($0.id), MemoryText.text($1.id)) }])
        }
        return try Self.limited(rows, limit)
    }

    func unpaidOrders(productId: String, createdFrom: Timestamp, createdBefore: Timestamp, limit: Int) throws -> [Order] {
        try PurchaseStoreError.checkLimit(limit)
        let unpaid: Set<OrderState> = [.created, .pending, .expired]
        let rows = orders.values.filter {
            $0.productId == productId && unpaid.contains($0.state) && $0.createdAt >= createdFrom && $0.createdAt < createdBefore
        }.sorted {
            Self.ordered(
                $0, $1,
                by: [{ Self.compare($0.createdAt, $1.createdAt) }, { Self.compareText(MemoryText.text($0.id), MemoryText.text($1.id)) }])
        }
        return try Self.limited(rows, limit)
    }

    /// A second order with the same ID or `appAccountToken` fails with ``PurchaseStoreError/Code/uniqueViolation``.
    mutating func insertOrder(_ order: Order) throws {
        try Self.refuseNUL(in: order)
        guard orders[order.id] == nil else {
            throw PurchaseStoreError(.uniqueViolation, "an order with this id is already stored [constraint orders.id]")
        }
        guard orderIdsByToken[order.appAccountToken] == nil else {
            throw PurchaseStoreError(
                .uniqueViolation, "an order with this app account token is already stored [constraint orders.app_account_token]")
        }
        orders[order.id] = order
        orderIdsByToken[order.appAccountToken] = order.id
    }

    mutating func updateOrder(_ order: Order) throws {
        try Self.refuseNUL(in: order)
        guard let stored = orders[order.id] else {
            throw PurchaseStoreError.notFound("no order \(MemoryText.text(order.id)) to update")
        }
        if stored.appAccountToken != order.appAccountToken {
            guard orderIdsByToken[order.appAccountToken] == nil else {
                throw PurchaseStoreError(
                    .uniqueViolation, "an order with this app account token is already stored [constraint orders.app_account_token]")
            }
            orderIdsByToken[stored.appAccountToken] = nil
            orderIdsByToken[order.appAccountToken] = order.id
        }
        orders[order.id] = order
    }

    static func refuseNUL(in order: Order) throws(PurchaseStoreError) {
        try MemoryText.refuseNUL(
            order.customerId.rawValue, order.productId, order.state.rawValue, order.environment?.rawValue, order.transactionId,
            order.bonusCurrency, order.failureCode)
    }

    // MARK: The customer record

    /// The parts as read one by one; the limit is checked first, even for an unknown customer.
    func customerRecord(_ id: CustomerID, purchaseLimit: Int) throws -> CustomerRecord {
        try PurchaseStoreError.checkLimit(purchaseLimit)
        return CustomerRecord(
            customer: try customer(id), grants: try grants(customerId: id),
            subscriptions: try subscriptions(customerId: id).map(CustomerView.Subscription.init),
            balances: try balances(customerId: id), purchases: try purchaseHistory(customerId: id, limit: purchaseLimit))
    }
}
