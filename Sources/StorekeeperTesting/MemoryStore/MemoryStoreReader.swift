import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// The reads of every aggregate over a ``MemoryStoreHandle``, written once for read and write
/// handles (as `SQLStoreQuerying` is for the SQL store).
protocol MemoryStoreQuerying: PurchaseStoreReader {
    var handle: MemoryStoreHandle { get }
}

/// The handle `MemoryPurchaseStore.read` bodies get.
struct MemoryStoreReader: MemoryStoreQuerying {
    let handle: MemoryStoreHandle
}

extension MemoryStoreQuerying {
    func customer(_ id: CustomerID) async throws -> Customer? { try handle.reading { try $0.customer(id) } }

    func customerRecord(_ id: CustomerID, purchaseLimit: Int) async throws -> CustomerRecord {
        try handle.reading { try $0.customerRecord(id, purchaseLimit: purchaseLimit) }
    }

    func order(id: UUID) async throws -> Order? { try handle.reading { $0.order(id: id) } }

    func order(appAccountToken: UUID) async throws -> Order? { try handle.reading { $0.order(appAccountToken: appAccountToken) } }

    func openOrders(customerId: CustomerID) async throws -> [Order] { try handle.reading { try $0.openOrders(customerId: customerId) } }

    func staleOrders(updatedBefore: Timestamp, limit: Int) async throws -> [Order] {
        try handle.reading { try $0.staleOrders(updatedBefore: updatedBefore, limit: limit) }
    }
    func unpaidOrders(productId: String, createdFrom: Timestamp, createdBefore: Timestamp, limit: Int) async throws -> [Order] {
        try handle.reading {
            try $0.unpaidOrders(productId: productId, createdFrom: createdFrom, createdBefore: createdBefore, limit: limit)
        }
    }

    func transaction(environment: AppStoreEnvironment, transactionId: String) async throws -> StoredTransaction? {
        try handle.reading { try $0.transaction(environment: environment, transactionId: transactionId) }
    }

    func transactions(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> [StoredTransaction] {
        try handle.reading { try $0.transactions(environment: environment, originalTransactionId: originalTransactionId) }
    }

    func transactions(environment: AppStoreEnvironment, webOrderLineItemId: String) async throws -> [StoredTransaction] {
        try handle.reading { try $0.transactions(environment: environment, webOrderLineItemId: webOrderLineItemId) }
    }

    func transactions(customerId: CustomerID, limit: Int) async throws -> [StoredTransaction] {
        try handle.reading { try $0.transactions(customerId: customerId, limit: limit) }
    }

    func purchaseHistory(customerId: CustomerID, limit: Int) async throws -> [CustomerView.Purchase] {
        try handle.reading { try $0.purchaseHistory(customerId: customerId, limit: limit) }
    }

    func oneTimePurchases(customerId: CustomerID) async throws -> [StoredTransaction] {
        try handle.reading { try $0.oneTimePurchases(customerId: customerId) }
    }

    func owner(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> CustomerID? {
        try handle.reading { try $0.owner(environment: environment, originalTransactionId: originalTransactionId) }
    }

    func ownerCandidates(
        environment: AppStoreEnvironment, originalTransactionId: String, appAccountToken: UUID?
    ) async throws -> OwnerCandidates {
        try handle.reading {
            try $0.ownerCandidates(
                environment: environment, originalTransactionId: originalTransactionId, appAccountToken: appAccountToken)
        }
    }

    func subscription(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> StoredSubscription? {
        try handle.reading { try $0.subscription(environment: environment, originalTransactionId: originalTransactionId) }
    }

    func subscriptions(customerId: CustomerID) async throws -> [StoredSubscription] {
        try handle.reading { try $0.subscriptions(customerId: customerId) }
    }

    func subscriptions(expiringIn window: Range<Timestamp>, limit: Int) async throws -> [StoredSubscription] {
        try handle.reading { try $0.subscriptions(expiringIn: window, limit: limit) }
    }

    func grants(customerId: CustomerID) async throws -> [EntitlementGrant] { try handle.reading { try $0.grants(customerId: customerId) } }

    func balances(customerId: CustomerID) async throws -> [String: Int64] {
        try handle.reading { try $0.balances(customerId: customerId) }
    }

    func balance(_ account: LedgerAccount) async throws -> Int64 { try handle.reading { try $0.balance(account) } }

    func journalEntry(key: String) async throws -> JournalEntry? { try handle.reading { try $0.journalEntry(key: key) } }

    func journal(customerId: CustomerID, limit: Int) async throws -> [JournalEntry] {
        try handle.reading { try $0.journal(customerId: customerId, limit: limit) }
    }

    func ledgerDiscrepancies() async throws -> [LedgerAccount] { try handle.reading { try $0.ledgerDiscrepancies() } }

    func auditEvents(customerId: CustomerID, limit: Int) async throws -> [AuditEvent] {
        try handle.reading { try $0.auditEvents(customerId: customerId, limit: limit) }
    }

    func auditEvents(subject: String) async throws -> [AuditEvent] { try handle.reading { try $0.auditEvents(subject: subject) } }

    func feedEvents(streams: [String], after: FeedCursor, since: Timestamp?, limit: Int) async throws -> [FeedRecord] {
        try handle.reading { try $0.feedEvents(streams: streams, after: after, since: since, limit: limit) }
    }

    func searchMatches(_ query: SearchQuery, environments: [AppStoreEnvironment], limit: Int) async throws -> [SearchMatch] {
        try handle.reading { try $0.searchMatches(query, environments: environments, limit: limit) }
    }

    func aliases(of customerId: CustomerID, limit: Int) async throws -> [Customer] {
        try handle.reading { try $0.aliases(of: customerId, limit: limit) }
    }

    func orders(customerId: CustomerID, before: OrderPosition?, limit: Int) async throws -> [Order] {
        try handle.reading { try $0.orders(customerId: customerId, before: before, limit: limit) }
    }

    func journalPage(customerId: CustomerID, before: JournalPosition?, limit: Int) async throws -> [SequencedJournalEntry] {
        try handle.reading { try $0.journalPage(customerId: customerId, before: before, limit: limit) }
    }

    func timelineAudit(
        customerId: CustomerID, appId: String, before: TimelineBound?, actors: TimelineActors, limit: Int
    ) async throws -> [SequencedAuditEvent] {
        try handle.reading {
            try $0.timelineAudit(customerId: customerId, appId: appId, before: before, actors: actors, limit: limit)
        }
    }

    func timelineTransactions(customerId: CustomerID, before: TimelineBound?, limit: Int) async throws -> [StoredTransaction] {
        try handle.reading { try $0.timelineTransactions(customerId: customerId, before: before, limit: limit) }
    }

    func timelineNotifications(
        customerId: CustomerID, appId: String, before: TimelineBound?, limit: Int
    ) async throws -> [InboxPageEntry] {
        try handle.reading { try $0.timelineNotifications(customerId: customerId, appId: appId, before: before, limit: limit) }
    }

    func inboxNotification(id: String) async throws -> InboxNotification? { try handle.reading { try $0.inboxNotification(id: id) } }

    func inboxStatus(id: String) async throws -> InboxNotification.Status? { try handle.reading { try $0.inboxStatus(id: id) } }

    func dueInbox(at now: Timestamp, minimumAgeMilliseconds: Int64, appIds: [String], limit: Int) async throws -> [InboxNotification] {
        try handle.reading { try $0.dueInbox(at: now, minimumAgeMilliseconds: minimumAgeMilliseconds, appIds: appIds, limit: limit) }
    }

    func inboxCount(status: InboxNotification.Status) async throws -> Int { try handle.reading { $0.inboxCount(status: status) } }

    func outboxMessage(id: UUID) async throws -> OutboxMessage? { try handle.reading { $0.outboxMessage(id: id) } }

    func outboxCount(status: OutboxMessage.Status) async throws -> Int { try handle.reading { $0.outboxCount(status: status) } }

    func watermark(_ name: String) async throws -> String? { try handle.reading { try $0.watermark(name) } }

    func recoverySlices(job: String) async throws -> [RecoverySlice] { try handle.reading { try $0.recoverySlices(job: job) } }

    func apiKey(hash: String) async throws -> APIKeyRecord? { try handle.reading { try $0.apiKey(hash: hash) } }

    func auditEvents(appId: String, actor: AuditActor?, kind: String?, before: UUID?, limit: Int) async throws -> [AuditEvent] {
        try handle.reading { try $0.auditEvents(appId: appId, actor: actor, kind: kind, before: before, limit: limit) }
    }

    func operatorAccount(keyHash: String) async throws -> Operator? { try handle.reading { try $0.operatorAccount(keyHash: keyHash) } }

    func operatorAccount(name: String) async throws -> Operator? { try handle.reading { try $0.operatorAccount(name: name) } }

    func operatorAccounts() async throws -> [Operator] { try handle.reading { $0.operatorAccounts() } }

    func adminAction(appId: String, key: String) async throws -> AdminActionRecord? {
        try handle.reading { try $0.adminAction(appId: appId, key: key) }
    }
}
