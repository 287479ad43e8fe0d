public import Foundation

/// What the client logic needs from StoreKit 2, and nothing more: the seam between
/// ``PurchaseClient`` and the App Store.
///
/// `StorekeeperStoreKit.StoreKit2Store` is the real, thin adapter; the root package's
/// `StorekeeperClientSimulation` drives Storekeeper's App Store simulator instead, so the logic
/// is tested end to end on Linux.
public protocol StoreKitInterface: Sendable {
    /// `Product.products(for:)`.
    func products(_ ids: [String]) async throws -> [StoreProduct]

    /// `Product.purchase(options:)` with `.appAccountToken(token)` (and `.quantity` above 1, and
    /// `.billingPlanType` when a plan is chosen). Throws when the purchase failed; a
    /// `CancellationError` means the outcome is unknown.
    func purchase(
        _ productId: String, appAccountToken: UUID, quantity: Int, billingPlan: StoreBillingPlan?
    ) async throws -> StorePurchaseResult

    /// `Transaction.updates`: transactions that happen outside a purchase call (renewals, Ask to
    /// Buy approvals, purchases on another device, refunds).
    func updates() -> AsyncStream<StoreTransaction>

    /// `Transaction.unfinished`.
    func unfinished() async -> [StoreTransaction]

    /// `Transaction.currentEntitlements`.
    func currentEntitlements() async -> [StoreTransaction]

    /// `AppStore.sync()`: asks the customer to sign in and brings the device's transactions up to date.
    func sync() async throws

    /// `Transaction.finish()` of the transaction with this id, if it is still unfinished.
    func finish(_ transactionId: String) async
}

/// How a one-year subscription that offers both plans is billed
/// (`Product.SubscriptionInfo.BillingPlanType`, iOS 26.4): the whole year up front, or monthly
/// under a 12-month commitment (cancelling then stops the commitment's renewal, not the
/// remaining monthly billings).
public enum StoreBillingPlan: String, Sendable, Hashable {
    case upFront
    case monthly
}

/// A product as the App Store shows it.
public struct StoreProduct: Sendable, Hashable {
    public var id: String
    public var displayName: String
    public var displayPrice: String

    public init(id: String, displayName: String, displayPrice: String) {
        self.id = id
        self.displayName = displayName
        self.displayPrice = displayPrice
    }
}

/// A transaction as StoreKit hands it to the app: its identity and the App Store's signed form,
/// which is what Storekeeper verifies (the device's own check is advisory).
public struct StoreTransaction: Sendable, Hashable, Codable {
    public var id: String
    public var originalId: String
    public var productId: String
    public var appAccountToken: UUID?
    /// The JWS (`VerificationResult.jwsRepresentation`).
    public var signedTransaction: String
    /// Why StoreKit's on-device check failed, when it did (`nil`: verified by the device).
    public var deviceVerificationFailure: String?

    public init(
        id: String, originalId: String, productId: String, appAccountToken: UUID?, signedTransaction: String,
        deviceVerificationFailure: String? = nil
    ) {
        self.id = id
        self.originalId = originalId
        self.productId = productId
        self.appAccountToken = appAccountToken
        self.signedTransaction = signedTransaction
        self.deviceVerificationFailure = deviceVerificationFailure
    }
}

/// `Product.PurchaseResult`, with the transaction unwrapped.
public enum StorePurchaseResult: Sendable, Hashable {
    /// Apple took the payment.
    case purchased(StoreTransaction)
    /// Waiting for approval (Ask to Buy) or for the customer to act; the transaction, if it comes,
    /// arrives through `updates()`.
    case pending
    case userCancelled
}
