/// `GET /v1/apps/{app}/customers/{customer}/offers`: the offers the customer redeemed, and their
/// introductory-offer eligibility per subscription.
public struct OfferSummaryResponse: Codable, Sendable, Hashable {
    /// One redeemed offer.
    public struct Redemption: Codable, Sendable, Hashable {
        /// `introductory`, `promotional`, `offerCode`, `winBack`, or Apple's number for others.
        public var type: String
        public var identifier: String?
        public var productId: String
        public var transactionId: String
        public var environment: String
        /// Milliseconds since 1970.
        public var redeemedAt: Int64

        public init(
            type: String, identifier: String? = nil, productId: String, transactionId: String, environment: String, redeemedAt: Int64
        ) {
            self.type = type
            self.identifier = identifier
            self.productId = productId
            self.transactionId = transactionId
            self.environment = environment
            self.redeemedAt = redeemedAt
        }
    }

    public var redemptions: [Redemption]
    public var introductory: [IntroEligibility]

    public init(redemptions: [Redemption], introductory: [IntroEligibility]) {
        self.redemptions = redemptions
        self.introductory = introductory
    }
}
