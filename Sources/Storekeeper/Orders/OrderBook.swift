public import AppStoreModels
public import Foundation

/// The pure rules for orders: creation (with "payment in progress" detection), transitions,
/// expiry, and matching Apple transactions to orders.
public enum OrderBook {
    /// What creating an order did.
    public enum Creation: Hashable, Sendable {
        case created(Order)
        /// An earlier order for the same product is pending (paid at Apple, not yet verified):
        /// the app should finish that one instead of charging the customer twice.
        case paymentInProgress(Order)
    }

    public static func create(
        id: UUID = UUID.random(), customerId: CustomerID, product: Product, quantity: Int, openOrders: [Order],
        policy: AppPolicy, now: Timestamp, bonus: (currency: String, amount: Int64)? = nil
    ) throws(OrderError) -> Creation {
        guard quantity >= 1, quantity <= 10 else {
            throw OrderError(.invalidQuantity, "quantity must be 1...10 (the App Store's limit), got \(quantity)")
        }
        guard product.kind == .consumable || quantity == 1 else {
            throw OrderError(.invalidQuantity, "only consumables can be bought in quantity")
        }
        let inProgress = openOrders.filter {
            $0.customerId == customerId && $0.productId == product.id && $0.state == .pending
                && now.millisecondsSince1970 - $0.updatedAt.millisecondsSince1970 < policy.paymentInProgressMilliseconds
        }
        if let existing = inProgress.max(by: { $0.updatedAt < $1.updatedAt }) {
            return .paymentInProgress(existing)
        }
        return .created(
            Order(
                id: id, customerId: customerId, productId: product.id, quantity: quantity, createdAt: now,
                expiresAt: now.adding(milliseconds: policy.orderLifetimeMilliseconds), bonusCurrency: bonus?.currency,
                bonusAmount: bonus?.amount ?? 0))
    }

    /// Moves `order` to `state`, or explains why it may not.
    public static func move(_ order: Order, to state: OrderState, at now: Timestamp) throws(OrderError) -> Order {
        guard order.state != state else { return order }
        guard order.state.canMove(to: state) else {
            throw OrderError(.invalidTransition, "order \(order.id) cannot go from \(order.state) to \(state)")
        }
        var moved = order
        moved.state = state
        moved.updatedAt = now
        return moved
    }

    /// Records that `transaction` paid `order`, and that its purchase was granted.
    public static func deliver(_ order: Order, by transaction: AppleTransaction, at now: Timestamp) throws(OrderError) -> Order {
        if order.state == .delivered {
            guard order.transactionId == transaction.transactionId || order.transactionId == nil else {
                throw OrderError(.alreadyDelivered, "order \(order.id) was delivered by transaction \(order.transactionId ?? "?")")
            }
            return order
        }
        guard order.productId == transaction.productId else {
            throw OrderError(
                .productMismatch, "order \(order.id) is for \(order.productId), the transaction bought \(transaction.productId)")
        }
        var paid = try move(order, to: .paid, at: now)
        paid.environment = transaction.environment
        paid.transactionId = transaction.transactionId
        return try move(paid, to: .delivered, at: now)
    }

    /// Orders that have passed their expiry while still waiting for payment.
    public static func expired(_ orders: [Order], at now: Timestamp) -> [Order] {
        orders.filter { ($0.state == .created || $0.state == .pending) && $0.expiresAt <= now }
    }

    /// Picks the order a transaction pays: by `appAccountToken` first; otherwise the customer's
    /// most recent open order for the same product created before the purchase.
    public static func match(_ transaction: AppleTransaction, customerId: CustomerID, candidates: [Order]) -> Order? {
        if let token = transaction.appAccountToken, let order = candidates.first(where: { $0.appAccountToken == token }) {
            return order
        }
        return
            candidates
            .filter {
                $0.customerId == customerId && $0.productId == transaction.productId && !$0.state.isFinal
                    && $0.createdAt <= transaction.purchaseDate.adding(milliseconds: 60_000)
            }
            .max { $0.createdAt < $1.createdAt }
    }
}

/// Why an order operation was refused.
public struct OrderError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let invalidQuantity = Code(rawValue: "invalidQuantity")
        public static let invalidTransition = Code(rawValue: "invalidOrderTransition")
        public static let productMismatch = Code(rawValue: "orderProductMismatch")
        public static let alreadyDelivered = Code(rawValue: "orderAlreadyDelivered")
    }

    public var code: Code
    public var reason: String
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
    public var description: String { "\(code.rawValue): \(reason)" }
}
