public import Foundation

/// `POST /v1/apps/{app}/purchases`: exactly one proof of a purchase, and the order it pays.
public struct SubmitPurchaseRequest: Codable, Sendable, Hashable {
    /// The customer as the app names it.
    public var customerId: String
    /// StoreKit 2's signed transaction (JWS).
    public var signedTransaction: String?
    /// The app receipt (base64), for StoreKit 1 purchases.
    public var appReceipt: String?
    /// A legacy per-transaction receipt (base64).
    public var transactionReceipt: String?
    public var orderId: UUID?

    public init(
        customerId: String, signedTransaction: String? = nil, appReceipt: String? = nil, transactionReceipt: String? = nil,
        orderId: UUID? = nil
    ) {
        self.customerId = customerId
        self.signedTransaction = signedTransaction
        self.appReceipt = appReceipt
        self.transactionReceipt = transactionReceipt
        self.orderId = orderId
    }
}
