public import Foundation

/// A transaction as Storekeeper recorded it. Times are milliseconds since 1970; the numeric
/// offer and revocation fields carry Apple's values.
public struct AdminPurchase: Codable, Sendable, Hashable {
    public var environment: String
    public var transactionId: String
    public var originalTransactionId: String
    public var webOrderLineItemId: String?
    public var productId: String
    public var productType: String?
    public var quantity: Int
    public var purchaseDate: Int64
    public var expiresDate: Int64?
    public var price: Int64?
    public var currency: String?
    public var storefront: String?
    public var offerType: Int32?
    public var offerIdentifier: String?
    public var revocationDate: Int64?
    public var revocationReason: Int32?
    public var isUpgraded: Bool
    public var orderId: UUID?
    public var appAccountToken: UUID?
    public var signedDate: Int64
    public var recordedAt: Int64

    public init(
        environment: String, transactionId: String, originalTransactionId: String, webOrderLineItemId: String? = nil,
        productId: String, productType: String? = nil, quantity: Int, purchaseDate: Int64, expiresDate: Int64? = nil,
        price: Int64? = nil, currency: String? = nil, storefront: String? = nil, offerType: Int32? = nil, offerIdentifier: String? = nil,
        revocationDate: Int64? = nil, revocationReason: Int32? = nil, isUpgraded: Bool, orderId: UUID? = nil,
        appAccountToken: UUID? = nil, signedDate: Int64, recordedAt: Int64
    ) {
        self.environment = environment
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.productId = productId
        self.productType = productType
        self.quantity = quantity
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.price = price
        self.currency = currency
        self.storefront = storefront
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.isUpgraded = isUpgraded
        self.orderId = orderId
        self.appAccountToken = appAccountToken
        self.signedDate = signedDate
        self.recordedAt = recordedAt
    }
}
