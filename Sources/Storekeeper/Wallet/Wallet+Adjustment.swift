public import AppStoreModels

extension Wallet {
    /// The most one adjustment may move either way: far beyond any real correction, and far
    /// enough from `Int64`'s limits that no balance can overflow by adjustments.
    public static let maximumAdjustment: Int64 = 1_000_000_000_000

    /// An operator's correction of a customer's balance (support compensating a refund of spent
    /// currency, a goodwill credit, taking back a mistaken credit): `amount` (signed, not zero)
    /// moves between the customer's account and the adjustment account, booked once under `key`.
    ///
    /// - Parameters:
    ///   - key: unique per action, e.g. `adjustment:<app>:<operator's idempotency key>`.
    ///   - operatorName: recorded as the entry's reference (`operator:<name>`).
    ///   - memo: why (the operator's reason), kept with the entry.
    public static func adjustment(
        _ customerId: CustomerID, currency: String, amount: Int64, key: String, operatorName: String, memo: String,
        at now: Timestamp
    ) throws(WalletError) -> JournalEntry {
        guard amount != 0 else { throw WalletError(.invalidAmount, "an adjustment must not be zero") }
        guard amount.magnitude <= maximumAdjustment.magnitude else {
            throw WalletError(.invalidAmount, "an adjustment moves at most \(maximumAdjustment) either way")
        }
        return try JournalEntry(
            key: key, kind: .adjustment, customerId: customerId, currency: currency,
            postings: [.init(.customer(customerId, currency), amount), .init(.adjustment(currency), -amount)],
            createdAt: now, reference: "operator:\(operatorName)", memo: memo)
    }

    /// Whether booking an adjustment of `amount` must refuse to leave the customer below zero: a
    /// debit is refused then unless the app's debt policy lets balances go negative (a credit
    /// never is, even one that leaves a debt smaller but not cleared).
    public static func adjustmentRequiresNonNegative(amount: Int64, policy: DebtPolicy) -> Bool {
        amount < 0 && policy != .allowNegative
    }
}
