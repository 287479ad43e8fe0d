import AppStoreModels

/// What analytics can be filtered by: the product, the storefront and the offer of the paid
/// period a figure counts (for a cohort, of the subscription's first period).
public struct AnalyticsSegment: Hashable, Comparable, Sendable {
    public var productId: String
    /// Apple's three-letter storefront code; empty when unknown.
    public var storefront: String
    /// ``offerKey(_:)`` of the period's offer; empty without one.
    public var offer: String

    public init(productId: String, storefront: String = "", offer: String = "") {
        self.productId = productId
        self.storefront = storefront
        self.offer = offer
    }

    public init(_ period: PaidPeriod) {
        self.init(productId: period.productId, storefront: period.storefront ?? "", offer: Self.offerKey(period.offer))
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.productId, lhs.storefront, lhs.offer) < (rhs.productId, rhs.storefront, rhs.offer)
    }

    /// `<type>` or `<type>:<identifier>`: `introductory`, `promotional:<id>`, `offerCode:<reference>`,
    /// `winBack:<id>`; an undocumented type as `offer<raw value>`.
    public static func offerKey(_ offer: OfferInfo?) -> String {
        guard let offer else { return "" }
        let type: String
        switch offer.type {
        case .introductoryOffer: type = "introductory"
        case .promotionalOffer: type = "promotional"
        case .offerCode: type = "offerCode"
        case .winBackOffer: type = "winBack"
        default: type = "offer\(offer.type.rawValue)"
        }
        guard let identifier = offer.identifier, !identifier.isEmpty else { return type }
        return type + ":" + identifier
    }
}

/// A reader's choice of segments: each field, when set, must match. An offer filter matches its
/// type alone (`promotional`) or one offer (`promotional:loyal50`); `none` matches periods
/// without an offer.
public struct AnalyticsFilter: Hashable, Sendable {
    public var productId: String?
    public var storefront: String?
    public var offer: String?

    public init(productId: String? = nil, storefront: String? = nil, offer: String? = nil) {
        self.productId = productId
        self.storefront = storefront
        self.offer = offer
    }

    public func matches(_ segment: AnalyticsSegment) -> Bool {
        if let productId, segment.productId != productId { return false }
        if let storefront, segment.storefront != storefront { return false }
        if let offer {
            if offer == "none" { return segment.offer.isEmpty }
            return segment.offer == offer || segment.offer.hasPrefix(offer + ":")
        }
        return true
    }
}
