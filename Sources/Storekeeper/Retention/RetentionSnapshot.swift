import AppStoreModels

/// What the decision reads of one customer's subscription when its page is open: the phase the
/// lifecycle stored and the subscription's own transactions. One read of the store gives it.
public struct RetentionSnapshot: Hashable, Sendable {
    /// The product whose page is open (from the request).
    public var productId: String
    /// `StoredSubscription.phase` (`trial`, `active`, `billingRetry`, ...); nil when unknown.
    public var phase: String?
    /// The subscription's transactions (every period of the original transaction).
    public var transactions: [AppleTransaction]

    public init(productId: String, phase: String?, transactions: [AppleTransaction]) {
        self.productId = productId
        self.phase = phase
        self.transactions = transactions
    }

    /// Each period once (a restore re-issues a period's transaction), oldest first.
    var periods: [AppleTransaction] {
        var seen = Set<String>()
        return transactions.sorted { ($0.purchaseDate, $0.transactionId) < ($1.purchaseDate, $1.transactionId) }
            .filter { seen.insert($0.periodKey + ":" + String($0.purchaseDate.millisecondsSince1970)).inserted }
    }

    var latest: AppleTransaction? { periods.last }

    public var isInFreeTrial: Bool {
        if let phase { return phase == "trial" }
        return latest?.offerDiscountType == .freeTrial
    }

    public var isRefunded: Bool { phase == "revoked" || transactions.contains(where: \.isRevoked) }

    public var isInBillingRetry: Bool { phase == "billingRetry" || phase == "gracePeriod" }

    /// Months paid for: periods neither free nor refunded, each counted by its product's length.
    public func paidMonths(catalog: Catalog) -> Int {
        periods.filter { !$0.isRevoked && $0.offerDiscountType != .freeTrial && ($0.price ?? 1) > 0 }
            .reduce(0) { $0 + Self.months(of: $1, catalog: catalog) }
    }

    /// Months subscribed to any of `productIds` (every product when empty), trials included,
    /// refunded periods not.
    public func tenureMonths(on productIds: [String], catalog: Catalog) -> Int {
        periods.filter { !$0.isRevoked && (productIds.isEmpty || productIds.contains($0.productId)) }
            .reduce(0) { $0 + Self.months(of: $1, catalog: catalog) }
    }

    /// Whether the subscription ever redeemed the promotional offer `offerId`.
    public func redeemed(offerId: String) -> Bool {
        transactions.contains { $0.offerType == .promotionalOffer && $0.offerIdentifier == offerId }
    }

    /// A period's length in months by its product (a week counts as a quarter of a month,
    /// rounded up: a weekly subscriber's first week is part of their first month).
    static func months(of transaction: AppleTransaction, catalog: Catalog) -> Int {
        guard let duration = catalog[transaction.productId]?.duration else { return 1 }
        return max(1, (duration.approximateDays + 29) / 30)
    }
}
