public import AppStoreModels
public import Foundation

/// A business order, created before the App Store purchase and linked to it by
/// `appAccountToken` (StoreKit 2 `appAccountToken`, StoreKit 1 `applicationUsername`).
public struct Order: Hashable, Sendable, Codable {
    public var id: UUID
    public var customerId: CustomerID
    public var productId: String
    public var quantity: Int
    public var state: OrderState
    /// The UUID the app passes to StoreKit; Apple returns it in the transaction.
    public var appAccountToken: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// When a created or pending order expires if no payment arrives.
    public var expiresAt: Timestamp
    /// The Apple transaction that paid it.
    public var environment: AppStoreEnvironment?
    public var transactionId: String?
    /// Currency credited on top of the product for the price-point difference (`PriceQuote`).
    public var bonusCurrency: String?
    public var bonusAmount: Int64
    /// Why a failed order failed (stable code).
    public var failureCode: String?

    public init(
        id: UUID = UUID.random(), customerId: CustomerID, productId: String, quantity: Int = 1, state: OrderState = .created,
        appAccountToken: UUID? = nil, createdAt: Timestamp, expiresAt: Timestamp, environment: AppStoreEnvironment? = nil,
        transactionId: String? = nil, bonusCurrency: String? = nil, bonusAmount: Int64 = 0, failureCode: String? = nil
    ) {
        self.id = id
        self.customerId = customerId
        self.productId = productId
        self.quantity = quantity
        self.state = state
        self.appAccountToken = appAccountToken ?? id
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.expiresAt = expiresAt
        self.environment = environment
        self.transactionId = transactionId
        self.bonusCurrency = bonusCurrency
        self.bonusAmount = bonusAmount
        self.failureCode = failureCode
    }
}

/// Where an order is in its life: `created → pending → paid → delivered`, or `failed`,
/// `cancelled`, `expired`.
public struct OrderState: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Created; the app has not started paying.
    public static let created = OrderState(rawValue: "created")
    /// The app reported that the App Store payment started or completed; no verified
    /// transaction yet. A new order for the same product meanwhile is "payment in progress".
    public static let pending = OrderState(rawValue: "pending")
    /// A verified Apple transaction paid it.
    public static let paid = OrderState(rawValue: "paid")
    /// What it bought was granted.
    public static let delivered = OrderState(rawValue: "delivered")
    public static let failed = OrderState(rawValue: "failed")
    public static let cancelled = OrderState(rawValue: "cancelled")
    public static let expired = OrderState(rawValue: "expired")

    public var isFinal: Bool { [.delivered, .failed, .cancelled, .expired].contains(self) }

    /// Transitions an order may make. A payment arriving for a failed, cancelled or expired
    /// order still delivers: the customer paid Apple, so Storekeeper honours it (late payment).
    public func canMove(to next: OrderState) -> Bool {
        switch (self, next) {
        case (.created, .pending), (.created, .paid), (.created, .cancelled), (.created, .expired), (.created, .failed),
            (.pending, .paid), (.pending, .cancelled), (.pending, .expired), (.pending, .failed),
            (.paid, .delivered), (.paid, .failed),
            (.failed, .paid), (.cancelled, .paid), (.expired, .paid):
            true
        default:
            false
        }
    }
}
