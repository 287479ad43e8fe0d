import AppStoreModels
import Storekeeper
import StorekeeperStore

/// The analytics tables in memory (`SQLStore+Analytics`): one bucket per key (never spread over
/// slots: the sums are the same), level changes kept by day and read per month by summing.
struct MemoryAnalytics: Sendable {
    /// (app) → bucket → sum of the moves added.
    var buckets: [String: [AnalyticsKey: Int64]] = [:]
}

extension MemoryStoreState {
    private func analyticsTotals(
        appId: String, environment: AppStoreEnvironment, where included: (AnalyticsKey) -> Bool, day: (AnalyticsKey) -> FigureDay
    ) throws -> [AnalyticsTotal] {
        try MemoryText.refuseNUL(appId, environment.rawValue)
        var sums: [AnalyticsKey: Int64] = [:]
        for (key, value) in analytics.buckets[appId] ?? [:] where key.environment == environment && included(key) {
            var bucket = key
            bucket.day = day(key)
            sums[bucket, default: 0] += value
        }
        return sums.sorted { $0.key < $1.key }.compactMap { key, value in
            value == 0
                ? nil
                : AnalyticsTotal(
                    metric: key.metric, day: key.day, age: key.age, segment: key.segment, dimension: key.dimension, value: value)
        }
    }

    func analyticsMonths(appId: String, environment: AppStoreEnvironment, months: ClosedRange<FigureDay>) throws -> [AnalyticsTotal] {
        try analyticsTotals(
            appId: appId, environment: environment,
            where: { ($0.metric.grain == .level || $0.metric.grain == .flow) && months.contains($0.day.monthStart) },
            day: { $0.day.monthStart })
    }

    func analyticsLevels(appId: String, environment: AppStoreEnvironment, before month: FigureDay) throws -> [AnalyticsTotal] {
        try analyticsTotals(
            appId: appId, environment: environment, where: { $0.metric.grain == .level && $0.day.monthStart < month },
            day: { _ in month.adding(days: -1) })
    }

    func analyticsDays(appId: String, environment: AppStoreEnvironment, days: ClosedRange<FigureDay>) throws -> [AnalyticsTotal] {
        try analyticsTotals(
            appId: appId, environment: environment, where: { $0.metric.grain == .level && days.contains($0.day) }, day: { $0.day })
    }

    func analyticsCohorts(appId: String, environment: AppStoreEnvironment, cohorts: ClosedRange<FigureDay>) throws -> [AnalyticsTotal] {
        try analyticsTotals(
            appId: appId, environment: environment, where: { $0.metric.grain == .cohort && cohorts.contains($0.day) }, day: { $0.day })
    }

    mutating func addAnalytics(appId: String, _ moves: AnalyticsMoves, spreadKey: String) throws {
        try MemoryText.refuseNUL(appId, spreadKey)
        for (key, amount) in moves.sorted where key.metric.grain != nil {
            try MemoryText.refuseNUL(
                key.environment.rawValue, key.metric.rawValue, key.segment.productId, key.segment.storefront, key.segment.offer,
                key.dimension)
            analytics.buckets[appId, default: [:]][key, default: 0] += amount
        }
    }
}

extension MemoryStoreQuerying {
    func analyticsMonths(appId: String, environment: AppStoreEnvironment, months: ClosedRange<FigureDay>) async throws -> [AnalyticsTotal] {
        try handle.reading { try $0.analyticsMonths(appId: appId, environment: environment, months: months) }
    }

    func analyticsLevels(appId: String, environment: AppStoreEnvironment, before month: FigureDay) async throws -> [AnalyticsTotal] {
        try handle.reading { try $0.analyticsLevels(appId: appId, environment: environment, before: month) }
    }

    func analyticsDays(appId: String, environment: AppStoreEnvironment, days: ClosedRange<FigureDay>) async throws -> [AnalyticsTotal] {
        try handle.reading { try $0.analyticsDays(appId: appId, environment: environment, days: days) }
    }

    func analyticsCohorts(
        appId: String, environment: AppStoreEnvironment, cohorts: ClosedRange<FigureDay>
    ) async throws
        -> [AnalyticsTotal]
    {
        try handle.reading { try $0.analyticsCohorts(appId: appId, environment: environment, cohorts: cohorts) }
    }
}

extension MemoryStoreTransaction {
    func addAnalytics(appId: String, _ moves: AnalyticsMoves, spreadKey: String) async throws {
        try handle.writing { try $0.addAnalytics(appId: appId, moves, spreadKey: spreadKey) }
    }
}
