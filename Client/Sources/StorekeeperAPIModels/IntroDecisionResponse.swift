/// `GET /v1/apps/{app}/customers/{customer}/offers/introductory/{product}`.
public struct IntroDecisionResponse: Codable, Sendable, Hashable {
    public var eligibility: IntroEligibility
    /// The signed introductory-offer eligibility JWS StoreKit accepts, when a key is configured
    /// and the customer has a transaction to name.
    public var signature: String?

    public init(eligibility: IntroEligibility, signature: String? = nil) {
        self.eligibility = eligibility
        self.signature = signature
    }
}
