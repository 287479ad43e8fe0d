import AppStoreModels

/// Which rollup buckets one transaction fact fills: revenue and estimated proceeds on its
/// purchase day, and, once refunded or revoked, the refund on its revocation day.
///
/// A transaction is recorded last-writer-wins (``AppleTransaction/supersedes(_:)``), so the
/// rollups move by the difference between what the stored fact contributes after and before:
/// an unchanged fact moves nothing, and the final figures depend only on the final facts.
public enum TransactionFigures {
    /// What recording `next` over `previous` (nil for a new transaction) adds to the rollups.
    public static func moves(
        from previous: AppleTransaction?, to next: AppleTransaction, proceeds estimator: ProceedsEstimator
    ) -> FigureMoves {
        contribution(of: next, proceeds: estimator) - (previous.map { contribution(of: $0, proceeds: estimator) } ?? FigureMoves())
    }

    /// Everything `transaction` contributes.
    public static func contribution(of transaction: AppleTransaction, proceeds estimator: ProceedsEstimator) -> FigureMoves {
        var moves = FigureMoves()
        let environment = transaction.environment
        // A Family Sharing copy is not a sale: the purchaser's own transaction carries the price.
        let sold = transaction.ownership != .familyShared
        let units = Int64(max(1, transaction.quantity))
        if sold, let currency = transaction.currency, let price = transaction.price, price > 0 {
            moves.money(.revenue, environment, currency: currency, amount: price * units, at: transaction.purchaseDate)
            if let proceeds = estimator.proceeds(of: transaction) {
                moves.money(.proceeds, environment, currency: currency, amount: proceeds * units, at: transaction.purchaseDate)
            }
        }
        if RefundRecord.Kind(transaction) == .refunded, let date = transaction.revocationDate {
            moves.count(.refunds, environment, productId: transaction.productId, at: date)
            if let currency = transaction.currency, let price = transaction.price, price > 0 {
                moves.money(.refunded, environment, currency: currency, amount: price * units, at: date)
            }
        }
        return moves
    }
}
