import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// The handle `MemoryPurchaseStore.write` bodies get: the reads plus the writes, each applied
/// atomically to the write's own copy of the tables.
struct MemoryStoreTransaction: MemoryStoreQuerying, PurchaseStoreTransaction {
    let handle: MemoryStoreHandle
    let now: any WallClock

    /// Writers run one at a time, so a lock has nothing left to serialize; it still refuses a
    /// closed or aborted handle, as the SQL lock statements do.
    func lock(customer: CustomerID) async throws { try handle.reading { _ in () } }

    func lock(environment: AppStoreEnvironment, originalTransactionId: String) async throws {
        try handle.reading { _ in () }
    }

    func lock(customer: CustomerID, purchases: [PurchaseLock]) async throws { try handle.reading { _ in () } }

    func lock(appleAccount: AppleAccountKey) async throws { try handle.reading { _ in () } }

    @discardableResult
    func ensureCustomer(_ customer: Customer) async throws -> Customer { try handle.writing { try $0.ensureCustomer(customer) } }
    func createCustomerIfMissing(_ customer: Customer) async throws { _ = try await ensureCustomer(customer) }

    func updateCustomer(_ customer: Customer) async throws { try handle.writing { try $0.updateCustomer(customer) } }

    func insertOrder(_ order: Order) async throws { try handle.writing { try $0.insertOrder(order) } }

    func updateOrder(_ order: Order) async throws { try handle.writing { try $0.updateOrder(order) } }

    func upsertTransaction(_ transaction: AppleTransaction, customerId: CustomerID, orderId: UUID?) async throws -> TransactionUpsert {
        let now = now()
        return try handle.writing { try $0.upsertTransaction(transaction, customerId: customerId, orderId: orderId, now: now) }
    }

    func linkOrder(_ orderId: UUID, environment: AppStoreEnvironment, transactionId: String) async throws -> Bool {
        try handle.writing { try $0.linkOrder(orderId, environment: environment, transactionId: transactionId) }
    }

    func setOwner(environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID) async throws {
        try handle.writing {
            try $0.setOwner(environment: environment, originalTransactionId: originalTransactionId, customerId: customerId)
        }
    }

    func claimOwner(environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID) async throws -> CustomerID {
        try handle.writing {
            try $0.claimOwner(environment: environment, originalTransactionId: originalTransactionId, customerId: customerId)
        }
    }

    func claimOwner(
        environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID, expecting expected: CustomerID
    ) async throws {
        let owner = try await claimOwner(environment: environment, originalTransactionId: originalTransactionId, customerId: customerId)
        guard owner == expected else {
            throw PurchaseStoreError(.changedSinceRead, "purchase \(originalTransactionId) is owned by \(owner), not \(expected)")
        }
    }

    func insertTransaction(_ transaction: AppleTransaction, customerId: CustomerID, orderId: UUID?) async throws {
        guard case .inserted = try await upsertTransaction(transaction, customerId: customerId, orderId: orderId) else {
            throw PurchaseStoreError(.changedSinceRead, "transaction \(transaction.transactionId) was recorded already")
        }
    }

    func reassignTransactions(environment: AppStoreEnvironment, originalTransactionId: String, to customerId: CustomerID) async throws {
        try handle.writing {
            try $0.reassignTransactions(environment: environment, originalTransactionId: originalTransactionId, to: customerId)
        }
    }

    func saveSubscription(_ subscription: StoredSubscription) async throws {
        try handle.writing { try $0.saveSubscription(subscription) }
    }

    func replaceGrants(customerId: CustomerID, grants: [EntitlementGrant]) async throws {
        try handle.writing { try $0.replaceGrants(customerId: customerId, grants: grants) }
    }

    func post(_ entry: JournalEntry, requireNonNegative: Bool) async throws -> PostingResult {
        try handle.writing { try $0.post(entry, requireNonNegative: requireNonNegative) }
    }

    func append(_ event: AuditEvent) async throws { try handle.writing { try $0.append(event) } }

    func insertInbox(_ notification: InboxNotification) async throws -> Bool { try handle.writing { try $0.insertInbox(notification) } }

    func updateInbox(_ notification: InboxNotification) async throws { try handle.writing { try $0.updateInbox(notification) } }

    func markInboxProcessed(id: String, at: Timestamp) async throws { try handle.writing { try $0.markInboxProcessed(id: id, at: at) } }

    @discardableResult
    func markInboxFailed(id: String, error: String, at: Timestamp) async throws -> Bool {
        try handle.writing { try $0.markInboxFailed(id: id, error: error, at: at) }
    }

    func enqueueOutbox(_ message: OutboxMessage) async throws { try handle.writing { try $0.enqueueOutbox(message) } }

    func updateOutbox(_ message: OutboxMessage, claimedBy owner: String, leaseUntil: Timestamp) async throws -> Bool {
        try handle.writing { try $0.updateOutbox(message, claimedBy: owner, leaseUntil: leaseUntil) }
    }

    func claimOutbox(now: Timestamp, lease: Int64, owner: String, limit: Int, destinations: [String]?) async throws -> [OutboxMessage] {
        try handle.writing { try $0.claimOutbox(now: now, lease: lease, owner: owner, limit: limit, destinations: destinations) }
    }

    func renewOutboxLease(id: UUID, owner: String, leaseUntil: Timestamp, newLeaseUntil: Timestamp) async throws -> Bool {
        try handle.writing { try $0.renewOutboxLease(id: id, owner: owner, leaseUntil: leaseUntil, newLeaseUntil: newLeaseUntil) }
    }

    func setWatermark(_ name: String, value: String) async throws { try handle.writing { try $0.setWatermark(name, value: value) } }

    func saveRecoverySlice(_ slice: RecoverySlice) async throws { try handle.writing { try $0.saveRecoverySlice(slice) } }

    func deleteRecoverySlices(job: String) async throws -> Int { try handle.writing { try $0.deleteRecoverySlices(job: job) } }

    func acquireLease(_ name: String, owner: String, until: Timestamp, now: Timestamp) async throws -> Bool {
        try handle.writing { try $0.acquireLease(name, owner: owner, until: until, now: now) }
    }

    func insertAPIKey(_ key: APIKeyRecord) async throws { try handle.writing { try $0.insertAPIKey(key) } }

    func insertOperator(_ account: Operator) async throws { try handle.writing { try $0.insertOperator(account) } }

    func disableOperator(name: String, at: Timestamp) async throws -> Bool {
        try handle.writing { try $0.disableOperator(name: name, at: at) }
    }

    func insertAdminAction(_ record: AdminActionRecord) async throws { try handle.writing { try $0.insertAdminAction(record) } }
}
