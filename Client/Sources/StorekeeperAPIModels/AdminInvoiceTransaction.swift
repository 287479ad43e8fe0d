public import Foundation

/// One verified line of an invoice. Times are milliseconds since 1970.
public struct AdminInvoiceTransaction: Codable, Sendable, Hashable {
    public var environment: String
    public var transactionId: String
    public var originalTransactionId: String
    public var productId: String
    public var purchaseDate: Int64
    public var revocationDate: Int64?
    /// Who owns it in Storekeeper; absent when Storekeeper never recorded the purchase (a lost
    /// order: resync or correct it).
    public var customerId: String?
    /// Whether Storekeeper recorded this transaction; `false`: paid at Apple, not recorded here.
    public var recorded: Bool
    /// The token the app passed to StoreKit, as Apple signed it.
    public var appAccountToken: UUID?
    /// The business order the token names, when this app has it: the order to correct (attach
    /// this transaction) when the purchase was not recorded.
    public var order: AdminInvoiceOrder?

    public init(
        environment: String, transactionId: String, originalTransactionId: String, productId: String, purchaseDate: Int64,
        revocationDate: Int64? = nil, customerId: String? = nil, recorded: Bool, appAccountToken: UUID? = nil,
        order: AdminInvoiceOrder? = nil
    ) {
        self.environment = environment
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.purchaseDate = purchaseDate
        self.revocationDate = revocationDate
        self.customerId = customerId
        self.recorded = recorded
        self.appAccountToken = appAccountToken
        self.order = order
    }
}
