package import AppStoreModels
package import Storekeeper
package import StorekeeperStore

/// Reconciliation's lost-purchase lookup: for a product Apple counts more of than Storekeeper,
/// the unpaid orders (open or expired) of that product created on the day (or the day before: an
/// order may be paid after midnight) are the candidates; each is looked up in the customer's history at Apple
/// (``LostOrderResolver``, of the app whose catalog sells the product) and delivered when
/// Apple has its payment.
package struct OpenOrderLookup: ReconciliationService.LostPurchaseLookup {
    package let store: any PurchaseStore
    package let resolvers: [LostOrderResolver]
    package let now: any WallClock
    /// The most open orders one line looks at.
    package let limit = 1000

    package init(
        store: any PurchaseStore, resolvers: [LostOrderResolver], now: any WallClock
    ) {
        self.store = store
        self.resolvers = resolvers
        self.now = now
    }

    package func candidates(for line: ReconciliationLine, on day: PacificDay) async throws -> [String] {
        let now = now()
        let earliest = day.adding(days: -1).start
        // Expired orders too: Apple's report of a day comes the next morning, after the orders of
        // the day's first hours expired unpaid.
        let orders = try await store.read {
            try await $0.unpaidOrders(productId: line.sku, createdFrom: earliest, createdBefore: day.end, limit: limit)
        }
        let selling = resolvers.filter { $0.apple.app.catalog[line.sku] != nil }
        var candidates: [String] = []
        for order in orders {
            var recovered = false
            for resolver in selling where try await resolver.resolve(order, now: now) {
                recovered = true
                break
            }
            candidates.append(
                "order \(order.id.lowercasedString) of \(order.customerId): " + (recovered ? "recovered" : "not found at Apple"))
        }
        return candidates
    }
}
