import AppStoreModels

/// Which rollup buckets one transaction fact fills: units, revenue and estimated proceeds of its
/// ``Sale`` on its purchase day, and, once refunded (or some of its seats), the refund on its
/// refund day.
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

    /// Everything `transaction` contributes: its ``Sale`` (revenue, estimated proceeds and units
    /// on its purchase day; the refunded share and units on the refund day) and, for a refund of
    /// a purchase, the refund count.
    public static func contribution(of transaction: AppleTransaction, proceeds estimator: ProceedsEstimator) -> FigureMoves {
        var moves = FigureMoves()
        let environment = transaction.environment
        let sale = Sale(transaction)
        if let sale {
            let units = Int64(sale.units)
            moves.count(.units, environment, productId: transaction.productId, by: units, at: transaction.purchaseDate)
            if sale.amount > 0 {
                moves.money(.revenue, environment, currency: sale.currency, amount: sale.amount, at: transaction.purchaseDate)
                let proceeds = sale.lines.reduce(Int64(0)) { total, line in
                    var priced = transaction
                    priced.price = line.price
                    return total + (estimator.proceeds(of: priced) ?? 0) * Int64(line.units)
                }
                if estimator.proceeds(of: transaction) != nil {
                    moves.money(.proceeds, environment, currency: sale.currency, amount: proceeds, at: transaction.purchaseDate)
                }
            }
            if let date = sale.refundDate, sale.refundedUnits > 0 {
                moves.count(.units, environment, productId: transaction.productId, by: -Int64(sale.refundedUnits), at: date)
                if sale.refundedAmount > 0 {
                    moves.money(.refunded, environment, currency: sale.currency, amount: sale.refundedAmount, at: date)
                }
            }
        }
        if let date = sale?.refundDate ?? transaction.revocationDate, !transaction.isSharedAccess,
            RefundRecord.Kind(transaction) == .refunded || sale?.refundedUnits ?? 0 > 0
        {
            moves.count(.refunds, environment, productId: transaction.productId, at: date)
        }
        return moves
    }
}
