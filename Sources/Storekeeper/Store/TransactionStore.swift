public import AppStoreModels
public import Foundation

/// Reads of the purchases aggregate: Apple transactions as recorded (keyed by environment and
/// transaction ID) and who owns each original purchase or subscription.
public protocol TransactionStoreReader: Sendable {
    func transaction(environment: AppStoreEnvironment, transactionId: String) async throws -> StoredTransaction?
    /// Every transaction of one original purchase or subscription, oldest purchase first.
    func transactions(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> [StoredTransaction]
    /// Every transaction that pays for one subscription period (a restore can re-issue the
    /// transaction ID of a period; the period keeps its `webOrderLineItemId`), oldest first.
    func transactions(environment: AppStoreEnvironment, webOrderLineItemId: String) async throws -> [StoredTransaction]
    /// The customer's transactions, newest purchase first.
    func transactions(customerId: CustomerID, limit: Int) async throws -> [StoredTransaction]
    /// The customer's most recent purchases as a customer view lists them (the same order as
    /// ``transactions(customerId:limit:)``), reading only what the view shows.
    func purchaseHistory(customerId: CustomerID, limit: Int) async throws -> [CustomerView.Purchase]
    /// The customer's transactions of one-time products (consumable, non-consumable,
    /// non-renewing), all of them: entitlements are derived from this.
    func oneTimePurchases(customerId: CustomerID) async throws -> [StoredTransaction]

    /// Which customer owns an Apple original transaction (the purchase or subscription).
    func owner(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> CustomerID?
    /// ``owner(environment:originalTransactionId:)`` and the customer of the order
    /// `appAccountToken` names (if any), read together: who a purchase from Apple belongs to.
    func ownerCandidates(
        environment: AppStoreEnvironment, originalTransactionId: String, appAccountToken: UUID?
    )
        async throws -> OwnerCandidates
}

/// Writes of the purchases aggregate. Invariants: one record per (environment, transaction ID)
/// whose fact only moves forward (last writer by `signedDate` wins); a transaction pays at most
/// one order; an original transaction has at most one owner, changed only by `setOwner`.
public protocol TransactionStoreWriter: TransactionStoreReader {
    /// Records a transaction fact for `customerId`. Last writer by `signedDate` wins: an older
    /// fact than the one stored changes nothing.
    func upsertTransaction(
        _ transaction: AppleTransaction, customerId: CustomerID, orderId: UUID?
    ) async throws
        -> TransactionUpsert

    /// Links a recorded transaction to the order it paid, unless it already paid one (a
    /// transaction pays at most one order). Returns `true` when it linked.
    func linkOrder(_ orderId: UUID, environment: AppStoreEnvironment, transactionId: String) async throws -> Bool

    /// Sets (or moves) the owner of an Apple original transaction.
    func setOwner(environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID) async throws
    /// Makes `customerId` the owner of an Apple original transaction that has none; returns the
    /// owner (the one already recorded, or `customerId`). Call under the purchase's lock.
    func claimOwner(
        environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID
    ) async throws
        -> CustomerID
    /// ``claimOwner(environment:originalTransactionId:customerId:)`` whose answer must be
    /// `expected`; a store may send it with its next statement. Another owner fails the write as
    /// changed since read (a retryable serialization failure on SQL stores), at once or with that
    /// statement.
    func claimOwner(
        environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID,
        expecting expected: CustomerID
    ) async throws
    /// Records `transaction`, which must not be recorded yet (what
    /// ``upsertTransaction(_:customerId:orderId:)`` answers `.inserted` for); a store may send it
    /// with its next statement. A recorded one fails the write as changed since read, at once or
    /// with that statement.
    func insertTransaction(_ transaction: AppleTransaction, customerId: CustomerID, orderId: UUID?) async throws
    /// Reassigns every stored transaction of an original transaction to `customerId` (transfer).
    func reassignTransactions(
        environment: AppStoreEnvironment, originalTransactionId: String, to customerId: CustomerID)
        async throws
}

/// A transaction as stored: the fact, who owns it, the order it paid.
public struct StoredTransaction: Hashable, Sendable, Codable {
    public var transaction: AppleTransaction
    public var customerId: CustomerID
    public var orderId: UUID?
    public var recordedAt: Timestamp

    public init(transaction: AppleTransaction, customerId: CustomerID, orderId: UUID?, recordedAt: Timestamp) {
        self.transaction = transaction
        self.customerId = customerId
        self.orderId = orderId
        self.recordedAt = recordedAt
    }
}

/// What `upsertTransaction` did.
public enum TransactionUpsert: Hashable, Sendable {
    /// A transaction Storekeeper had never seen.
    case inserted
    /// A newer fact about a known transaction; carries what was stored before.
    case updated(previous: AppleTransaction)
    /// The stored fact is as new or newer; nothing changed.
    case unchanged
}

/// What an ``OwnerCandidates`` read names: a purchase, and the `appAccountToken` whose order's
/// customer is read with its owner.
public struct OwnerCandidatesKey: Hashable, Sendable, Codable {
    public var purchase: PurchaseKey
    public var appAccountToken: UUID?

    public init(purchase: PurchaseKey, appAccountToken: UUID?) {
        self.purchase = purchase
        self.appAccountToken = appAccountToken
    }

    /// `transaction`'s purchase and token.
    public init(_ transaction: AppleTransaction) {
        self.init(purchase: PurchaseKey(transaction), appAccountToken: transaction.appAccountToken)
    }
}

/// Who a purchase may belong to, before it is locked (``PurchaseStoreReader/ownerCandidates(environment:originalTransactionId:appAccountToken:)``).
public struct OwnerCandidates: Hashable, Sendable {
    /// The recorded owner of the purchase.
    public var owner: CustomerID?
    /// The customer of the order the transaction's `appAccountToken` names.
    public var orderCustomer: CustomerID?

    public init(owner: CustomerID?, orderCustomer: CustomerID?) {
        self.owner = owner
        self.orderCustomer = orderCustomer
    }
}
