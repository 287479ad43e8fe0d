import AppStoreSimulator
import Storekeeper
import StorekeeperApplication
import StorekeeperStore

/// A customer with something of everything the view and the console page show: a
/// subscription with its entitlements, a wallet credited by consumables, their purchases.
struct GateCustomer {
    static let id = CustomerID(rawValue: "gate-customer")!

    let view: CustomerView
    let orders: [Order]

    static func load(pki: AppleShapedPKI, samples: GateSamples) async throws -> GateCustomer {
        let stack = try await GateStack.open(pki: pki, sqlite: false)
        let purchases = stack.services.purchases
        _ = try await purchases.submit(
            customerId: id, proof: .signedTransaction(samples.subscription(0).transaction), orderId: nil, actor: .client)
        for index in 0..<5 {
            _ = try await purchases.submit(
                customerId: id, proof: .signedTransaction(samples.consumable(index)), orderId: nil, actor: .client)
        }
        let view = try await stack.services.customers.view(id)
        let orders = try await stack.store.read { try await $0.orders(customerId: id, before: nil, limit: 20) }
        await stack.close()
        return GateCustomer(view: view, orders: orders)
    }
}
