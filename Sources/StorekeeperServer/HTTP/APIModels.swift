import AppStoreModels
import Foundation
import Storekeeper

// The JSON bodies of Storekeeper's HTTP API (documented in `openapi.json`). Times are integer
// milliseconds since 1970, as Apple sends them.

struct CreateOrderRequest: Decodable {
    struct BusinessPrice: Decodable {
        var milliunits: Int64
        var storefront: String
    }
    var customerId: CustomerID
    var productId: String?
    var quantity: Int?
    /// Price the item at the nearest Apple price point at or above this; credit the difference.
    var businessPrice: BusinessPrice?
}

struct OrderBody: Encodable {
    var id: UUID
    var customerId: CustomerID
    var productId: String
    var quantity: Int
    var state: String
    var appAccountToken: UUID
    var createdAt: Timestamp
    var updatedAt: Timestamp
    var expiresAt: Timestamp
    var environment: String?
    var transactionId: String?
    var bonusCurrency: String?
    var bonusAmount: Int64

    init(_ order: Order) {
        id = order.id
        customerId = order.customerId
        productId = order.productId
        quantity = order.quantity
        state = order.state.rawValue
        appAccountToken = order.appAccountToken
        createdAt = order.createdAt
        updatedAt = order.updatedAt
        expiresAt = order.expiresAt
        environment = order.environment?.rawValue
        transactionId = order.transactionId
        bonusCurrency = order.bonusCurrency
        bonusAmount = order.bonusAmount
    }
}

struct OrderResponse: Encodable {
    /// `created`, `paymentInProgress`, or absent when reading an order.
    var status: String?
    var order: OrderBody
}

struct SubmitPurchaseRequest: Decodable {
    var customerId: CustomerID
    var signedTransaction: String?
    var appReceipt: String?
    var transactionReceipt: String?
    var orderId: UUID?

    /// Exactly one proof.
    func proof() throws -> PurchaseService.Proof {
        switch (signedTransaction, appReceipt, transactionReceipt) {
        case (let jws?, nil, nil): return .signedTransaction(jws)
        case (nil, let receipt?, nil): return .appReceipt(receipt)
        case (nil, nil, let receipt?): return .transactionReceipt(receipt)
        default:
            throw StorekeeperError.invalidRequest("give exactly one of signedTransaction, appReceipt, transactionReceipt")
        }
    }
}

struct SubmitPurchaseResponse: Encodable {
    /// `recorded`, `replayed` or `ownedByAnotherCustomer`.
    var status: String
    var transactionIds: [String]
    var order: OrderBody?
    var customer: CustomerView
}

struct RestoreRequest: Decodable {
    var signedTransactions: [String]?
    var appReceipt: String?
}

struct RestoreResponse: Encodable {
    var restored: [String]
    var customer: CustomerView
}

struct SpendRequest: Decodable {
    var currency: String
    var amount: Int64
    var idempotencyKey: String
    var reference: String?
}

struct SpendResponse: Encodable {
    var balance: Int64
    var replayed: Bool
}

/// What the customer agreed to share when Apple asks for consumption data (CONSUMPTION_REQUEST).
struct ConsumptionConsentRequest: Decodable {
    /// Whether the customer consented to sending consumption data to Apple.
    var consented: Bool
    /// Minutes the customer used the app, if the app tracks it.
    var playTimeMinutes: Int64?
}

struct ConsumptionConsentResponse: Encodable {
    var customerId: CustomerID
    var consented: Bool
    var playTimeMinutes: Int64?
}

struct AliasRequest: Decodable {
    /// The customer to merge into this one (typically `guest:<device id>`).
    var alias: CustomerID
}

struct StatusResponse: Encodable {
    var status: String
    var checks: [String: String]?
}

struct PromotionalOfferRequest: Decodable {
    var productId: String
    var offerId: String
    /// The `applicationUsername` the app will pass to StoreKit (default: a hash of the customer id).
    var applicationUsername: String?
}
