public import AppStoreModels

/// A refunded or revoked transaction, as the refunds view lists it: kept by the write that
/// recorded the revocation (and removed when Apple reverses it), scoped to the app whose facts
/// recorded it.
public struct RefundRecord: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Apple refunded the purchase.
        case refunded
        /// Family Sharing of the purchase ended (the family member lost it; no money moved).
        case familySharingRevoked
        /// A group member's assigned seat ended (no money moved: the purchaser's seat refund is
        /// the purchaser's record).
        case seatRevoked

        /// How `transaction` was revoked; nil when it was not, or was upgraded away (Apple's
        /// pro-rata credit of an upgrade is not a refund).
        public init?(_ transaction: AppleTransaction) {
            guard transaction.revocationDate != nil, !transaction.isUpgraded else { return nil }
            switch RevocationInfo.Kind.revocation(of: transaction.ownership) {
            case .familySharingRevoked: self = .familySharingRevoked
            case .seatRevoked: self = .seatRevoked
            case .refunded, .upgraded: self = .refunded
            }
        }
    }

    public var appId: String
    public var environment: AppStoreEnvironment
    public var transactionId: String
    public var originalTransactionId: String
    /// Who owned the purchase when the revocation was recorded.
    public var customerId: CustomerID
    public var productId: String
    public var productType: ProductType?
    public var kind: Kind
    public var reason: RevocationReason?
    public var revokedAt: Timestamp
    public var purchaseDate: Timestamp
    /// Customer price per unit in milliunits of `currency`.
    public var price: Int64?
    public var currency: String?
    public var quantity: Int

    public init(
        appId: String, environment: AppStoreEnvironment, transactionId: String, originalTransactionId: String,
        customerId: CustomerID, productId: String, productType: ProductType?, kind: Kind, reason: RevocationReason?,
        revokedAt: Timestamp, purchaseDate: Timestamp, price: Int64?, currency: String?, quantity: Int
    ) {
        self.appId = appId
        self.environment = environment
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.customerId = customerId
        self.productId = productId
        self.productType = productType
        self.kind = kind
        self.reason = reason
        self.revokedAt = revokedAt
        self.purchaseDate = purchaseDate
        self.price = price
        self.currency = currency
        self.quantity = quantity
    }

    /// The record of `transaction` owned by `customerId`, or nil when it is not refunded or revoked.
    public init?(appId: String, transaction: AppleTransaction, customerId: CustomerID) {
        guard let kind = Kind(transaction), let revokedAt = transaction.revocationDate else { return nil }
        self.init(
            appId: appId, environment: transaction.environment, transactionId: transaction.transactionId,
            originalTransactionId: transaction.originalTransactionId, customerId: customerId, productId: transaction.productId,
            productType: transaction.productType, kind: kind, reason: transaction.revocationReason, revokedAt: revokedAt,
            purchaseDate: transaction.purchaseDate, price: transaction.price, currency: transaction.currency,
            quantity: transaction.quantity)
    }
}

/// Where a page of refunds continues: strictly older than this revocation (ties by
/// environment and transaction ID, descending).
public struct RefundCursor: Hashable, Sendable {
    public var revokedAt: Timestamp
    public var environment: AppStoreEnvironment
    public var transactionId: String

    public init(revokedAt: Timestamp, environment: AppStoreEnvironment, transactionId: String) {
        self.revokedAt = revokedAt
        self.environment = environment
        self.transactionId = transactionId
    }

    public init(_ record: RefundRecord) {
        self.init(revokedAt: record.revokedAt, environment: record.environment, transactionId: record.transactionId)
    }

    /// `<milliseconds>:<environment>:<transactionId>`, the form the API pages with.
    public var token: String { "\(revokedAt.millisecondsSince1970):\(environment.rawValue):\(transactionId)" }

    public init?(token: String) {
        let parts = token.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let milliseconds = Int64(parts[0]), !parts[1].isEmpty, !parts[2].isEmpty else { return nil }
        self.init(
            revokedAt: Timestamp(millisecondsSince1970: milliseconds), environment: AppStoreEnvironment(rawValue: String(parts[1])),
            transactionId: String(parts[2]))
    }
}
