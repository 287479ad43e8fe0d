import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// The isolation property: random orders, purchases, spends, aliases, grants and wallet
/// adjustments over several apps sharing customer ids (two alone, two in one group), then every
/// read of each app — the backend's view, the operator's record, orders, wallet and timeline,
/// and a search by every identifier any app made — holds nothing of another space's, and all of
/// its own.
@Suite struct AppIsolationPropertyTests {
    /// What one customer of one space holds, as the steps made it.
    struct Holdings {
        var exists = false
        var balance: Int64 = 0
        var entitlements: Set<String> = []
        var transactions: Set<String> = []
        var orders: Set<String> = []
        /// Every identifier that leads an operator's search to this customer.
        var identifiers: Set<String> = []
        var spends = 0
    }

    enum Step: CaseIterable { case order, gems, removeAds, spend, alias, grant, adjust }

    @Test(arguments: E2EBackend.withMemory)
    func everyReadOfOneAppHoldsNothingOfAnother(_ backend: E2EBackend) async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        try await E2E.routes(
            backend,
            configure: { options in
                let id = options.appId
                options.additionalApps = [id + "-b": [], id + "-ios": [], id + "-mac": []]
                options.appGroups = [AppGroup(id: id + "-product", apps: [id + "-ios", id + "-mac"])]
            }
        ) { e2e in
            let main = e2e.stack.app.id
            var callers: [String: AppCallers] = [:]
            for app in [main, main + "-b", main + "-ios", main + "-mac"] { callers[app] = try await AppCallers(e2e, app: app) }
            let apps = callers.keys.sorted()
            func space(_ app: String) -> String { app.hasSuffix("-ios") || app.hasSuffix("-mac") ? "product" : app }
            let names = ["kim", "lee", "mo"].map(e2e.customer)
            var model: [String: [String: Holdings]] = [:]
            var random = SplitMix64(seed: seed)
            var guests = 0

            func run(_ step: Step, _ app: String, _ name: String) async throws {
                let caller = try #require(callers[app])
                var held = model[space(app), default: [:]][name, default: Holdings()]
                defer { model[space(app), default: [:]][name] = held }
                switch step {
                case .order:
                    let order = try await caller.order(name, DemoCatalog.gems)
                    held.exists = true
                    held.orders.insert(order.id.uuidString.lowercased())
                    held.identifiers.formUnion([order.id.uuidString.lowercased(), order.appAccountToken.uuidString.lowercased()])
                case .gems:
                    let order = try await caller.order(name, DemoCatalog.gems)
                    let bought = try await caller.purchase(e2e, name, DemoCatalog.gems, order: order)
                    held.exists = true
                    held.balance += 100
                    held.orders.insert(order.id.uuidString.lowercased())
                    try held.record(bought, order: order)
                case .removeAds:
                    let bought = try await caller.purchase(e2e, name, DemoCatalog.removeAds)
                    held.exists = true
                    held.entitlements.insert("no_ads")
                    try held.record(bought, order: nil)
                case .spend:
                    guard held.balance >= 30 else { return }
                    // The same key in every space: each space books its own spend.
                    held.spends += 1
                    let spent = try await caller.server.post(
                        "/customers/\(name)/spend", ["currency": "gems", "amount": 30, "idempotencyKey": "spend-\(held.spends)"])
                    #expect(spent.status == 200 && spent.json["replayed"] == .bool(false), "\(app) seed \(seed): \(spent.text)")
                    held.balance -= 30
                case .alias:
                    guests += 1
                    let guest = "guest:\(e2e.tag)-\(guests)"
                    _ = try await caller.order(guest, DemoCatalog.gems)
                    if !held.exists { _ = try await caller.order(name, DemoCatalog.gems) }
                    let merged = try await caller.server.post("/customers/\(name)/aliases", ["alias": guest])
                    #expect(merged.status == 200, "\(app) seed \(seed): \(merged.text)")
                    held.exists = true
                    held.identifiers.insert(guest)
                case .grant, .adjust:
                    guard held.exists else { return }
                    let key = "\(step)-\(UUID().uuidString.prefix(8))"
                    let (path, body): (String, [String: Any]) =
                        step == .grant
                        ? ("grants", ["entitlement": "season_pass", "duration": "P1D"])
                        : ("wallet/adjust", ["currency": "gems", "amount": 7])
                    let done = try await caller.support.post(
                        "/customers/\(name)/\(path)", body.merging(["reason": "property test", "idempotencyKey": key]) { $1 })
                    #expect(done.status == 200, "\(app) seed \(seed): \(done.text)")
                    if step == .grant { held.entitlements.insert("season_pass") } else { held.balance += 7 }
                }
            }

            // Every app's first customer buys, so each space holds the same id; then random steps.
            for app in apps { try await run(.gems, app, names[0]) }
            for _ in 0..<28 {
                try await run(
                    Step.allCases.randomElement(using: &random) ?? .order, apps.randomElement(using: &random) ?? main,
                    names.randomElement(using: &random) ?? names[0])
            }

            for app in apps {
                let caller = try #require(callers[app])
                let own = model[space(app)] ?? [:]
                let foreign = model.filter { $0.key != space(app) }.values.flatMap(\.values).reduce(into: Set<String>()) {
                    $0.formUnion($1.identifiers.union($1.orders))
                }
                for name in names {
                    let held = own[name] ?? Holdings()
                    let reads = try await caller.everyRead(of: name)
                    for (read, response) in reads {
                        let text = String(decoding: response.body, as: UTF8.self).lowercased()
                        for id in foreign where text.contains("\"\(id)\"") {
                            Issue.record("seed \(seed): \(app)'s \(read) of \(name) names another space's \(id): \(response.text)")
                        }
                    }
                    // Whole bodies of every page (`text` is cut at 2,000 characters, and orders come 20
                    // a page): one customer of an app group collects the orders of both apps' steps.
                    let orderPages = reads.filter { $0.0 == "record/orders" }.map {
                        String(decoding: $0.1.body, as: UTF8.self).lowercased()
                    }
                    for order in held.orders where !orderPages.contains(where: { $0.contains("\"\(order)\"") }) {
                        Issue.record("seed \(seed): \(app)'s orders of \(name) miss \(order)")
                    }
                    let view = try await caller.view(name)
                    #expect((view.balances["gems"] ?? 0) == held.balance, "seed \(seed): \(app) \(name)")
                    #expect(Set(view.purchases.map(\.transactionId)) == held.transactions, "seed \(seed): \(app) \(name)")
                    #expect(Set(view.entitlements.map(\.id)) == held.entitlements, "seed \(seed): \(app) \(name)")
                }
                // A search by every identifier any app made finds this space's owner, or nothing.
                for (holderSpace, customers) in model {
                    for (name, held) in customers {
                        for id in held.identifiers {
                            let found = try await caller.search(id)
                            if holderSpace == space(app) {
                                #expect(!found.isEmpty && found.allSatisfy { $0.customerId == name }, "seed \(seed): \(app) \(id)")
                            } else {
                                #expect(found.isEmpty, "seed \(seed): \(app)'s operator found \(holderSpace)'s \(id): \(found)")
                            }
                        }
                    }
                }
            }
        }
    }
}

extension AppIsolationPropertyTests.Holdings {
    /// A purchase submitted for this customer: its transaction, and the identifiers it adds.
    mutating func record(_ bought: PurchaseResult, order: OrderBody?) throws {
        let transactionId = try #require(bought.transaction.transactionId)
        transactions.insert(transactionId)
        identifiers.formUnion([transactionId, try #require(bought.transaction.originalTransactionId)])
        if let order { identifiers.formUnion([order.id.uuidString.lowercased(), order.appAccountToken.uuidString.lowercased()]) }
    }
}
