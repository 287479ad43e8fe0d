public import AppStoreModels

/// An In-App Purchase product as configured in App Store Connect.
public struct CatalogProduct: Hashable, Sendable, Codable {
    public var productId: String
    public var type: ProductType
    /// Subscription group of an auto-renewable subscription.
    public var subscriptionGroupId: String?
    /// Level within the group; 1 is the highest level of service.
    public var groupLevel: Int?
    /// Billing period of an auto-renewable subscription (informational for non-renewing ones).
    public var period: ISOPeriod?
    /// Price in milliunits of the storefront's currency, by storefront (ISO 3166-1 alpha-3).
    public var prices: [String: Int64]
    public var familyShareable: Bool
    /// Products removed from sale stop renewing (`EXPIRED` / `PRODUCT_NOT_FOR_SALE`).
    public var availableForSale: Bool
    public var introductoryOffer: SubscriptionOfferConfig?
    public var promotionalOffers: [SubscriptionOfferConfig]
    public var offerCodes: [OfferCodeConfig]
    public var winBackOffers: [SubscriptionOfferConfig]
    /// A one-year subscription's monthly plan with a 12-month commitment, if it offers one.
    public var monthlyCommitment: MonthlyCommitmentConfig?

    public init(
        productId: String, type: ProductType, subscriptionGroupId: String? = nil, groupLevel: Int? = nil,
        period: ISOPeriod? = nil, prices: [String: Int64], familyShareable: Bool = false,
        availableForSale: Bool = true, introductoryOffer: SubscriptionOfferConfig? = nil,
        promotionalOffers: [SubscriptionOfferConfig] = [], offerCodes: [OfferCodeConfig] = [],
        winBackOffers: [SubscriptionOfferConfig] = [], monthlyCommitment: MonthlyCommitmentConfig? = nil
    ) {
        self.productId = productId
        self.type = type
        self.subscriptionGroupId = subscriptionGroupId
        self.groupLevel = groupLevel
        self.period = period
        self.prices = prices
        self.familyShareable = familyShareable
        self.availableForSale = availableForSale
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.offerCodes = offerCodes
        self.winBackOffers = winBackOffers
        self.monthlyCommitment = monthlyCommitment
    }

    public var isAutoRenewable: Bool { type == .autoRenewableSubscription }

    /// The price in `storefront`, if the product is sold there.
    public func price(in storefront: String) -> Int64? { prices[storefront] }

    enum CodingKeys: String, CodingKey {
        case productId, type, subscriptionGroupId, groupLevel, period, prices, familyShareable
        case availableForSale, introductoryOffer, promotionalOffers, offerCodes, winBackOffers, monthlyCommitment
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        productId = try container.decode(String.self, forKey: .productId)
        type = try container.decode(ProductType.self, forKey: .type)
        subscriptionGroupId = try container.decodeIfPresent(String.self, forKey: .subscriptionGroupId)
        groupLevel = try container.decodeIfPresent(Int.self, forKey: .groupLevel)
        period = try container.decodeIfPresent(ISOPeriod.self, forKey: .period)
        prices = try container.decodeIfPresent([String: Int64].self, forKey: .prices) ?? [:]
        familyShareable = try container.decodeIfPresent(Bool.self, forKey: .familyShareable) ?? false
        availableForSale = try container.decodeIfPresent(Bool.self, forKey: .availableForSale) ?? true
        introductoryOffer = try container.decodeIfPresent(SubscriptionOfferConfig.self, forKey: .introductoryOffer)
        promotionalOffers = try container.decodeIfPresent([SubscriptionOfferConfig].self, forKey: .promotionalOffers) ?? []
        offerCodes = try container.decodeIfPresent([OfferCodeConfig].self, forKey: .offerCodes) ?? []
        winBackOffers = try container.decodeIfPresent([SubscriptionOfferConfig].self, forKey: .winBackOffers) ?? []
        monthlyCommitment = try container.decodeIfPresent(MonthlyCommitmentConfig.self, forKey: .monthlyCommitment)
    }
}

/// A subscription offer: introductory, promotional, win-back, or the offer behind an offer code.
public struct SubscriptionOfferConfig: Hashable, Sendable, Codable {
    public enum Mode: String, Hashable, Sendable, Codable {
        case freeTrial = "FREE_TRIAL"
        case payAsYouGo = "PAY_AS_YOU_GO"
        case payUpFront = "PAY_UP_FRONT"

        var discountType: OfferDiscountType { OfferDiscountType(rawValue: rawValue) }
    }

    /// The offer identifier (promotional and win-back offers); intro offers have none.
    public var id: String?
    public var mode: Mode
    /// Free trial and pay up front: the offer's whole duration. Pay as you go: one discounted
    /// billing period (normally the product's period).
    public var period: ISOPeriod
    /// Pay as you go: how many discounted periods. Otherwise 1.
    public var periodCount: Int
    /// Offer price per storefront, milliunits; free trials cost 0 everywhere.
    public var prices: [String: Int64]

    public init(id: String? = nil, mode: Mode, period: ISOPeriod, periodCount: Int = 1, prices: [String: Int64] = [:]) {
        self.id = id
        self.mode = mode
        self.period = period
        self.periodCount = max(periodCount, 1)
        self.prices = prices
    }

    /// The offer's total duration as Apple reports it in `offerPeriod`.
    public var offerPeriod: ISOPeriod { mode == .payAsYouGo ? period.repeated(periodCount) : period }

    func price(in storefront: String) -> Int64 { mode == .freeTrial ? 0 : prices[storefront] ?? 0 }
}

/// An offer code campaign: a reference name (Apple reports it as `offerIdentifier`), the codes
/// that redeem it, and the offer they give. Each code redeems once.
public struct OfferCodeConfig: Hashable, Sendable, Codable {
    public var referenceName: String
    public var codes: [String]
    public var offer: SubscriptionOfferConfig

    public init(referenceName: String, codes: [String], offer: SubscriptionOfferConfig) {
        self.referenceName = referenceName
        self.codes = codes
        self.offer = offer
    }
}
