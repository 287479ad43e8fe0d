package import AppStoreModels
public import Foundation
public import Storekeeper
package import StorekeeperStore

/// Business orders: created before the App Store purchase, carrying the `appAccountToken` that
/// links the transaction back to them.
public struct OrderService: Sendable {
    package let store: any PurchaseStore
    package let app: AppConfiguration
    package let metrics: StorekeeperMetrics
    package let now: any WallClock

    package init(
        store: any PurchaseStore, app: AppConfiguration, metrics: StorekeeperMetrics, now: any WallClock
    ) {
        self.store = store
        self.app = app
        self.metrics = metrics
        self.now = now
    }

    public struct Creation: Sendable {
        /// `created`, or `paymentInProgress` when an earlier order for the product is pending.
        public var status: String
        public var order: Order
    }

    /// Creates an order for `productId`, or for the Apple price point covering
    /// `businessMilliunits` in `storefront` (the difference credited as bonus currency).
    public func create(
        customerId: CustomerID, productId: String?, quantity: Int, businessMilliunits: Int64?, storefront: String?,
        actor: AuditActor
    ) async throws -> Creation {
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let creation = try await createOrder(
                customerId: customerId, productId: productId, quantity: quantity, businessMilliunits: businessMilliunits,
                storefront: storefront, actor: actor)
            metrics.orderCreated(outcome: creation.status, duration: clock.now - started)
            return creation
        } catch let error as StorekeeperError {
            metrics.orderCreated(outcome: error.code.rawValue, duration: clock.now - started)
            throw error
        }
    }

    private func createOrder(
        customerId: CustomerID, productId: String?, quantity: Int, businessMilliunits: Int64?, storefront: String?,
        actor: AuditActor
    ) async throws -> Creation {
        let now = now()
        let product: Product
        var bonus: (String, Int64)?
        if let businessMilliunits {
            guard let storefront, let rule = app.bonus else {
                throw StorekeeperError.invalidRequest("a business price needs a storefront and the app's bonus rule")
            }
            let candidates = app.catalog.products.filter { $0.kind == .consumable && (productId == nil || $0.id == productId) }
            let quote: PriceQuote
            do {
                quote = try PriceQuote.quote(
                    businessMilliunits: businessMilliunits, storefront: storefront, candidates: candidates,
                    bonusCurrency: rule.currency, unitsPerMajorUnit: rule.unitsPerMajorUnit)
            } catch {
                throw StorekeeperError(.unknownProduct, error.reason, kind: .rejected)
            }
            guard let quoted = app.catalog[quote.productId] else { throw StorekeeperError.invalidRequest("quoted product vanished") }
            product = quoted
            if let currency = quote.bonusCurrency, quote.bonusAmount > 0 { bonus = (currency, quote.bonusAmount) }
        } else {
            guard let productId, let found = app.catalog[productId] else {
                throw StorekeeperError(.unknownProduct, "unknown product \(productId ?? "(none)")", kind: .rejected)
            }
            product = found
        }
        return try await store.write { tx in
            try await tx.lock(customer: customerId)
            try await tx.createCustomerIfMissing(Customer(id: customerId, createdAt: now))
            let creation: OrderBook.Creation
            let openOrders = try await tx.openOrders(customerId: customerId)
            do throws(OrderError) {
                creation = try OrderBook.create(
                    customerId: customerId, product: product, quantity: quantity, openOrders: openOrders,
                    policy: app.policy, now: now, bonus: bonus.map { (currency: $0.0, amount: $0.1) })
            } catch {
                throw StorekeeperError.invalidRequest(error.reason)
            }
            switch creation {
            case .created(let order):
                try await tx.insertOrder(order)
                try await tx.append(
                    AuditEvent(
                        customerId: customerId, kind: "order.created", actor: actor,
                        subject: "order:\(order.id.lowercasedString)",
                        details: ["productId": order.productId, "quantity": String(order.quantity)], createdAt: now))
                return Creation(status: "created", order: order)
            case .paymentInProgress(let order):
                return Creation(status: "paymentInProgress", order: order)
            }
        }
    }

    public func order(_ id: UUID) async throws -> Order {
        guard let order = try await store.read({ try await $0.order(id: id) }) else {
            throw StorekeeperError.notFound("no order \(id.lowercasedString)")
        }
        return order
    }

    /// Moves an order the app reports on: `pending` when the App Store payment started,
    /// `cancelled` when the customer gave up.
    public func move(_ id: UUID, to state: OrderState, principal: (CustomerID) -> Bool, actor: AuditActor) async throws -> Order {
        guard state == .pending || state == .cancelled else {
            throw StorekeeperError.invalidRequest("apps may only mark orders pending or cancelled")
        }
        let now = now()
        return try await store.write { tx in
            guard let order = try await tx.order(id: id), principal(order.customerId) else {
                throw StorekeeperError.notFound("no order \(id.lowercasedString)")
            }
            try await tx.lock(customer: order.customerId)
            let moved: Order
            do throws(OrderError) {
                moved = try OrderBook.move(order, to: state, at: now)
            } catch {
                throw StorekeeperError.conflict(error.reason)
            }
            guard moved != order else { return order }
            try await tx.updateOrder(moved)
            try await tx.append(
                AuditEvent(
                    customerId: order.customerId, kind: "order.\(state.rawValue)", actor: actor,
                    subject: "order:\(id.lowercasedString)", details: ["from": order.state.rawValue], createdAt: now))
            if state == .cancelled { metrics.orderFailed(reason: "cancelled") }
            return moved
        }
    }
}
