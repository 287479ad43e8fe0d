public import AppStoreModels

/// A simulated Apple Account: the environment it buys in (sandbox tester or real customer), its
/// storefront, a payment method that can be made to fail, Family Sharing, and which
/// introductory offers it has used.
public struct SimulatedAccount: Hashable, Sendable, Codable {
    public var id: String
    public var environment: AppStoreEnvironment
    public var storefront: String
    /// When true, charges (renewals, purchases) fail with a billing error.
    public var paymentFails: Bool
    /// Accounts with the same family group share family-shareable purchases.
    public var familyGroupId: String?
    /// Subscription groups in which the account has used an introductory offer.
    public var introOfferConsumedGroups: Set<String>

    public init(
        id: String, environment: AppStoreEnvironment = .sandbox, storefront: String = "USA",
        paymentFails: Bool = false, familyGroupId: String? = nil, introOfferConsumedGroups: Set<String> = []
    ) {
        self.id = id
        self.environment = environment
        self.storefront = storefront
        self.paymentFails = paymentFails
        self.familyGroupId = familyGroupId
        self.introOfferConsumedGroups = introOfferConsumedGroups
    }

    enum CodingKeys: String, CodingKey {
        case id, environment, storefront, paymentFails, familyGroupId, introOfferConsumedGroups
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            environment: try container.decodeIfPresent(AppStoreEnvironment.self, forKey: .environment) ?? .sandbox,
            storefront: try container.decodeIfPresent(String.self, forKey: .storefront) ?? "USA",
            paymentFails: try container.decodeIfPresent(Bool.self, forKey: .paymentFails) ?? false,
            familyGroupId: try container.decodeIfPresent(String.self, forKey: .familyGroupId),
            introOfferConsumedGroups: try container.decodeIfPresent(Set<String>.self, forKey: .introOfferConsumedGroups)
                ?? [])
    }
}
