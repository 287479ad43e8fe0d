public import AppStoreModels
public import Foundation

/// Durable storage for everything Storekeeper records.
///
/// Implemented once in `StorekeeperSQL` over SQLite (embedded default) and PostgreSQL; one
/// contract suite runs against both. Every write that touches money or entitlements happens in
/// one `write` transaction; natural unique keys make replays no-ops.
public protocol PurchaseStore: Sendable {
    /// Runs `body` in one transaction, durable when this returns; nothing is written if it throws.
    /// Retryable conflicts (serialization failures, busy database) are retried a bounded number
    /// of times by the implementation, re-running `body`.
    nonisolated(nonsending) func write<T>(
        _ body: nonisolated(nonsending) (any PurchaseStoreTransaction) async throws -> T
    ) async throws -> T

    /// Runs `body` against a consistent snapshot.
    nonisolated(nonsending) func read<T>(
        _ body: nonisolated(nonsending) (any PurchaseStoreReader) async throws -> T
    ) async throws -> T
}

/// Reads, available inside reads and writes.
public protocol PurchaseStoreReader: Sendable {
    func customer(_ id: CustomerID) async throws -> Customer?

    func order(id: UUID) async throws -> Order?
    func order(appAccountToken: UUID) async throws -> Order?
    /// The customer's orders that are not final (created, pending, paid), newest first.
    func openOrders(customerId: CustomerID) async throws -> [Order]
    /// Created or pending orders of any customer whose `updatedAt` is before `updatedBefore`,
    /// oldest first (lost-order recovery and expiry).
    func staleOrders(updatedBefore: Timestamp, limit: Int) async throws -> [Order]

    func transaction(environment: AppStoreEnvironment, transactionId: String) async throws -> StoredTransaction?
    /// Every transaction of one original purchase or subscription.
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

    func subscription(environment: AppStoreEnvironment, originalTransactionId: String) async throws -> StoredSubscription?
    func subscriptions(customerId: CustomerID) async throws -> [StoredSubscription]
    /// Subscriptions whose `expiresAt` falls in `window`, for the status refresh near expiry.
    func subscriptions(expiringIn window: Range<Timestamp>, limit: Int) async throws -> [StoredSubscription]

    func grants(customerId: CustomerID) async throws -> [EntitlementGrant]

    /// Currency → balance for every currency the customer has an account in.
    func balances(customerId: CustomerID) async throws -> [String: Int64]
    /// Everything the customer's view shows (the customer, grants, subscriptions, balances and
    /// the `purchaseLimit` most recent purchases), from one snapshot and, where the backend
    /// allows, one statement: the read behind every `GET` of a customer.
    func customerRecord(_ id: CustomerID, purchaseLimit: Int) async throws -> CustomerRecord
    func balance(_ account: LedgerAccount) async throws -> Int64
    func journalEntry(key: String) async throws -> JournalEntry?
    /// The customer's journal entries, newest first.
    func journal(customerId: CustomerID, limit: Int) async throws -> [JournalEntry]
    /// Every account whose materialized balance differs from the sum of its postings (the
    /// ledger invariant; empty when healthy).
    func ledgerDiscrepancies() async throws -> [LedgerAccount]

    /// The customer's audit events, newest first.
    func auditEvents(customerId: CustomerID, limit: Int) async throws -> [AuditEvent]
    func auditEvents(subject: String) async throws -> [AuditEvent]

    func inboxNotification(id: String) async throws -> InboxNotification?
    /// The status of a stored notification without its body; `nil` when none has the id.
    func inboxStatus(id: String) async throws -> InboxNotification.Status?
    /// Inbox entries still `received` or `failed` (retryable) that are due at `now`, oldest
    /// first: an entry with `attempts` failed tries waits `minimumAgeMilliseconds × 2^min(attempts, 12)`
    /// after it arrived. Entries still waiting are skipped, so they never hide due ones behind them;
    /// so are entries of apps not in `appIds` (an app removed from this instance's configuration).
    func dueInbox(
        at now: Timestamp, minimumAgeMilliseconds: Int64, appIds: [String], limit: Int
    ) async throws
        -> [InboxNotification]
    func inboxCount(status: InboxNotification.Status) async throws -> Int

    func outboxMessage(id: UUID) async throws -> OutboxMessage?
    func outboxCount(status: OutboxMessage.Status) async throws -> Int

    func watermark(_ name: String) async throws -> String?

    func apiKey(hash: String) async throws -> APIKeyRecord?
}

/// An Apple purchase or subscription as a lock names it.
public typealias PurchaseLock = (environment: AppStoreEnvironment, originalTransactionId: String)

/// Writes, available inside `PurchaseStore.write`.
public protocol PurchaseStoreTransaction: PurchaseStoreReader {
    /// Serializes writers touching this customer until the transaction ends (PostgreSQL advisory
    /// lock; SQLite's single writer already serializes). Take locks in a consistent order.
    func lock(customer: CustomerID) async throws
    /// Serializes writers touching this Apple purchase or subscription.
    func lock(environment: AppStoreEnvironment, originalTransactionId: String) async throws
    /// `lock(customer:)`, then `lock(environment:originalTransactionId:)` for each purchase in
    /// the order given, in one round trip.
    func lock(customer: CustomerID, purchases: [PurchaseLock]) async throws

    /// Inserts the customer if new; returns the stored customer either way.
    @discardableResult
    func ensureCustomer(_ customer: Customer) async throws -> Customer
    func updateCustomer(_ customer: Customer) async throws

    func insertOrder(_ order: Order) async throws
    func updateOrder(_ order: Order) async throws

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
    /// Reassigns every stored transaction of an original transaction to `customerId` (transfer).
    func reassignTransactions(
        environment: AppStoreEnvironment, originalTransactionId: String, to customerId: CustomerID)
        async throws

    func saveSubscription(_ subscription: StoredSubscription) async throws

    /// Replaces all of the customer's grants with `grants` (they are derived, never edited).
    func replaceGrants(customerId: CustomerID, grants: [EntitlementGrant]) async throws

    /// Books `entry` unless its key was booked before. With `requireNonNegative`, refuses (books
    /// nothing) when any customer account would end below zero — atomically, so concurrent
    /// spends can never overdraw.
    func post(_ entry: JournalEntry, requireNonNegative: Bool) async throws -> PostingResult

    func append(_ event: AuditEvent) async throws

    /// Stores a raw notification before it is acknowledged. Returns `false` when one with the
    /// same id (`notificationUUID`) is already stored.
    func insertInbox(_ notification: InboxNotification) async throws -> Bool
    func updateInbox(_ notification: InboxNotification) async throws
    /// Marks a stored notification applied at `at` (one more attempt, no error). Throws when none
    /// has the id.
    func markInboxProcessed(id: String, at: Timestamp) async throws
    /// Records a failed attempt at a stored notification, unless it was applied meanwhile.
    /// Returns whether it was marked.
    @discardableResult
    func markInboxFailed(id: String, error: String) async throws -> Bool

    func enqueueOutbox(_ message: OutboxMessage) async throws
    /// Records the outcome of sending a message claimed by `owner` with a lease ending at
    /// `leaseUntil` (as `claimOutbox` returned it). Applied only while that claim still stands:
    /// an instance whose lease ran out and was taken over by another cannot overwrite the new
    /// holder's outcome. Returns `false` when the claim was lost (or the message is gone).
    func updateOutbox(_ message: OutboxMessage, claimedBy owner: String, leaseUntil: Timestamp) async throws -> Bool
    /// Claims up to `limit` messages due at `now` for `lease`, so several instances never send
    /// one message at once (PostgreSQL: `FOR UPDATE SKIP LOCKED`). With `destinations`, only
    /// messages for those destinations are claimed: an instance leaves what it cannot deliver to
    /// the instances that can (a webhook or app added to the configuration of some instances).
    func claimOutbox(
        now: Timestamp, lease: Int64, owner: String, limit: Int, destinations: [String]?
    ) async throws
        -> [OutboxMessage]
    /// Extends a claim `owner` still holds (its lease ends at `leaseUntil`, as claimed or last
    /// renewed) to `newLeaseUntil`, so a delivery slower than the lease is not taken over while
    /// its holder is alive, and a holder that died releases the message one short lease later.
    /// Returns `false`, changing nothing, when the claim was lost, taken over or recorded.
    func renewOutboxLease(id: UUID, owner: String, leaseUntil: Timestamp, newLeaseUntil: Timestamp) async throws -> Bool

    func setWatermark(_ name: String, value: String) async throws
    /// Takes the named lease if it is free or expired; `true` when this owner holds it now.
    func acquireLease(_ name: String, owner: String, until: Timestamp, now: Timestamp) async throws -> Bool

    func insertAPIKey(_ key: APIKeyRecord) async throws
}

extension PurchaseStoreTransaction {
    /// Claims due messages of every destination.
    public func claimOutbox(now: Timestamp, lease: Int64, owner: String, limit: Int) async throws -> [OutboxMessage] {
        try await claimOutbox(now: now, lease: lease, owner: owner, limit: limit, destinations: nil)
    }
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

/// What `post` did.
public enum PostingResult: Hashable, Sendable {
    /// Booked; the customer's balance after it.
    case posted(balance: Int64)
    /// The key was booked before; nothing changed.
    case duplicate
    /// Refused: the customer's balance would go below zero.
    case insufficientFunds(balance: Int64)
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

/// A subscription as stored: its lifecycle state (encoded by the lifecycle code) and the columns
/// queries need.
public struct StoredSubscription: Hashable, Sendable, Codable {
    public var environment: AppStoreEnvironment
    public var originalTransactionId: String
    public var customerId: CustomerID
    public var productId: String
    public var subscriptionGroup: String?
    /// The derived phase's name (`active`, `gracePeriod`, `expired`, ...), for queries and reports.
    public var phase: String
    /// The current period's end, for the refresh-near-expiry job.
    public var expiresAt: Timestamp?
    /// The last `signedDate` applied (facts older than this cannot move the state).
    public var lastSignedDate: Timestamp
    /// The lifecycle state, JSON.
    public var state: Data
    public var updatedAt: Timestamp

    public init(
        environment: AppStoreEnvironment, originalTransactionId: String, customerId: CustomerID, productId: String,
        subscriptionGroup: String?, phase: String, expiresAt: Timestamp?, lastSignedDate: Timestamp, state: Data,
        updatedAt: Timestamp
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.customerId = customerId
        self.productId = productId
        self.subscriptionGroup = subscriptionGroup
        self.phase = phase
        self.expiresAt = expiresAt
        self.lastSignedDate = lastSignedDate
        self.state = state
        self.updatedAt = updatedAt
    }
}

/// A notification body as received, kept before Apple gets its 2xx.
public struct InboxNotification: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        /// Stored, not yet processed.
        case received
        /// Applied.
        case processed
        /// Processing failed in a way a retry may fix.
        case failed
        /// Can never be processed (bad signature, wrong app): recorded and acknowledged.
        case rejected
    }

    /// `notificationUUID` for V2; a digest of the body for V1.
    public var id: String
    public var appId: String
    /// 1 or 2.
    public var version: Int
    public var body: Data
    public var receivedAt: Timestamp
    public var status: Status
    public var attempts: Int
    public var lastError: String?
    public var notificationType: String?
    public var subtype: String?
    public var signedDate: Timestamp?
    public var processedAt: Timestamp?

    public init(
        id: String, appId: String, version: Int, body: Data, receivedAt: Timestamp, status: Status = .received,
        attempts: Int = 0, lastError: String? = nil, notificationType: String? = nil, subtype: String? = nil,
        signedDate: Timestamp? = nil, processedAt: Timestamp? = nil
    ) {
        self.id = id
        self.appId = appId
        self.version = version
        self.body = body
        self.receivedAt = receivedAt
        self.status = status
        self.attempts = attempts
        self.lastError = lastError
        self.notificationType = notificationType
        self.subtype = subtype
        self.signedDate = signedDate
        self.processedAt = processedAt
    }
}

/// Something to send after commit: an event to the app's backend, consumption data to Apple.
public struct OutboxMessage: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        case pending, delivered, failed
    }

    /// Stable across retries (receivers deduplicate on it).
    public var id: UUID
    /// Where it goes: `app:<app id>:webhook:<name>` (`webhook:<name>` in rows written before
    /// webhooks were scoped to apps) or `apple:consumption:<app id>`.
    public var destination: String
    /// The event's kind (e.g. `entitlement.changed`, `wallet.changed`, `consumption.answer`).
    public var kind: String
    public var customerId: CustomerID?
    public var payload: Data
    public var createdAt: Timestamp
    public var nextAttemptAt: Timestamp
    /// Give up after this instant (Apple's CONSUMPTION_REQUEST deadline, or a retention limit).
    public var deadline: Timestamp?
    public var attempts: Int
    public var status: Status
    public var lastError: String?
    public var deliveredAt: Timestamp?
    /// The instance holding the claim, and until when.
    public var leaseOwner: String?
    public var leaseUntil: Timestamp?

    public init(
        id: UUID = UUID(), destination: String, kind: String, customerId: CustomerID?, payload: Data,
        createdAt: Timestamp, nextAttemptAt: Timestamp? = nil, deadline: Timestamp? = nil, attempts: Int = 0,
        status: Status = .pending, lastError: String? = nil, deliveredAt: Timestamp? = nil, leaseOwner: String? = nil,
        leaseUntil: Timestamp? = nil
    ) {
        self.id = id
        self.destination = destination
        self.kind = kind
        self.customerId = customerId
        self.payload = payload
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt ?? createdAt
        self.deadline = deadline
        self.attempts = attempts
        self.status = status
        self.lastError = lastError
        self.deliveredAt = deliveredAt
        self.leaseOwner = leaseOwner
        self.leaseUntil = leaseUntil
    }
}

/// A server-to-server API key: only its hash is stored.
public struct APIKeyRecord: Hashable, Sendable, Codable {
    public var name: String
    /// SHA-256 of the secret, lowercase hex.
    public var hash: String
    public var scopes: [String]
    public var createdAt: Timestamp
    public var revokedAt: Timestamp?

    public init(name: String, hash: String, scopes: [String], createdAt: Timestamp, revokedAt: Timestamp? = nil) {
        self.name = name
        self.hash = hash
        self.scopes = scopes
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}
