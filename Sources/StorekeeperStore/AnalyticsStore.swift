public import AppStoreModels
public import Storekeeper

/// Reads of the subscription analytics rollups kept by the writes (``SubscriptionAnalytics``).
/// Every read is an index range whose size depends on the months, products, storefronts and
/// offers asked for, never on the number of customers.
public protocol AnalyticsStoreReader: Sendable {
    /// The level changes and flows of the months in `months` (first days of months), each bucket
    /// summed over its rows; `day` is the month's first day.
    func analyticsMonths(appId: String, environment: AppStoreEnvironment, months: ClosedRange<FigureDay>) async throws -> [AnalyticsTotal]
    /// Every level (``AnalyticsMetric/Grain/level``) summed over the months before `month`; `day`
    /// is the day before `month`.
    func analyticsLevels(appId: String, environment: AppStoreEnvironment, before month: FigureDay) async throws -> [AnalyticsTotal]
    /// The level changes of the days in `days`.
    func analyticsDays(appId: String, environment: AppStoreEnvironment, days: ClosedRange<FigureDay>) async throws -> [AnalyticsTotal]
    /// The cohort cells of the cohorts whose month (first day) is in `cohorts`.
    func analyticsCohorts(
        appId: String, environment: AppStoreEnvironment, cohorts: ClosedRange<FigureDay>
    ) async throws
        -> [AnalyticsTotal]
}

/// Writes of the analytics rollups, made in the same transaction as the fact they count.
/// ``FiguresStoreWriter/clearFigures(appId:)`` clears them with the overview's.
public protocol AnalyticsStoreWriter: AnalyticsStoreReader {
    /// Adds `moves` to the app's rollups: a level change to its day and its month, a flow to its
    /// month, a cohort cell to its cohort. `spreadKey` (the original transaction ID) picks which of
    /// a bucket's rows takes the move, as ``FiguresStoreWriter/addFigures(appId:_:spreadKey:)`` does.
    func addAnalytics(appId: String, _ moves: AnalyticsMoves, spreadKey: String) async throws
}
