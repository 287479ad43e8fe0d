import AppStoreModels

/// A ready catalog for demos and tests: all four product types, one subscription group with
/// levels for upgrades, downgrades and crossgrades (the same-duration pair of `seeds/003_*`),
/// an introductory free trial, a promotional offer, offer codes and a win-back offer.
public enum DemoCatalog {
    public static let bundleId = "com.example.storekeeper"
    public static let groupId = "20000001"

    public static let gems = "com.example.storekeeper.gems.100"
    public static let removeAds = "com.example.storekeeper.removeads"
    public static let seasonPass = "com.example.storekeeper.seasonpass"
    public static let monthly = "com.example.storekeeper.premium.monthly"
    public static let monthlyB = "com.example.storekeeper.premium.monthly.b"
    public static let yearly = "com.example.storekeeper.premium.yearly"
    public static let proMonthly = "com.example.storekeeper.pro.monthly"
    public static let basicMonthly = "com.example.storekeeper.basic.monthly"

    public static let promotionalOfferId = "loyal50"
    public static let winBackOfferId = "comeback"
    public static let offerCodeReference = "SPRING"
    public static let offerCodes = ["SPRING-0001", "SPRING-0002", "SPRING-0003"]

    private static func prices(_ usd: Int64) -> [String: Int64] {
        ["USA": usd, "GBR": usd, "CHN": usd * 7, "JPN": usd * 150 / 1000 * 1000]
    }

    public static var products: [CatalogProduct] {
        let monthlyOffers = (
            intro: SubscriptionOfferConfig(mode: .freeTrial, period: .oneWeek),
            promotional: SubscriptionOfferConfig(
                id: promotionalOfferId, mode: .payAsYouGo, period: .oneMonth, periodCount: 3, prices: prices(2490)),
            code: OfferCodeConfig(
                referenceName: offerCodeReference, codes: offerCodes,
                offer: SubscriptionOfferConfig(id: offerCodeReference, mode: .freeTrial, period: .oneMonth)),
            winBack: SubscriptionOfferConfig(
                id: winBackOfferId, mode: .payUpFront, period: .threeMonths, prices: prices(7490))
        )
        return [
            CatalogProduct(productId: gems, type: .consumable, prices: prices(990)),
            CatalogProduct(productId: removeAds, type: .nonConsumable, prices: prices(2990), familyShareable: true),
            CatalogProduct(productId: seasonPass, type: .nonRenewingSubscription, period: .threeMonths, prices: prices(6990)),
            CatalogProduct(
                productId: monthly, type: .autoRenewableSubscription, subscriptionGroupId: groupId, groupLevel: 2,
                period: .oneMonth, prices: prices(4990), familyShareable: true,
                introductoryOffer: monthlyOffers.intro, promotionalOffers: [monthlyOffers.promotional],
                offerCodes: [monthlyOffers.code], winBackOffers: [monthlyOffers.winBack]),
            CatalogProduct(
                productId: monthlyB, type: .autoRenewableSubscription, subscriptionGroupId: groupId, groupLevel: 2,
                period: .oneMonth, prices: prices(4990)),
            CatalogProduct(
                productId: yearly, type: .autoRenewableSubscription, subscriptionGroupId: groupId, groupLevel: 2,
                period: .oneYear, prices: prices(49990),
                introductoryOffer: SubscriptionOfferConfig(
                    mode: .payUpFront, period: .threeMonths, prices: prices(990)),
                monthlyCommitment: MonthlyCommitmentConfig(prices: prices(4490))),
            CatalogProduct(
                productId: proMonthly, type: .autoRenewableSubscription, subscriptionGroupId: groupId, groupLevel: 1,
                period: .oneMonth, prices: prices(9990)),
            CatalogProduct(
                productId: basicMonthly, type: .autoRenewableSubscription, subscriptionGroupId: groupId, groupLevel: 3,
                period: .oneMonth, prices: prices(1990)),
        ]
    }

    /// The demo app, its catalog keyed by product ID.
    public static func app(notificationURL: String?) -> SimulatedApp {
        SimulatedApp(
            bundleId: bundleId, productionNotificationURL: notificationURL, sandboxNotificationURL: notificationURL,
            products: Dictionary(uniqueKeysWithValues: products.map { ($0.productId, $0) }))
    }
}
