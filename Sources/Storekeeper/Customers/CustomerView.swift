public import AppStoreModels
public import Foundation

/// Everything an app needs to know about one customer, in one answer: entitlements with expiry
/// and source, subscriptions, wallet balances, recent purchases.
public struct CustomerView: Hashable, Sendable, Codable {
    public struct Entitlement: Hashable, Sendable, Codable {
        public var id: String
        public var isActive: Bool
        public var expiresAt: Timestamp?
        public var productId: String
        /// The Apple transaction granting it (`environment:transactionId`).
        public var source: String
        public var environment: AppStoreEnvironment
    }

    public struct Subscription: Hashable, Sendable, Codable {
        public var originalTransactionId: String
        public var environment: AppStoreEnvironment
        public var productId: String
        public var group: String?
        /// The lifecycle phase (`trial`, `active`, `gracePeriod`, `billingRetry`, `expired`, ...).
        public var phase: String
        public var expiresAt: Timestamp?
        /// Apple's `autoRenewStatus`: 1 when the subscription renews at `expiresAt` ("renews on"),
        /// 0 when it ends then ("ends on"); absent before Apple sent renewal info.
        public var autoRenewStatus: Int?
        /// The product the next renewal bills (differs from `productId` after a downgrade or a
        /// crossgrade that takes effect at renewal).
        public var autoRenewProductId: String?
        /// The 12-month commitment the current period is billed under: Apple bills it monthly
        /// until `commitment.expiresAt` whatever `autoRenewStatus` says, and the commitment's own
        /// renewal status says whether it ends then.
        public var commitment: CommitmentProgress?

        public init(
            originalTransactionId: String, environment: AppStoreEnvironment, productId: String, group: String?, phase: String,
            expiresAt: Timestamp?, autoRenewStatus: Int? = nil, autoRenewProductId: String? = nil,
            commitment: CommitmentProgress? = nil
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

        /// What a view shows of a stored subscription.
        public init(_ stored: StoredSubscription) {
            self.init(
                originalTransactionId: stored.originalTransactionId, environment: stored.environment,
                productId: stored.productId, group: stored.subscriptionGroup, phase: stored.phase, expiresAt: stored.expiresAt,
                autoRenewStatus: stored.autoRenewStatus, autoRenewProductId: stored.autoRenewProductId,
                commitment: stored.commitment)
        }
    }

    public struct Purchase: Hashable, Sendable, Codable {
        public var transactionId: String
        public var originalTransactionId: String
        public var environment: AppStoreEnvironment
        public var productId: String
        public var quantity: Int
        public var purchaseDate: Timestamp
        public var expiresDate: Timestamp?
        /// When Apple refunded or revoked the purchase, or the upgrade that replaced it took
        /// effect: as Apple last signed it.
        public var revocationDate: Timestamp?
        /// Why Apple refunded or revoked it, as Apple last signed it (none for an upgrade).
        public var revocationReason: RevocationReason?
        /// Apple replaced this subscription period by an upgrade or a same-duration crossgrade.
        public var isUpgraded: Bool
        public var price: Int64?
        public var currency: String?
        public var orderId: UUID?

        public init(
            transactionId: String, originalTransactionId: String, environment: AppStoreEnvironment, productId: String,
            quantity: Int, purchaseDate: Timestamp, expiresDate: Timestamp?, revocationDate: Timestamp?,
            revocationReason: RevocationReason? = nil, isUpgraded: Bool = false, price: Int64?, currency: String?, orderId: UUID?
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

    public var customerId: CustomerID
    public var createdAt: Timestamp?
    public var entitlements: [Entitlement]
    public var subscriptions: [Subscription]
    /// Currency → balance.
    public var balances: [String: Int64]
    public var purchases: [Purchase]

    public init(
        customerId: CustomerID, createdAt: Timestamp?, grants: [EntitlementGrant], subscriptions: [Subscription],
        balances: [String: Int64], purchases: [Purchase], now: Timestamp
    ) {
        self.customerId = customerId
        self.createdAt = createdAt
        // One entry per entitlement: the active grant lasting longest, else the latest.
        var best: [String: EntitlementGrant] = [:]
        for grant in grants {
            guard let current = best[grant.entitlement] else {
                best[grant.entitlement] = grant
                continue
            }
            if Self.outlasts(grant, current, now: now) { best[grant.entitlement] = grant }
        }
        entitlements = best.values.sorted { $0.entitlement < $1.entitlement }.map { grant in
            // A stack of non-renewing periods: report where the whole stack ends.
            let stackEnd = grants.filter { $0.entitlement == grant.entitlement && $0.expiresAt != nil }
                .compactMap(\.expiresAt).max()
            let expiresAt = grant.expiresAt == nil ? nil : max(grant.expiresAt ?? now, stackEnd ?? now)
            return Entitlement(
                id: grant.entitlement,
                isActive: grants.contains { $0.entitlement == grant.entitlement && $0.isActive(at: now) },
                expiresAt: expiresAt, productId: grant.productId, source: grant.source.description,
                environment: grant.source.environment)
        }
        self.subscriptions = subscriptions
        self.balances = balances
        self.purchases = purchases
    }

    /// Active beats inactive; forever beats any end; a later end beats an earlier one.
    private static func outlasts(_ a: EntitlementGrant, _ b: EntitlementGrant, now: Timestamp) -> Bool {
        let aActive = a.isActive(at: now)
        let bActive = b.isActive(at: now)
        if aActive != bActive { return aActive }
        switch (a.expiresAt, b.expiresAt) {
        case (nil, nil): return a.startsAt < b.startsAt
        case (nil, _): return true
        case (_, nil): return false
        case (.some(let x), .some(let y)): return x > y
        }
    }

    /// Whether `entitlement` is active now.
    public func has(_ entitlement: String) -> Bool {
        entitlements.contains { $0.id == entitlement && $0.isActive }
    }
}
