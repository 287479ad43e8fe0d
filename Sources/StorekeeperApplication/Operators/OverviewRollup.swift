import AppStoreModels
package import Storekeeper
package import StorekeeperStore

/// Keeps an app's overview figures and refunds list up to date with the facts, in the same
/// transaction as the fact: the write path's only hook into figures.
///
/// Called from two places: ``FactApplier`` after every transaction upsert (revenue, refunds) and
/// ``SubscriptionApplier`` after every change of a subscription's state (active spans by phase,
/// new, renewed, churned, trial conversions; and the analytics: MRR, subscribers, conversions,
/// cohorts). What moves is the domain's pure answer
/// (``TransactionFigures``, ``SubscriptionFigures``); a replay moves nothing.
package struct OverviewRollup: Sendable {
    package let appId: String
    /// The commission rules (the app's Small Business Program setting). The reports' calibration
    /// is applied when the overview is read (``OverviewService``): it changes as reports arrive.
    package let proceeds: ProceedsEstimator
    /// The products' billing periods, which normalise prices to MRR (``SubscriptionAnalytics``).
    package let catalog: Catalog

    package init(app: AppConfiguration) {
        appId = app.id
        proceeds = app.proceedsEstimator
        catalog = app.catalog
    }

    /// A transaction fact was recorded for `customerId` (as `upsert` says).
    package func recorded(
        _ transaction: AppleTransaction, upsert: TransactionUpsert, customerId: CustomerID, in tx: any FiguresStoreWriter
    ) async throws {
        let previous: AppleTransaction?
        switch upsert {
        case .unchanged: return
        case .inserted: previous = nil
        case .updated(let stored): previous = stored
        }
        let moves = TransactionFigures.moves(from: previous, to: transaction, proceeds: proceeds)
        try await tx.addFigures(appId: appId, moves, spreadKey: transaction.originalTransactionId)
        if let record = RefundRecord(appId: appId, transaction: transaction, customerId: customerId) {
            try await tx.saveRefund(record)
        } else if let previous, RefundRecord.Kind(previous) != nil {
            try await tx.removeRefund(environment: transaction.environment, transactionId: transaction.transactionId)
        }
    }

    /// A subscription's state went from `previous` (nil when new) to `next`: the overview's
    /// rollups and the analytics' move.
    package func subscriptionChanged(
        from previous: SubscriptionState?, to next: SubscriptionState, in tx: any FiguresStoreWriter & AnalyticsStoreWriter
    ) async throws {
        let moves = SubscriptionFigures.moves(from: previous, to: next)
        try await tx.addFigures(appId: appId, moves, spreadKey: next.originalTransactionId)
        let analytics = SubscriptionAnalytics.moves(from: previous, to: next, catalog: catalog)
        try await tx.addAnalytics(appId: appId, analytics, spreadKey: next.originalTransactionId)
    }
}
