import AppStoreModels
import Storekeeper

/// Reconciliation's lost-purchase lookup: for a product Apple counts more of than Storekeeper,
/// the open orders of that product created on the day (or the day before: an order may be paid
/// after midnight) are the candidates; each is looked up in the customer's history at Apple
/// (``LostOrderResolver``, of the app whose catalog sells the product) and delivered when
/// Apple has its payment.
struct OpenOrderLookup: ReconciliationService.LostPurchaseLookup {
    let store: any PurchaseStore
    let resolvers: [LostOrderResolver]
    let now: any WallClock
    /// The most open orders one line looks at.
    let limit = 1000

    func candidates(for line: ReconciliationLine, on day: PacificDay) async throws -> [String] {
        let now = now()
        let earliest = day.adding(days: -1).start
        let open = try await store.read { try await $0.staleOrders(updatedBefore: now.adding(milliseconds: 1), limit: limit) }
        let orders = open.filter { $0.productId == line.sku && $0.createdAt >= earliest && $0.createdAt < day.end }
        let selling = resolvers.filter { $0.apple.app.catalog[line.sku] != nil }
        var candidates: [String] = []
        for order in orders {
            var recovered = false
            for resolver in selling where try await resolver.resolve(order, now: now) {
                recovered = true
                break
            }
            candidates.append(
                "order \(order.id.uuidString.lowercased()) of \(order.customerId): " + (recovered ? "recovered" : "not found at Apple"))
        }
        return candidates
    }
}
