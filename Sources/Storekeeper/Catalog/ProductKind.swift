public import AppStoreModels

/// The four kinds of in-app purchase.
public struct ProductKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Used up once bought (gems, coins): credits the wallet, can be bought again.
    public static let consumable = ProductKind(rawValue: "consumable")
    /// Bought once, kept forever (a level pack, "remove ads").
    public static let nonConsumable = ProductKind(rawValue: "non_consumable")
    /// Access for a fixed duration; repeat purchases stack.
    public static let nonRenewingSubscription = ProductKind(rawValue: "non_renewing_subscription")
    /// Renews each period until cancelled; belongs to a subscription group.
    public static let autoRenewableSubscription = ProductKind(rawValue: "auto_renewable_subscription")

    public static let all: [ProductKind] = [.consumable, .nonConsumable, .nonRenewingSubscription, .autoRenewableSubscription]

    /// Apple's `type` field for this kind.
    public var appleType: ProductType {
        switch self {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewingSubscription: .nonRenewingSubscription
        default: .autoRenewableSubscription
        }
    }

    public init?(appleType: ProductType) {
        switch appleType {
        case .consumable: self = .consumable
        case .nonConsumable: self = .nonConsumable
        case .nonRenewingSubscription: self = .nonRenewingSubscription
        case .autoRenewableSubscription: self = .autoRenewableSubscription
        default: return nil
        }
    }
}
