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
    }

    /// `Product.PurchaseResult`.
    public enum PurchaseResult: Sendable {
        case success(VerificationResult<Transaction>)
        case userCancelled
        case pending
    }
}
