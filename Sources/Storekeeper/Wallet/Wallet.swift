public import AppStoreModels

/// The virtual-currency rules: how each money movement is booked.
///
/// Every function returns a balanced `JournalEntry` whose key makes it exactly-once; the store
/// books it atomically with the balance change and refuses a spend that would overdraw (a
/// conditional decrement), so these rules stay pure.
public enum Wallet {
    /// Currency bought with a consumable: `amount × quantity` for the Apple transaction.
    public static func credit(
        _ customerId: CustomerID, currency: String, amount: Int64, transaction: AppleTransaction, at now: Timestamp
    ) throws(WalletError) -> JournalEntry {
        guard amount > 0 else { throw WalletError(.invalidAmount, "credit must be positive") }
        return try JournalEntry(
            key: "credit:\(transaction.environment.rawValue):\(transaction.transactionId):\(currency)", kind: .credit,
            customerId: customerId, currency: currency,
            postings: [.init(.customer(customerId, currency), amount), .init(.issued(currency), -amount)],
            createdAt: now, reference: "\(transaction.environment.rawValue):\(transaction.transactionId)",
            memo: "\(transaction.productId) × \(transaction.quantity)")
    }

    /// Bonus currency of an order (the price-point difference).
    public static func bonus(_ order: Order, at now: Timestamp) throws(WalletError) -> JournalEntry? {
        guard let currency = order.bonusCurrency, order.bonusAmount > 0 else { return nil }
        return try JournalEntry(
            key: "bonus:\(order.id.lowercasedString):\(currency)", kind: .credit, customerId: order.customerId,
            currency: currency,
            postings: [.init(.customer(order.customerId, currency), order.bonusAmount), .init(.issued(currency), -order.bonusAmount)],
            createdAt: now, reference: "order:\(order.id.lowercasedString)", memo: "price point difference")
    }

    /// A spend the app requested; `key` is the app's idempotency key for it.
    public static func spend(
        _ customerId: CustomerID, currency: String, amount: Int64, key: String, reference: String?, at now: Timestamp
    ) throws(WalletError) -> JournalEntry {
        guard amount > 0 else { throw WalletError(.invalidAmount, "spend must be positive") }
        guard !key.isEmpty, key.utf8.count <= 200 else {
            throw WalletError(.invalidAmount, "spend needs an idempotency key of 1–200 bytes")
        }
        return try JournalEntry(
            key: "spend:\(customerId.key):\(key)", kind: .spend, customerId: customerId, currency: currency,
            postings: [.init(.customer(customerId, currency), -amount), .init(.spent(currency), amount)],
            createdAt: now, reference: reference)
    }

    /// Takes back refunded currency. Under `allowNegative` the balance may go below zero; under
    /// `clamp` only what is left is taken and the rest is booked as a loss.
    public static func clawback(
        _ customerId: CustomerID, currency: String, amount: Int64, balance: Int64, policy: DebtPolicy,
        transaction: AppleTransaction, at now: Timestamp
    ) throws(WalletError) -> JournalEntry {
        guard amount > 0 else { throw WalletError(.invalidAmount, "clawback must be positive") }
        let collected = policy == .clamp ? max(0, min(amount, balance)) : amount
        var postings: [JournalEntry.Posting] = [.init(.issued(currency), amount)]
        if collected > 0 { postings.append(.init(.customer(customerId, currency), -collected)) }
        if amount > collected { postings.append(.init(.loss(currency), -(amount - collected))) }
        return try JournalEntry(
            key: "clawback:\(transaction.environment.rawValue):\(transaction.transactionId):\(currency)", kind: .clawback,
            customerId: customerId, currency: currency, postings: postings, createdAt: now,
            reference: "\(transaction.environment.rawValue):\(transaction.transactionId)",
            memo: amount > collected ? "refund after spending: \(amount - collected) uncollectable" : "refund")
    }

    /// Gives back currency a refund took, when Apple reverses the refund. Books the same amount
    /// the clawback took from the customer (the loss part is reversed too).
    public static func restore(clawback: JournalEntry, at now: Timestamp) throws(WalletError) -> JournalEntry {
        try JournalEntry(
            key: PurchaseLedger.restoreKey(ofClawback: clawback.key), kind: .restore, customerId: clawback.customerId,
            currency: clawback.currency, postings: clawback.postings.map { .init($0.account, -$0.amount) }, createdAt: now,
            reference: clawback.reference, memo: "refund reversed")
    }

    /// Moves a merged customer's whole balance to the surviving account.
    public static func merge(
        from source: CustomerID, into target: CustomerID, currency: String, balance: Int64, at now: Timestamp
    ) throws(WalletError) -> JournalEntry? {
        guard balance != 0 else { return nil }
        return try JournalEntry(
            key: "merge:\(source.key):\(target.key):\(currency)", kind: .merge, customerId: target,
            currency: currency,
            postings: [.init(.customer(source, currency), -balance), .init(.customer(target, currency), balance)],
            createdAt: now, reference: "customer:\(source.rawValue)", memo: "guest merged into account")
    }
}

/// Why a wallet operation was refused.
public struct WalletError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let invalidAmount = Code(rawValue: "invalidAmount")
        public static let invalidEntry = Code(rawValue: "invalidJournalEntry")
        public static let insufficientFunds = Code(rawValue: "insufficientFunds")
        public static let unknownCurrency = Code(rawValue: "unknownCurrency")
    }

    public var code: Code
    public var reason: String
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
    public var description: String { "\(code.rawValue): \(reason)" }
}
