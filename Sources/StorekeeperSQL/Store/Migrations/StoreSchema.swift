/// The schema of ``SQLPurchaseStore``: versioned migrations, run with a ``Migrator``
/// (``SQLPurchaseStore/migrate()`` does it).
///
/// One schema for both backends. Conventions:
/// - time is `BIGINT` milliseconds since 1970; money and amounts are `BIGINT` minor units;
/// - identifiers and UUIDs are `TEXT` (UUIDs lowercase); booleans are `INTEGER` 0/1;
/// - raw bodies and opaque JSON state are `BLOB` / `BYTEA`;
/// - the DDL differs only in those types, the generated key of the append-only tables, and
///   storage: on SQLite the tables read by key are `WITHOUT ROWID` (a text key otherwise costs a
///   second B-tree lookup) and `transactions` is clustered by customer;
/// - the big tables carry the customer ID and, where there is one, the original transaction ID,
///   the keys a later distributed (Citus-style) deployment partitions on; for the same reason
///   there are no foreign keys between them.
///
/// Applied migrations are never edited (the ``Migrator`` checks their checksums): change the
/// schema by appending a migration.
public enum StoreSchema {
    /// Every migration, in version order.
    public static let migrations: [Migration] = [
        customersAndOrders,
        transactions,
        subscriptionsAndGrants,
        ledger,
        audit,
        inboxAndOutbox,
        coordination,
        uncompressedInboxBodies,
        coveringCustomerBalances,
        coveringCustomerSubscriptions,
        reports,
        operators,
        adminSearch,
        operatorGrants,
        inboxQueries,
        figures,
        consoleSessions,
        inboxAttempts,
        recoverySlices,
        reconciledReports,
        expectations,
        seats,
        seatClaims,
        appleAccounts,
        commitments,
        feed,
        importJobs,
        retention,
        analytics,
    ]
}

extension SQLDialect {
    /// The table option that stores rows in their primary key's B-tree (`WITHOUT ROWID` on
    /// SQLite, where a text key otherwise costs a second lookup); nothing on PostgreSQL.
    var clustered: String { kind == .sqlite ? " WITHOUT ROWID" : "" }
}
