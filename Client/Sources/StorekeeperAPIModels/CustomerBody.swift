public import Foundation

/// Everything an app needs to know about one customer, in one answer (`GET .../customers/{id}`,
/// and inside the answers of purchases, restores and merges): entitlements with expiry and
/// source, subscriptions, wallet balances, recent purchases. Times are milliseconds since 1970.
public struct CustomerBody: Codable, Sendable, Hashable {
    /// One entitlement: the active grant lasting longest, else the latest.
    public struct Entitlement: Codable, Sendable, Hashable {
        public var id: String
        public var isActive: Bool
        /// Absent: forever.
        public var expiresAt: Int64?
        public var productId: String
        /// The Apple transaction granting it (`environment:transactionId`), or the operator's grant.
        public var source: String
        public var environment: String

        public init(id: String, isActive: Bool, expiresAt: Int64? = nil, productId: String, source: String, environment: String) {
            self.id = id
            self.isActive = isActive
            self.expiresAt = expiresAt
            self.productId = productId
            self.source = source
            self.environment = environment
        }
    }

    public struct Subscription: Codable, Sendable, Hashable {
        public var originalTransactionId: String
        public var environment: String
        public var productId: String
        public var group: String?
        /// The lifecycle phase (`trial`, `active`, `gracePeriod`, `billingRetry`, `expired`, ...).
        public var phase: String
        public var expiresAt: Int64?
        /// Apple's `autoRenewStatus`: 1 renews at `expiresAt`, 0 ends then; absent before Apple
        /// sent renewal info.
        public var autoRenewStatus: Int?
        /// The product the next renewal bills.
        public var autoRenewProductId: String?
        /// The 12-month commitment the current period is billed under, if it is.
        public var commitment: CommitmentBody?

        public init(
            originalTransactionId: String, environment: String, productId: String, group: String? = nil, phase: String,
            expiresAt: Int64? = nil, autoRenewStatus: Int? = nil, autoRenewProductId: String? = nil,
            commitment: CommitmentBody? = nil
        ) {
            self.originalTransactionId = originalTransactionId
            self.environment = environment
            self.productId = productId
            self.group = group
            self.phase = phase
            self.expiresAt = expiresAt
            self.autoRenewStatus = autoRenewStatus
            self.autoRenewProductId = autoRenewProductId
            self.commitment = commitment
        }
    }

    public struct Purchase: Codable, Sendable, Hashable {
        public var transactionId: String
        public var originalTransactionId: String
        public var environment: String
        public var productId: String
        public var quantity: Int
        public var purchaseDate: Int64
        public var expiresDate: Int64?
        /// When Apple refunded or revoked it, or the upgrade that replaced it took effect.
        public var revocationDate: Int64?
        /// Apple's `revocationReason` (0 other, 1 app issue).
        public var revocationReason: Int32?
        /// Apple replaced this subscription period by an upgrade or a same-duration crossgrade.
        public var isUpgraded: Bool
        public var price: Int64?
        public var currency: String?
        public var orderId: UUID?

        public init(
            transactionId: String, originalTransactionId: String, environment: String, productId: String, quantity: Int,
            purchaseDate: Int64, expiresDate: Int64? = nil, revocationDate: Int64? = nil, revocationReason: Int32? = nil,
            isUpgraded: Bool = false, price: Int64? = nil, currency: String? = nil, orderId: UUID? = nil
        ) {
            self.transactionId = transactionId
            self.originalTransactionId = originalTransactionId
            self.environment = environment
            self.productId = productId
            self.quantity = quantity
            self.purchaseDate = purchaseDate
            self.expiresDate = expiresDate
            self.revocationDate = revocationDate
            self.revocationReason = revocationReason
            self.isUpgraded = isUpgraded
            self.price = price
            self.currency = currency
            self.orderId = orderId
        }
    }

    public var customerId: String
    public var createdAt: Int64?
    public var entitlements: [Entitlement]
    public var subscriptions: [Subscription]
    /// Currency → balance.
    public var balances: [String: Int64]
    public var purchases: [Purchase]

    public init(
        customerId: String, createdAt: Int64? = nil, entitlements: [Entitlement], subscriptions: [Subscription],
        balances: [String: Int64], purchases: [Purchase]
    ) {
        self.customerId = customerId
        self.createdAt = createdAt
        self.entitlements = entitlements
        self.subscriptions = subscriptions
        self.balances = balances
        self.purchases = purchases
    }

    /// Whether `entitlement` is active.
    public func has(_ entitlement: String) -> Bool {
        entitlements.contains { $0.id == entitlement && $0.isActive }
    }
}
