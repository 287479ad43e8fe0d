/// `POST .../customers/{customer}/offers/promotional` (admin): a promotional offer signature
/// support hands over.
public struct AdminOfferRequest: Codable, Sendable, Hashable {
    public var productId: String
    public var offerId: String
    /// The `applicationUsername` the app will pass to StoreKit (default: a hash of the customer id).
    public var applicationUsername: String?
    public var reason: String
    public var idempotencyKey: String

    public init(productId: String, offerId: String, applicationUsername: String? = nil, reason: String, idempotencyKey: String) {
        self.productId = productId
        self.offerId = offerId
        self.applicationUsername = applicationUsername
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}
