public import AppStoreModels
public import Foundation

/// The pure rules of support's order corrections (订单矫正, 补单; `seeds/004_*`): attaching the
/// Apple transaction that paid an order, marking an order delivered or failed by hand, and
/// re-running its delivery. The delivery itself is the purchase path's (`FactApplier`), so a
/// correction grants and credits exactly what a purchase would, exactly once.
public enum OrderCorrection {
    public enum Action: String, Hashable, Sendable, Codable, CaseIterable {
        /// A transaction (the store has it, or Apple does) paid the order: record it and deliver.
        case attach
        /// What the order bought reached the customer another way: mark it delivered, grant nothing.
        case markDelivered = "mark_delivered"
        /// The order will never be delivered: mark it failed with a failure code.
        case markFailed = "mark_failed"
        /// Run the delivery of the order's transaction again (it grants only what is missing).
        case redeliver
    }

    /// Whether `transaction` may be attached to `order`: same product; not already paying another
    /// order (`paidOrder`: the order the stored transaction paid); and the order not delivered by
    /// another transaction.
    public static func checkAttach(_ order: Order, transaction: AppleTransaction, paidOrder: UUID?) throws(OrderError) {
        guard order.productId == transaction.productId else {
            throw OrderError(
                .productMismatch, "order \(order.id) is for \(order.productId), the transaction bought \(transaction.productId)")
        }
        if let paidOrder, paidOrder != order.id {
            throw OrderError(
                .transactionPaidAnotherOrder,
                "transaction \(transaction.transactionId) already paid order \(paidOrder.lowercasedString)")
        }
        if order.state == .delivered, let delivering = order.transactionId, delivering != transaction.transactionId {
            throw OrderError(.alreadyDelivered, "order \(order.id) was delivered by transaction \(delivering)")
        }
    }

    /// `order` marked delivered by hand (nothing is granted by this): from any state but
    /// delivered.
    public static func markDelivered(_ order: Order, at now: Timestamp) throws(OrderError) -> Order {
        guard order.state != .delivered else {
            throw OrderError(.alreadyDelivered, "order \(order.id) is delivered already")
        }
        var delivered = order
        delivered.state = .delivered
        delivered.failureCode = nil
        delivered.updatedAt = now
        return delivered
    }

    /// `order` marked failed with `code` (1–64 characters of letters, digits and `._-`): from
    /// created, pending or paid, as ``OrderState/canMove(to:)`` allows; a delivered order's
    /// grants are taken back with other actions (revoke, adjust), not by failing it.
    public static func markFailed(_ order: Order, code: String, at now: Timestamp) throws(OrderError) -> Order {
        guard isValidFailureCode(code) else {
            throw OrderError(.invalidFailureCode, "failureCode must be 1–64 characters of letters, digits and ._-")
        }
        var failed = try OrderBook.move(order, to: .failed, at: now)
        failed.failureCode = code
        failed.updatedAt = now
        return failed
    }

    /// The transaction a redelivery runs again: the one the order records.
    public static func deliveringTransaction(_ order: Order) throws(OrderError) -> (AppStoreEnvironment, String) {
        guard let environment = order.environment, let transactionId = order.transactionId else {
            throw OrderError(.notPaid, "order \(order.id) has no transaction to deliver; attach the one that paid it")
        }
        return (environment, transactionId)
    }

    public static func isValidFailureCode(_ code: String) -> Bool {
        (1...64).contains(code.utf8.count)
            && code.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
    }
}

extension OrderError.Code {
    /// The transaction paid another order (a transaction pays at most one).
    public static let transactionPaidAnotherOrder = OrderError.Code(rawValue: "transactionPaidAnotherOrder")
    /// The order has no transaction to deliver.
    public static let notPaid = OrderError.Code(rawValue: "orderNotPaid")
    public static let invalidFailureCode = OrderError.Code(rawValue: "invalidFailureCode")
}
