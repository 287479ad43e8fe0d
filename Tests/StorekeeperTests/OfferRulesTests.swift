import AppStoreModels
import Storekeeper
import Testing

/// Offer decisions made by Storekeeper rather than by each Apple ID.
@Suite struct OfferRulesTests {
    let catalog: Catalog
    let now = Timestamp(millisecondsSince1970: 1_760_000_000_000)

    init() throws {
        catalog = try Catalog(products: [
            Product(
                id: "monthly", kind: .autoRenewableSubscription, entitlements: ["pro"], duration: .init(months: 1),
                subscriptionGroup: "pro", groupLevel: 2),
            Product(
                id: "yearly", kind: .autoRenewableSubscription, entitlements: ["pro"], duration: .init(years: 1), subscriptionGroup: "pro",
                groupLevel: 2),
            Product(
                id: "music", kind: .autoRenewableSubscription, entitlements: ["music"], duration: .init(months: 1),
                subscriptionGroup: "music", groupLevel: 1),
            Product(id: "gems", kind: .consumable, currencies: ["gems": 10]),
        ])
    }

    func transaction(
        _ id: String, product: String, offer: OfferType? = nil, period: String? = nil, at offset: Int64 = 0
    ) -> AppleTransaction {
        // Offer identifiers name the offer, not the transaction: consecutive periods share one.
        AppleTransaction(
            environment: .production, transactionId: id, originalTransactionId: "o-\(product)", webOrderLineItemId: period,
            productId: product, purchaseDate: now.adding(milliseconds: offset), offerType: offer,
            offerIdentifier: offer.map { "offer-\($0.rawValue)" },
            signedDate: now, source: .storeKit2)
    }

    @Test func introOfferOncePerGroupWhateverTheAppleID() {
        let never = OfferRules.introEligibility(productId: "monthly", catalog: catalog, purchases: [], policy: .oncePerGroup)
        #expect(never.eligible && never.reason == "eligible")
        // Subscribed to another product of the group (with any Apple ID): no second intro offer.
        let before = OfferRules.introEligibility(
            productId: "monthly", catalog: catalog, purchases: [transaction("1", product: "yearly")], policy: .oncePerGroup)
        #expect(!before.eligible && before.reason == "subscribedBefore")
        // Another group does not count; consumables do not count.
        let other = OfferRules.introEligibility(
            productId: "monthly", catalog: catalog, purchases: [transaction("2", product: "music"), transaction("3", product: "gems")],
            policy: .oncePerGroup)
        #expect(other.eligible)
        #expect(
            OfferRules.introEligibility(productId: "gems", catalog: catalog, purchases: [], policy: .oncePerGroup).reason
                == "notASubscription")
        #expect(
            OfferRules.introEligibility(
                productId: "monthly", catalog: catalog, purchases: [transaction("1", product: "yearly")], policy: .apple
            ).eligible)
    }

    @Test func promotionalOffersAreForCurrentOrLapsedSubscribers() {
        #expect(!OfferRules.mayOfferPromotional(productId: "monthly", catalog: catalog, purchases: []))
        #expect(!OfferRules.mayOfferPromotional(productId: "monthly", catalog: catalog, purchases: [transaction("1", product: "music")]))
        #expect(OfferRules.mayOfferPromotional(productId: "monthly", catalog: catalog, purchases: [transaction("1", product: "yearly")]))
    }

    @Test func redemptionsAreTrackedOncePerPeriod() {
        let purchases = [
            transaction("1", product: "monthly", offer: .introductoryOffer, period: "w1"),
            transaction("2", product: "monthly", offer: .winBackOffer, period: "w2", at: 1000),
            // The same period re-issued by a restore: not a second redemption.
            transaction("3", product: "monthly", offer: .winBackOffer, period: "w2", at: 1000),
            transaction("4", product: "music", offer: .offerCode, period: "w3", at: 2000),
            transaction("5", product: "monthly", period: "w4", at: 3000),
            // A pay-as-you-go offer billed over two consecutive periods: one redemption.
            transaction("6", product: "monthly", offer: .promotionalOffer, period: "w5", at: 4000),
            transaction("7", product: "monthly", offer: .promotionalOffer, period: "w6", at: 5000),
        ]
        let redemptions = OfferRules.redemptions(purchases.reversed())
        #expect(redemptions.map(\.type) == ["introductory", "winBack", "offerCode", "promotional"])
        #expect(redemptions.map(\.transactionId) == ["1", "2", "4", "6"])
    }
}
