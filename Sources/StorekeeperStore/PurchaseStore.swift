public import Storekeeper

/// Durable storage for everything Storekeeper records.
///
/// This target, `StorekeeperStore`, holds the store's ports: this union of the aggregates' store
/// protocols (the purchase aggregates' in the domain target, `Storekeeper`), and the operators'
/// and console's records with their stores (console sessions, admin action records, the
/// overview figures' rollups), which are operations bookkeeping rather than purchase domain.
///
/// Implemented once in `StorekeeperSQL` over SQLite (embedded default) and PostgreSQL, and in
/// memory for tests (`MemoryPurchaseStore` in `StorekeeperTesting`); one contract suite runs
/// against all three. Every write that touches money or entitlements happens in one `write`
/// transaction; natural unique keys make replays no-ops.
///
/// The handles are compositions of one small protocol per aggregate (``CustomerStoreReader``,
/// ``OrderStoreReader``, ``TransactionStoreReader``, ``LedgerStoreReader``,
/// ``SubscriptionStoreReader``, ``InboxStoreReader``, ``OutboxStoreReader``, ``AuditStoreReader``,
/// ``CoordinationStoreReader`` and their `…Writer` sides), so code that needs one aggregate can
/// say so in its signature.
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

/// Reads of every aggregate, available inside reads and writes.
public protocol PurchaseStoreReader:
    CustomerStoreReader, OrderStoreReader, TransactionStoreReader, LedgerStoreReader, SubscriptionStoreReader,
    InboxStoreReader, OutboxStoreReader, AuditStoreReader, CoordinationStoreReader,
    OperatorStoreReader,
    FeedStoreReader,
    AdminActionStoreReader,
    CustomerSearchStoreReader, CustomerHistoryStoreReader, TimelineStoreReader,
    OperatorGrantStoreReader,
    InboxQueryStoreReader, MassExtensionStoreReader,
    FiguresStoreReader,
    AnalyticsStoreReader,
    ConsoleSessionStoreReader,
    ConsumptionRefusalStoreReader,
    RecoveryStoreReader,
    SeatClaimStoreReader,
    AppleAccountStoreReader,
    RetentionStoreReader,
    ImportJobStoreReader
{}

/// Writes of every aggregate, available inside `PurchaseStore.write`.
public protocol PurchaseStoreTransaction:
    PurchaseStoreReader, CustomerStoreWriter, OrderStoreWriter, TransactionStoreWriter, LedgerStoreWriter,
    SubscriptionStoreWriter, InboxStoreWriter, OutboxStoreWriter, AuditStoreWriter, CoordinationStoreWriter,
    OperatorStoreWriter,
    AdminActionStoreWriter,
    OperatorGrantStoreWriter,
    InboxQueryStoreWriter, MassExtensionStoreWriter,
    FiguresStoreWriter,
    AnalyticsStoreWriter,
    ConsoleSessionStoreWriter,
    ConsumptionRefusalStoreWriter,
    RecoveryStoreWriter,
    SeatClaimStoreWriter,
    AppleAccountStoreWriter,
    RetentionStoreWriter,
    ImportJobStoreWriter
{}
