public import AppStoreModels

/// Server-side offer rules: who may take an introductory offer, who may be offered a
/// promotional offer, and which offers a customer has redeemed.
///
/// The App Store decides intro-offer eligibility per Apple ID. Under `IntroOfferPolicy.oncePerGroup`
/// Storekeeper decides per app account instead — one intro offer per subscription group, whatever
/// Apple ID pays — closing the "new Apple ID, new free trial" loophole that `seeds/003_*` worked
/// around with a second product.
public enum OfferRules {
    public struct IntroEligibility: Hashable, Sendable, Codable {
        public var productId: String
        public var group: String?
        public var eligible: Bool
        /// Stable reason code: `eligible`, `notASubscription`, `subscribedBefore`, `appleDecides`.
        public var reason: String
    }

    public static func introEligibility(
        productId: String, catalog: Catalog, purchases: [AppleTransaction], policy: IntroOfferPolicy
    ) -> IntroEligibility {
        guard let product = catalog[productId], product.kind == .autoRenewableSubscription, let group = product.subscriptionGroup
        else { return IntroEligibility(productId: productId, group: nil, eligible: false, reason: "notASubscription") }
        guard policy == .oncePerGroup else {
            return IntroEligibility(productId: productId, group: group, eligible: true, reason: "appleDecides")
        }
        let subscribedBefore = purchases.contains { catalog[$0.productId]?.subscriptionGroup == group }
        return IntroEligibility(
            productId: productId, group: group, eligible: !subscribedBefore,
            reason: subscribedBefore ? "subscribedBefore" : "eligible")
    }

    /// Promotional offers are for current and lapsed subscribers of the product's group.
    public static func mayOfferPromotional(productId: String, catalog: Catalog, purchases: [AppleTransaction]) -> Bool {
        guard let group = catalog[productId]?.subscriptionGroup else { return false }
        return purchases.contains { catalog[$0.productId]?.subscriptionGroup == group }
    }

    /// One redeemed offer.
    public struct Redemption: Hashable, Sendable, Codable {
        /// `introductory`, `promotional`, `offerCode`, `winBack`, or Apple's number for others.
        public var type: String
        public var identifier: String?
        public var productId: String
        public var transactionId: String
        public var environment: AppStoreEnvironment
        public var redeemedAt: Timestamp
    }

    /// Every offer the customer's transactions redeemed, oldest first. A restore's re-issued
    /// transaction of a period is not counted again, and a pay-as-you-go offer billed over
    /// several consecutive periods of one subscription is one redemption.
    public static func redemptions(_ purchases: [AppleTransaction]) -> [Redemption] {
        var seenPeriods = Set<String>()
        /// The offer of each subscription's previous period (nil: paid at full price).
        var previousOffer: [String: String?] = [:]
        var redemptions: [Redemption] = []
        for transaction in purchases.sorted(by: { ($0.purchaseDate, $0.transactionId) < ($1.purchaseDate, $1.transactionId) }) {
            let subscription = "\(transaction.environment.rawValue):\(transaction.originalTransactionId)"
            guard seenPeriods.insert("\(subscription):\(transaction.periodKey):\(transaction.purchaseDate.millisecondsSince1970)").inserted
            else { continue }
            let offerKey = transaction.offerType.map { "\($0.rawValue):\(transaction.offerIdentifier ?? "")" }
            defer { previousOffer[subscription] = offerKey }
            guard let offerType = transaction.offerType, previousOffer[subscription] != .some(offerKey) else { continue }
            let type: String =
                switch offerType {
                case .introductoryOffer: "introductory"
                case .promotionalOffer: "promotional"
                case .offerCode: "offerCode"
                case .winBackOffer: "winBack"
                default: String(offerType.rawValue)
                }
            redemptions.append(
                Redemption(
                    type: type, identifier: transaction.offerIdentifier, productId: transaction.productId,
                    transactionId: transaction.transactionId, environment: transaction.environment,
                    redeemedAt: transaction.purchaseDate))
        }
        return redemptions
    }
}
