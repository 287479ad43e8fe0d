import AppStoreModels
import Foundation
import Testing

/// An order as the API returns it.
struct OrderJSON: Sendable {
    var id: UUID
    var customerId: String
    var productId: String
    var quantity: Int64
    var state: String
    var appAccountToken: UUID
    var transactionId: String?
    var bonusCurrency: String?
    var bonusAmount: Int64

    init(_ json: JSONValue?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let json = try #require(json, "no order in the response", sourceLocation: sourceLocation)
        id = try #require(json["id"]?.stringValue.flatMap(UUID.init(uuidString:)), sourceLocation: sourceLocation)
        customerId = try #require(json["customerId"]?.stringValue, sourceLocation: sourceLocation)
        productId = try #require(json["productId"]?.stringValue, sourceLocation: sourceLocation)
        quantity = json["quantity"]?.intValue ?? 0
        state = try #require(json["state"]?.stringValue, sourceLocation: sourceLocation)
        appAccountToken = try #require(
            json["appAccountToken"]?.stringValue.flatMap(UUID.init(uuidString:)), sourceLocation: sourceLocation)
        transactionId = json["transactionId"]?.stringValue
        bonusCurrency = json["bonusCurrency"]?.stringValue
        bonusAmount = json["bonusAmount"]?.intValue ?? 0
    }
}

/// A customer view as the API returns it.
struct CustomerJSON: Sendable {
    struct Entitlement: Sendable, Hashable {
        var id: String
        var isActive: Bool
        var expiresAt: Int64?
        var productId: String
        var source: String
        var environment: String
    }

    struct Subscription: Sendable, Hashable {
        var originalTransactionId: String
        var productId: String
        var phase: String
        var expiresAt: Int64?
        var environment: String
    }

    struct Purchase: Sendable, Hashable {
        var transactionId: String
        var originalTransactionId: String
        var productId: String
        var quantity: Int64
        var environment: String
        var orderId: String?
    }

    var json: JSONValue
    var entitlements: [Entitlement]
    var subscriptions: [Subscription]
    var balances: [String: Int64]
    var purchases: [Purchase]

    init(_ json: JSONValue) {
        self.json = json
        entitlements = (json["entitlements"]?.arrayValue ?? []).map {
            Entitlement(
                id: $0["id"]?.stringValue ?? "", isActive: $0["isActive"] == .bool(true), expiresAt: $0["expiresAt"]?.intValue,
                productId: $0["productId"]?.stringValue ?? "", source: $0["source"]?.stringValue ?? "",
                environment: $0["environment"]?.stringValue ?? "")
        }
        subscriptions = (json["subscriptions"]?.arrayValue ?? []).map {
            Subscription(
                originalTransactionId: $0["originalTransactionId"]?.stringValue ?? "",
                productId: $0["productId"]?.stringValue ?? "", phase: $0["phase"]?.stringValue ?? "",
                expiresAt: $0["expiresAt"]?.intValue, environment: $0["environment"]?.stringValue ?? "")
        }
        balances = (json["balances"]?.objectValue ?? [:]).compactMapValues(\.intValue)
        purchases = (json["purchases"]?.arrayValue ?? []).map {
            Purchase(
                transactionId: $0["transactionId"]?.stringValue ?? "",
                originalTransactionId: $0["originalTransactionId"]?.stringValue ?? "",
                productId: $0["productId"]?.stringValue ?? "", quantity: $0["quantity"]?.intValue ?? 0,
                environment: $0["environment"]?.stringValue ?? "", orderId: $0["orderId"]?.stringValue)
        }
    }

    func entitlement(_ id: String) -> Entitlement? { entitlements.first { $0.id == id } }
    func has(_ id: String) -> Bool { entitlement(id)?.isActive == true }
    func balance(_ currency: String) -> Int64 { balances[currency] ?? 0 }
}

extension JSONValue {
    var intValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }
}
