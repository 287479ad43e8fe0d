/// The products an app sells, indexed, with the rules that relate them.
public struct Catalog: Hashable, Sendable {
    public let products: [Product]
    private let byId: [String: Product]

    /// Checks the products for contradictions; throws naming the first offending product.
    public init(products: [Product]) throws(CatalogError) {
        var byId: [String: Product] = [:]
        for product in products {
            guard !product.id.isEmpty else { throw CatalogError("a product has an empty id") }
            guard byId[product.id] == nil else { throw CatalogError("product \(product.id) is declared twice") }
            switch product.kind {
            case .autoRenewableSubscription:
                guard product.subscriptionGroup != nil else {
                    throw CatalogError("auto-renewable subscription \(product.id) needs a subscription group")
                }
                guard product.duration != nil else {
                    throw CatalogError("auto-renewable subscription \(product.id) needs a duration (its billing period)")
                }
                guard (product.groupLevel ?? 1) >= 1 else {
                    throw CatalogError("subscription \(product.id) has a group level below 1")
                }
            case .nonRenewingSubscription:
                guard product.duration != nil else {
                    throw CatalogError("non-renewing subscription \(product.id) needs a duration")
                }
            case .consumable:
                guard !product.currencies.isEmpty || !product.entitlements.isEmpty else {
                    throw CatalogError("consumable \(product.id) grants neither currency nor entitlements")
                }
                for (currency, amount) in product.currencies where amount <= 0 {
                    throw CatalogError("consumable \(product.id) credits a non-positive amount of \(currency)")
                }
            case .nonConsumable:
                break
            default:
                throw CatalogError("product \(product.id) has unknown kind \(product.kind)")
            }
            for price in product.prices where price.milliunits < 0 {
                throw CatalogError("product \(product.id) has a negative price in \(price.storefront)")
            }
            byId[product.id] = product
        }
        self.products = products
        self.byId = byId
    }

    public subscript(id: String) -> Product? { byId[id] }

    /// Whether a purchase of `productId` can be the source of an entitlement grant: `false` only
    /// for a product the catalog knows that grants none and is not an auto-renewable
    /// subscription (whose grants the lifecycle derives), such as a currency pack. Buying,
    /// refunding or moving such a purchase changes balances, never grants.
    public func mayGrantEntitlements(_ productId: String) -> Bool {
        guard let product = byId[productId] else { return true }
        return !product.entitlements.isEmpty || product.kind == .autoRenewableSubscription
    }

    /// Products of one subscription group, highest level first.
    public func group(_ name: String) -> [Product] {
        products.filter { $0.subscriptionGroup == name }.sorted { ($0.groupLevel ?? 1) < ($1.groupLevel ?? 1) }
    }

    /// How moving from one product to another within a group takes effect, as the App Store does
    /// it: upgrades and same-duration crossgrades are immediate; downgrades and crossgrades to a
    /// different duration wait for the next renewal.
    public func change(from old: String, to new: String) -> SubscriptionChange? {
        guard let old = byId[old], let new = byId[new], old.id != new.id,
            let group = old.subscriptionGroup, new.subscriptionGroup == group
        else { return nil }
        let oldLevel = old.groupLevel ?? 1
        let newLevel = new.groupLevel ?? 1
        if newLevel < oldLevel { return .upgrade }
        if newLevel > oldLevel { return .downgrade }
        return old.duration?.approximateDays == new.duration?.approximateDays ? .crossgradeImmediate : .crossgradeAtRenewal
    }
}

/// A move between products of one subscription group.
public enum SubscriptionChange: String, Hashable, Sendable, Codable {
    case upgrade
    case downgrade
    /// Same level, same duration: takes effect immediately with a prorated refund.
    case crossgradeImmediate
    /// Same level, different duration: takes effect at the next renewal.
    case crossgradeAtRenewal

    public var isImmediate: Bool { self == .upgrade || self == .crossgradeImmediate }
}

/// A configuration error in the catalog, naming the product.
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
