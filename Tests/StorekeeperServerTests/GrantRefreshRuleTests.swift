import AppStoreModels
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// Which applied facts make the applier recompute grants: everything except purchases of
/// products that can grant nothing (currency packs), whose effect is on balances only.
@Suite struct GrantRefreshRuleTests {
    static let applier: FactApplier = {
        let catalog = try! Catalog(products: [
            Product(id: "gems", kind: .consumable, currencies: ["gems": 100]),
            Product(id: "vip.pack", kind: .consumable, entitlements: ["vip"], currencies: ["gems": 10]),
            Product(id: "tip", kind: .nonConsumable),
            Product(id: "no.ads", kind: .nonConsumable, entitlements: ["no_ads"]),
            Product(id: "season", kind: .nonRenewingSubscription, entitlements: ["season"], duration: Period(iso8601: "P3M")),
            Product(
                id: "pro.monthly", kind: .autoRenewableSubscription, duration: Period(iso8601: "P1M"), subscriptionGroup: "g"),
        ])
        return FactApplier(app: AppConfiguration(id: "app", bundleId: "com.example", catalog: catalog))
    }()

    static func purchase(_ productId: String) -> AppleTransaction {
        AppleTransaction(
            environment: .sandbox, transactionId: "t-\(productId)", originalTransactionId: "t-\(productId)",
            productId: productId, purchaseDate: Timestamp(millisecondsSince1970: 1), signedDate: Timestamp(millisecondsSince1970: 1),
            source: .storeKit2)
    }

    @Test func productsGrantingNothingAreKnownByTheCatalog() throws {
        let catalog = Self.applier.app.catalog
        #expect(!catalog.mayGrantEntitlements("gems"))
        #expect(!catalog.mayGrantEntitlements("tip"))
        #expect(catalog.mayGrantEntitlements("vip.pack"))  // a consumable may grant, like a non-consumable
        #expect(catalog.mayGrantEntitlements("no.ads"))
        #expect(catalog.mayGrantEntitlements("season"))
        // The lifecycle derives a subscription's grants; an unknown product is not assumed inert.
        #expect(catalog.mayGrantEntitlements("pro.monthly"))
        #expect(catalog.mayGrantEntitlements("unknown.product"))
    }

    @Test func onlyFactsOfInertProductsSkipTheRefresh() {
        let applier = PurchasePlanner(
            catalog: Self.applier.app.catalog, policy: Self.applier.app.policy, actor: .apple, fact: "test",
            now: Timestamp(millisecondsSince1970: 1))
        #expect(!applier.mayChangeGrants([Self.purchase("gems")]))
        #expect(!applier.mayChangeGrants([Self.purchase("gems"), Self.purchase("tip")]))
        #expect(applier.mayChangeGrants([Self.purchase("gems"), Self.purchase("no.ads")]))
        #expect(applier.mayChangeGrants([Self.purchase("vip.pack")]))
        #expect(applier.mayChangeGrants([Self.purchase("unknown.product")]))
        // A restore presenting nothing still recomputes (a repair); renewal info may move grants.
        #expect(applier.mayChangeGrants([]))
        let renewal = RenewalInfo(
            environment: .sandbox, originalTransactionId: "s1", autoRenewEnabled: true,
            signedDate: Timestamp(millisecondsSince1970: 1), source: .storeKit2)
        #expect(applier.mayChangeGrants([Self.purchase("gems")], renewals: [renewal]))
    }
}
