import AppStoreModels
import Storekeeper
public import StorekeeperStore

/// `storekeeper figures rebuild`: recomputes an app's overview and analytics rollups and refunds
/// list from the stored facts (after the migration that added them, or to repair them). The same pure
/// contributions the write path adds (``SubscriptionFigures``, ``SubscriptionAnalytics``,
/// ``TransactionFigures``), summed
/// over every stored subscription and transaction of the app.
///
/// Facts do not name their app: a fact belongs to the app whose catalog lists its product, and,
/// with `includeUnlisted` (a deployment of one app), every fact does. Run it while no server
/// writes (a fact recorded during the rebuild could be counted twice): the rollups are cleared
/// first, then rebuilt in pages of one write transaction each.
public enum OverviewRebuild {
    public struct Summary: Sendable, Hashable {
        public var subscriptions = 0
        public var transactions = 0
        public var refunds = 0
    }

    package static let page = 500

    public static func rebuild(app: AppConfiguration, includeUnlisted: Bool, in store: any PurchaseStore) async throws -> Summary {
        let rollup = OverviewRollup(app: app)
        func belongs(_ productId: String) -> Bool { includeUnlisted || app.catalog[productId] != nil }
        var summary = Summary()
        try await store.write { tx in try await tx.clearFigures(appId: app.id) }
        var afterSubscription: PurchaseLock?
        while true {
            let (count, last, counted) = try await store.write { tx in
                let rows = try await tx.subscriptionsPage(after: afterSubscription, limit: page)
                var counted = 0
                for row in rows where belongs(row.productId) {
                    let state = try SubscriptionApplier.decode(row.state)
                    try await tx.addFigures(
                        appId: app.id, SubscriptionFigures.contribution(of: state), spreadKey: row.originalTransactionId)
                    try await tx.addAnalytics(
                        appId: app.id, SubscriptionAnalytics.contribution(of: state, catalog: app.catalog),
                        spreadKey: row.originalTransactionId)
                    counted += 1
                }
                return (
                    rows.count,
                    rows.last.map { PurchaseLock(environment: $0.environment, originalTransactionId: $0.originalTransactionId) }, counted
                )
            }
            summary.subscriptions += counted
            afterSubscription = last
            if count < page { break }
        }
        var afterTransaction: (environment: AppStoreEnvironment, transactionId: String)?
        while true {
            let (count, last, counted, refunds) = try await store.write { tx in
                let rows = try await tx.transactionsPage(after: afterTransaction, limit: page)
                var counted = 0
                var refunds = 0
                for row in rows where belongs(row.transaction.productId) {
                    try await rollup.recorded(row.transaction, upsert: .inserted, customerId: row.customerId, in: tx)
                    counted += 1
                    if RefundRecord.Kind(row.transaction) != nil { refunds += 1 }
                }
                return (rows.count, rows.last.map { ($0.transaction.environment, $0.transaction.transactionId) }, counted, refunds)
            }
            summary.transactions += counted
            summary.refunds += refunds
            afterTransaction = last
            if count < page { break }
        }
        return summary
    }
}
