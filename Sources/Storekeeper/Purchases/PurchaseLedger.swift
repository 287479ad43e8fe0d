public import AppStoreModels

/// The ledger's part of applying purchase facts, without IO: what a consumable credits, what its
/// refund claws back, what a claimed placeholder's balances move. Each entry's key makes it
/// exactly-once, so booking the same facts again books nothing (the store answers "already
/// posted").
public enum PurchaseLedger {
    /// The currencies `product` gives for `transaction`, `amount × quantity` each, by currency.
    public static func amounts(
        of product: Product, for transaction: AppleTransaction
    ) throws(WalletError) -> [(currency: String, amount: Int64)] {
        try product.currencies.sorted(by: { $0.key < $1.key }).map { currency, amount throws(WalletError) in
            let (total, overflow) = amount.multipliedReportingOverflow(by: Int64(max(1, transaction.quantity)))
            guard !overflow else { throw WalletError(.amountOverflows, "currency amount overflows") }
            return (currency, total)
        }
    }

    /// What a newly recorded consumable credits `customer` (nothing for a product the catalog
    /// does not know).
    public static func credits(
        _ transaction: AppleTransaction, to customer: CustomerID, product: Product?, at now: Timestamp
    ) throws(WalletError) -> [JournalEntry] {
        guard let product else { return [] }
        return try amounts(of: product, for: transaction).map { currency, amount throws(WalletError) in
            try Wallet.credit(customer, currency: currency, amount: amount, transaction: transaction, at: now)
        }
    }

    /// What a refund of a consumable takes back from `customer`, given their `balances` by
    /// currency: all of it under ``DebtPolicy/allowNegative``, what is left under ``DebtPolicy/clamp``.
    public static func clawbacks(
        _ transaction: AppleTransaction, from customer: CustomerID, product: Product?, balances: [String: Int64],
        policy: DebtPolicy, at now: Timestamp
    ) throws(WalletError) -> [JournalEntry] {
        guard let product else { return [] }
        return try amounts(of: product, for: transaction).map { currency, amount throws(WalletError) in
            try Wallet.clawback(
                customer, currency: currency, amount: amount, balance: balances[currency] ?? 0, policy: policy,
                transaction: transaction, at: now)
        }
    }

    /// The key of the clawback of `transaction` in `currency` (what a reversed refund restores).
    public static func clawbackKey(_ transaction: AppleTransaction, currency: String) -> String {
        "clawback:\(transaction.environment.rawValue):\(transaction.transactionId):\(currency)"
    }

    /// The key of the entry that gives back what the clawback under `clawbackKey` took
    /// (``Wallet/restore(clawback:at:)``).
    public static func restoreKey(ofClawback clawbackKey: String) -> String {
        "restore:" + clawbackKey.dropFirst("clawback:".count)
    }

    /// What moves from a claimed `placeholder` to `customer`: every non-zero balance, by currency.
    public static func merges(
        from placeholder: CustomerID, into customer: CustomerID, balances: [String: Int64], at now: Timestamp
    ) throws(WalletError) -> [JournalEntry] {
        var entries: [JournalEntry] = []
        for (currency, balance) in balances.sorted(by: { $0.key < $1.key }) {
            if let entry = try Wallet.merge(from: placeholder, into: customer, currency: currency, balance: balance, at: now) {
                entries.append(entry)
            }
        }
        return entries
    }
}

extension WalletError.Code {
    /// A currency amount times a purchase's quantity does not fit in 64 bits.
    public static let amountOverflows = Self(rawValue: "amountOverflows")
}
