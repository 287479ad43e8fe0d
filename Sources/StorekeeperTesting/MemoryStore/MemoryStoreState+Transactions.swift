import AppStoreModels
import Foundation
import Storekeeper

/// Transactions and ownership (`SQLStore+Transactions`, `TransactionRows`).
extension MemoryStoreState {
    func transaction(environment: AppStoreEnvironment, transactionId: String) throws -> StoredTransaction? {
        try MemoryText.refuseNUL(environment.rawValue, transactionId)
        return transactions[MemoryKey(environment, transactionId)]
    }

    /// `purchase_date, transaction_id`.
    func transactions(environment: AppStoreEnvironment, originalTransactionId: String) throws -> [StoredTransaction] {
        try MemoryText.refuseNUL(environment.rawValue, originalTransactionId)
        return Self.oldestFirst(
            transactions.values.filter {
                $0.transaction.environment == environment && $0.transaction.originalTransactionId == originalTransactionId
            })
    }

    /// `purchase_date, transaction_id`.
    func transactions(environment: AppStoreEnvironment, webOrderLineItemId: String) throws -> [StoredTransaction] {
        try MemoryText.refuseNUL(environment.rawValue, webOrderLineItemId)
        return Self.oldestFirst(
            transactions.values.filter {
                $0.transaction.environment == environment && $0.transaction.webOrderLineItemId == webOrderLineItemId
            })
    }

    /// `purchase_date DESC, environment DESC, transaction_id DESC`.
    func transactions(customerId: CustomerID, limit: Int) throws -> [StoredTransaction] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(customerId.rawValue)
        let rows = transactions.values.filter { $0.customerId == customerId }.sorted {
            Self.ordered(
                $1.transaction, $0.transaction,
                by: [
                    { Self.compare($0.purchaseDate, $1.purchaseDate) },
                    { Self.compareText($0.environment.rawValue, $1.environment.rawValue) },
                    { Self.compareText($0.transactionId, $1.transactionId) },
                ])
        }
        return try Self.limited(rows, limit)
    }

    func purchaseHistory(customerId: CustomerID, limit: Int) throws -> [CustomerView.Purchase] {
        try transactions(customerId: customerId, limit: limit).map(Self.purchase)
    }

    /// What a customer view shows of a stored transaction (`TransactionRows.history`).
    static func purchase(_ stored: StoredTransaction) -> CustomerView.Purchase {
        let fact = stored.transaction
        return CustomerView.Purchase(
            transactionId: fact.transactionId, originalTransactionId: fact.originalTransactionId, environment: fact.environment,
            productId: fact.productId, quantity: fact.quantity, purchaseDate: fact.purchaseDate, expiresDate: fact.expiresDate,
            revocationDate: fact.revocationDate, revocationReason: fact.revocationReason, isUpgraded: fact.isUpgraded,
            price: fact.price, currency: fact.currency, orderId: stored.orderId)
    }

    /// Everything not known to be an auto-renewable subscription (SQL `NULL` rules: a missing
    /// product type counts only without a `webOrderLineItemId`), `purchase_date, environment,
    /// transaction_id`.
    func oneTimePurchases(customerId: CustomerID) throws -> [StoredTransaction] {
        try MemoryText.refuseNUL(customerId.rawValue)
        return transactions.values.filter { stored in
            guard stored.customerId == customerId else { return false }
            guard let type = stored.transaction.productType else { return stored.transaction.webOrderLineItemId == nil }
            return type.rawValue != "Auto-Renewable Subscription"
        }.sorted {
            Self.ordered(
                $0.transaction, $1.transaction,
                by: [
                    { Self.compare($0.purchaseDate, $1.purchaseDate) },
                    { Self.compareText($0.environment.rawValue, $1.environment.rawValue) },
                    { Self.compareText($0.transactionId, $1.transactionId) },
                ])
        }
    }

    static func oldestFirst(_ rows: [StoredTransaction]) -> [StoredTransaction] {
        rows.sorted {
            ordered(
                $0.transaction, $1.transaction,
                by: [{ compare($0.purchaseDate, $1.purchaseDate) }, { compareText($0.transactionId, $1.transactionId) }])
        }
    }

    func owner(environment: AppStoreEnvironment, originalTransactionId: String) throws -> CustomerID? {
        try MemoryText.refuseNUL(environment.rawValue, originalTransactionId)
        return owners[MemoryKey(environment, originalTransactionId)]
    }

    func ownerCandidates(
        environment: AppStoreEnvironment, originalTransactionId: String, appAccountToken: UUID?
    ) throws -> OwnerCandidates {
        OwnerCandidates(
            owner: try owner(environment: environment, originalTransactionId: originalTransactionId),
            orderCustomer: appAccountToken.flatMap { order(appAccountToken: $0) }?.customerId)
    }

    // MARK: Writes

    /// Inserted when new; replaced only by a fact that supersedes the stored one, keeping the
    /// owner, `recordedAt` and an order already linked.
    mutating func upsertTransaction(
        _ transaction: AppleTransaction, customerId: CustomerID, orderId: UUID?, now: Timestamp
    ) throws -> TransactionUpsert {
        try Self.refuseNUL(in: transaction)
        try MemoryText.refuseNUL(customerId.rawValue)
        let key = MemoryKey(transaction.environment, transaction.transactionId)
        guard var stored = transactions[key] else {
            transactions[key] = StoredTransaction(transaction: transaction, customerId: customerId, orderId: orderId, recordedAt: now)
            return .inserted
        }
        let previous = stored.transaction
        guard transaction.supersedes(previous) else { return .unchanged }
        stored.transaction = transaction
        stored.orderId = stored.orderId ?? orderId
        transactions[key] = stored
        return .updated(previous: previous)
    }

    mutating func linkOrder(_ orderId: UUID, environment: AppStoreEnvironment, transactionId: String) throws -> Bool {
        try MemoryText.refuseNUL(environment.rawValue, transactionId)
        let key = MemoryKey(environment, transactionId)
        guard var stored = transactions[key], stored.orderId == nil else { return false }
        stored.orderId = orderId
        transactions[key] = stored
        return true
    }

    mutating func setOwner(environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID) throws {
        try MemoryText.refuseNUL(environment.rawValue, originalTransactionId, customerId.rawValue)
        owners[MemoryKey(environment, originalTransactionId)] = customerId
    }

    mutating func claimOwner(
        environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID
    ) throws -> CustomerID {
        try MemoryText.refuseNUL(environment.rawValue, originalTransactionId, customerId.rawValue)
        let key = MemoryKey(environment, originalTransactionId)
        if let owner = owners[key] { return owner }
        owners[key] = customerId
        return customerId
    }

    mutating func reassignTransactions(
        environment: AppStoreEnvironment, originalTransactionId: String, to customerId: CustomerID
    ) throws {
        try MemoryText.refuseNUL(environment.rawValue, originalTransactionId, customerId.rawValue)
        for (key, stored) in transactions
        where stored.transaction.environment == environment && stored.transaction.originalTransactionId == originalTransactionId {
            transactions[key]?.customerId = customerId
        }
    }

    /// Every field the SQL store binds as text.
    static func refuseNUL(in t: AppleTransaction) throws(PurchaseStoreError) {
        try MemoryText.refuseNUL(
            t.environment.rawValue, t.transactionId, t.originalTransactionId, t.webOrderLineItemId, t.productId,
            t.productType?.rawValue, t.subscriptionGroupIdentifier, t.ownership?.rawValue, t.offerIdentifier,
            t.offerDiscountType?.rawValue, t.offerPeriod, t.currency, t.storefront, t.transactionReason?.rawValue,
            t.source.rawValue)
    }
}
