import AppStoreModels
import Foundation
import Storekeeper

enum OrderRows {
    static let columns = """
        id, customer_id, product_id, quantity, state, app_account_token, created_at, updated_at, expires_at, \
        environment, transaction_id, bonus_currency, bonus_amount, failure_code
        """

    static func order(_ row: SQLRow) throws -> Order {
        var order = Order(
            id: try row.uuid(0), customerId: try row.customerID(1), productId: try row.string(2),
            quantity: try row.int(3), state: OrderState(rawValue: try row.string(4)),
            appAccountToken: try row.uuid(5), createdAt: try row.timestamp(6), expiresAt: try row.timestamp(8),
            environment: try row.optionalString(9).map(AppStoreEnvironment.init(rawValue:)),
            transactionId: try row.optionalString(10), bonusCurrency: try row.optionalString(11),
            bonusAmount: try row.int64(12), failureCode: try row.optionalString(13))
        order.updatedAt = try row.timestamp(7)
        return order
    }

    static func binds(_ order: Order) -> [SQLValue] {
        [
            SQLValue(order.id), SQLValue(order.customerId), SQLValue(order.productId), SQLValue(order.quantity),
            .text(order.state.rawValue), SQLValue(order.appAccountToken), SQLValue(order.createdAt),
            SQLValue(order.updatedAt), SQLValue(order.expiresAt), SQLValue(order.environment),
            SQLValue(order.transactionId), SQLValue(order.bonusCurrency), SQLValue(order.bonusAmount),
            SQLValue(order.failureCode),
        ]
    }

    static let byId = "SELECT \(columns) FROM orders WHERE id = $1"
    static let byToken = "SELECT \(columns) FROM orders WHERE app_account_token = $1"
    /// Not final: the complement of `OrderState.isFinal`, so unknown states count as open too.
    static let open = """
        SELECT \(columns) FROM orders
        WHERE customer_id = $1 AND state NOT IN ('delivered', 'failed', 'cancelled', 'expired')
        ORDER BY created_at DESC, id DESC
        """
    /// The predicate matches the partial index `orders_stale` exactly.
    static let stale = """
        SELECT \(columns) FROM orders
        WHERE state IN ('created', 'pending') AND updated_at < $1
        ORDER BY updated_at, id LIMIT $2
        """
    /// Scans the orders of the window: asked only for a product Apple's report counts more of
    /// than Storekeeper, which is rare.
    static let unpaid = """
        SELECT \(columns) FROM orders
        WHERE product_id = $1 AND created_at >= $2 AND created_at < $3 AND state IN ('created', 'pending', 'expired')
        ORDER BY created_at, id LIMIT $4
        """
    static let insert = """
        INSERT INTO orders (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
        """
    static let update = """
        UPDATE orders SET customer_id = $2, product_id = $3, quantity = $4, state = $5, app_account_token = $6,
            created_at = $7, updated_at = $8, expires_at = $9, environment = $10, transaction_id = $11,
            bonus_currency = $12, bonus_amount = $13, failure_code = $14
        WHERE id = $1
        """
}

extension SQLStoreQuerying {
    func order(id: UUID) async throws -> Order? {
        try await sql.queryFirst(OrderRows.byId, [SQLValue(id)]).map(OrderRows.order)
    }

    func order(appAccountToken: UUID) async throws -> Order? {
        try await sql.queryFirst(OrderRows.byToken, [SQLValue(appAccountToken)]).map(OrderRows.order)
    }

    func openOrders(customerId: CustomerID) async throws -> [Order] {
        try await sql.query(OrderRows.open, [SQLValue(customerId)]).map(OrderRows.order)
    }

    func staleOrders(updatedBefore: Timestamp, limit: Int) async throws -> [Order] {
        try await sql.query(OrderRows.stale, [SQLValue(updatedBefore), limitValue(limit)]).map(OrderRows.order)
    }

    func unpaidOrders(productId: String, createdFrom: Timestamp, createdBefore: Timestamp, limit: Int) async throws -> [Order] {
        try await sql.query(
            OrderRows.unpaid, [.text(productId), SQLValue(createdFrom), SQLValue(createdBefore), limitValue(limit)]
        ).map(OrderRows.order)
    }
}

extension SQLStoreTransaction {
    /// A second order with the same ID or `appAccountToken` fails with ``SQLError/Code/uniqueViolation``.
    func insertOrder(_ order: Order) async throws {
        try await sql.execute(OrderRows.insert, OrderRows.binds(order))
    }

    func updateOrder(_ order: Order) async throws {
        guard try await sql.execute(OrderRows.update, OrderRows.binds(order)) == 1 else {
            throw SQLPurchaseStoreError.notFound("no order \(order.id.lowercasedString) to update")
        }
    }
}
