public import Foundation

/// `StoreKit.Product` as far as Storekeeper's adapter uses it (iOS 15+, macOS 12+).
public struct Product: Sendable, Identifiable, Hashable {
    public let id: String
    public let displayName: String
    public let displayPrice: String

    /// `static func products<Identifiers>(for identifiers: Identifiers) async throws -> [Product]
    /// where Identifiers : Collection, Identifiers.Element == String`
    public static func products<Identifiers: Collection>(
        for identifiers: Identifiers
    ) async throws -> [Product] where Identifiers.Element == String {
        storeKitUnavailable()
    }

    /// `@MainActor func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult`
    @MainActor
    public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult {
        storeKitUnavailable()
    }
}

extension Product {
    /// `Product.PurchaseOption`.
    public struct PurchaseOption: Hashable, Sendable {
        private let name: String
        private let value: String

        /// `static func appAccountToken(_ token: UUID) -> Product.PurchaseOption`
        public static func appAccountToken(_ token: UUID) -> Product.PurchaseOption {
            Product.PurchaseOption(name: "appAccountToken", value: token.uuidString)
        }

        /// `static func quantity(_ quantity: Int) -> Product.PurchaseOption`
        public static func quantity(_ quantity: Int) -> Product.PurchaseOption {
            Product.PurchaseOption(name: "quantity", value: String(quantity))
        }

        /// `static func billingPlanType(_ billingPlanType: Product.SubscriptionInfo.BillingPlanType) -> Product.PurchaseOption`
        /// (iOS 26.4+)
        public static func billingPlanType(_ billingPlanType: Product.SubscriptionInfo.BillingPlanType) -> Product.PurchaseOption {
            Product.PurchaseOption(name: "billingPlanType", value: billingPlanType.name)
        }
    }

    /// `Product.SubscriptionInfo`, as far as the adapter uses it.
    public struct SubscriptionInfo: Sendable, Hashable {
        /// `Product.SubscriptionInfo.BillingPlanType` (iOS 26.4+).
        public struct BillingPlanType: Sendable, Hashable {
            fileprivate let name: String

            /// `static let monthly: Product.SubscriptionInfo.BillingPlanType`
            public static let monthly = BillingPlanType(name: "monthly")
            /// `static let upFront: Product.SubscriptionInfo.BillingPlanType`
            public static let upFront = BillingPlanType(name: "upFront")
        }
    }

    /// `Product.PurchaseResult`.
    public enum PurchaseResult: Sendable {
        case success(VerificationResult<Transaction>)
        case userCancelled
        case pending
    }
}
