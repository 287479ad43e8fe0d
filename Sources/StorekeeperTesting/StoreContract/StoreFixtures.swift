import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore
import Testing

/// Values the store contract builds its records from.
enum StoreFixtures {
    static let t0 = Timestamp(millisecondsSince1970: 1_750_000_000_000)

    static func at(_ offset: Int64) -> Timestamp { t0.adding(milliseconds: offset) }

    static func customerID(_ name: String) -> CustomerID {
        CustomerID(rawValue: name)!  // test constants, all valid
    }

    static func customer(_ name: String, at offset: Int64 = 0) -> Customer {
        Customer(id: customerID(name), createdAt: at(offset))
    }

    /// A transaction with every field set, including values of open enumerations no Apple
    /// release defines, so a round trip proves nothing is dropped.
    static func fullTransaction(id: String = "2000000111", signedAt offset: Int64 = 10) -> AppleTransaction {
        AppleTransaction(
            environment: .sandbox, transactionId: id, originalTransactionId: "2000000100", webOrderLineItemId: "5000000001",
            productId: "com.example.pro.monthly", productType: ProductType(rawValue: "Future Product Type"),
            subscriptionGroupIdentifier: "21000001", purchaseDate: at(1), originalPurchaseDate: at(0),
            expiresDate: at(2_592_000_000), quantity: 3, appAccountToken: UUID(uuidString: "7E3FB20B-4CDB-47CC-936D-99D65F608138"),
            ownership: InAppOwnershipType(rawValue: "SOMEONE_ELSE"), revocationDate: at(5), revocationReason: RevocationReason(rawValue: 7),
            isUpgraded: true, offerType: OfferType(rawValue: 9), offerIdentifier: "winback.50", offerDiscountType: .payAsYouGo,
            offerPeriod: "P1M", price: 9990, currency: "EUR", storefront: "FRA", transactionReason: .renewal,
            signedDate: at(offset), source: FactSource(rawValue: "carrier_pigeon"))
    }

    static func transaction(
        _ id: String, original: String? = nil, product: String = "coins.100", type: ProductType? = .consumable,
        environment: AppStoreEnvironment = .production, purchasedAt purchase: Int64 = 0, signedAt signed: Int64 = 0,
        webOrder: String? = nil, expiresAt expires: Int64? = nil, revokedAt revoked: Int64? = nil
    ) -> AppleTransaction {
        AppleTransaction(
            environment: environment, transactionId: id, originalTransactionId: original ?? id, webOrderLineItemId: webOrder,
            productId: product, productType: type, purchaseDate: at(purchase), expiresDate: expires.map(at),
            revocationDate: revoked.map(at), signedDate: at(signed), source: .storeKit2)
    }

    static func credit(_ customer: CustomerID, _ amount: Int64, key: String, currency: String = "gems") throws -> JournalEntry {
        try JournalEntry(
            key: key, kind: .credit, customerId: customer, currency: currency,
            postings: [.init(.customer(customer, currency), amount), .init(.issued(currency), -amount)],
            createdAt: t0, reference: "test:\(key)")
    }

    static func spend(
        _ customer: CustomerID, _ amount: Int64, key: String, currency: String = "gems", at offset: Int64 = 0
    ) throws
        -> JournalEntry
    {
        try Wallet.spend(customer, currency: currency, amount: amount, key: key, reference: nil, at: at(offset))
    }

    static func subscription(
        _ original: String, customer: CustomerID, expiresAt: Int64?, environment: AppStoreEnvironment = .production,
        phase: String = "active", signedAt: Int64 = 0, commitment: CommitmentProgress? = nil
    ) -> StoredSubscription {
        StoredSubscription(
            environment: environment, originalTransactionId: original, customerId: customer, productId: "pro.monthly",
            subscriptionGroup: "group.pro", phase: phase, expiresAt: expiresAt.map(at), lastSignedDate: at(signedAt),
            state: Data("{\"phase\":\"\(phase)\",\"bytes\":\"\u{0}\u{FF}\"}".utf8), updatedAt: at(signedAt),
            commitment: commitment)
    }

    /// Billing period 4 of 12, the commitment cancelled (it ends at 900).
    static let commitment = CommitmentProgress(billingPeriodNumber: 4, totalBillingPeriods: 12, expiresAt: at(900), autoRenewStatus: 0)

    static func outbox(_ index: Int, dueAt offset: Int64 = 0, customer: CustomerID? = nil) -> OutboxMessage {
        OutboxMessage(
            id: UUID.random(), destination: "webhook:backend", kind: "wallet.changed", customerId: customer,
            payload: Data("{\"n\":\(index)}".utf8), createdAt: at(0), nextAttemptAt: at(offset))
    }
}

/// A failure a test body throws on purpose.
struct StoreContractAbort: Error, Equatable {}

extension PurchaseStore {
    /// Posts `entry` in a write of its own.
    func book(_ entry: JournalEntry, requireNonNegative: Bool) async throws -> PostingResult {
        try await write { try await $0.post(entry, requireNonNegative: requireNonNegative) }
    }
}
