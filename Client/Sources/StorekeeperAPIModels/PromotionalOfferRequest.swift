/// `POST /v1/apps/{app}/customers/{customer}/offers/promotional`: a signature for a promotional offer.
public struct PromotionalOfferRequest: Codable, Sendable, Hashable {
    public var productId: String
    public var offerId: String
    /// The `applicationUsername` the app will pass to StoreKit (default: a hash of the customer id).
    public var applicationUsername: String?

    public init(productId: String, offerId: String, applicationUsername: String? = nil) {
        self.productId = productId
        self.offerId = offerId
        self.applicationUsername = applicationUsername
    }
}
