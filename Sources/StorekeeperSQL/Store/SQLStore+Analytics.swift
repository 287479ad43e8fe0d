import AppStoreModels
import Storekeeper
import StorekeeperStore

/// The statements of the analytics rollups (``AnalyticsStoreReader``, migration 30).
enum AnalyticsRows {
    static let keyColumns = "metric, product_id, storefront, offer, dimension"

    static let upsertDays = RowCountStatements(upTo: FigureRows.batch) { upsert(table: "analytics_days", period: "day", extra: [], $0) }
    static let upsertMonths = RowCountStatements(upTo: FigureRows.batch) {
        upsert(table: "analytics_months", period: "month", extra: [], $0)
    }
    static let upsertCohorts = RowCountStatements(upTo: FigureRows.batch) {
        upsert(table: "analytics_cohorts", period: "cohort", extra: ["age"], $0)
    }

    private static func upsert(table: String, period: String, extra: [String], _ rows: Int) -> String {
        let columns = ["app_id", "environment", period] + extra + ["metric", "product_id", "storefront", "offer", "dimension", "slot"]
        let width = columns.count + 1
        let values = (0..<rows).map { row in "(" + (1...width).map { "$\(row * width + $0)" }.joined(separator: ", ") + ")" }
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", ")), value)
            VALUES \(values.joined(separator: ", "))
            ON CONFLICT (\(columns.joined(separator: ", ")))
            DO UPDATE SET value = \(table).value + excluded.value
            """
    }

    /// Rows in primary-key order, so a bucket's slots come one after another and are added up
    /// while reading (as ``FigureRows/totals`` does).
    static let months = """
        SELECT month, 0, \(keyColumns), value FROM analytics_months
        WHERE app_id = $1 AND environment = $2 AND month >= $3 AND month <= $4
        ORDER BY month, \(keyColumns)
        """
    static let days = """
        SELECT day, 0, \(keyColumns), value FROM analytics_days
        WHERE app_id = $1 AND environment = $2 AND day >= $3 AND day <= $4
        ORDER BY day, \(keyColumns)
        """
    static let cohorts = """
        SELECT cohort, age, \(keyColumns), value FROM analytics_cohorts
        WHERE app_id = $1 AND environment = $2 AND cohort >= $3 AND cohort <= $4
        ORDER BY cohort, age, \(keyColumns)
        """
    static let levels = """
        SELECT \(keyColumns), CAST(SUM(value) AS BIGINT) FROM analytics_months
        WHERE app_id = $1 AND environment = $2 AND month < $3 AND metric IN ($4, $5, $6)
        GROUP BY \(keyColumns)
        """
    static let clear = [
        "DELETE FROM analytics_days WHERE app_id = $1", "DELETE FROM analytics_months WHERE app_id = $1",
        "DELETE FROM analytics_cohorts WHERE app_id = $1",
    ]

    /// Totals from rows of (period, age, metric, product, storefront, offer, dimension, value),
    /// adding up neighbouring rows of one bucket.
    static func totals(_ rows: [SQLRow]) throws -> [AnalyticsTotal] {
        var totals: [AnalyticsTotal] = []
        totals.reserveCapacity(rows.count)
        for row in rows {
            let total = AnalyticsTotal(
                metric: AnalyticsMetric(rawValue: try row.string(2)), day: FigureDay(daysSince1970: try row.int(0)), age: try row.int(1),
                segment: AnalyticsSegment(productId: try row.string(3), storefront: try row.string(4), offer: try row.string(5)),
                dimension: try row.string(6), value: try row.int64(7))
            if let last = totals.last, last.day == total.day, last.age == total.age, last.metric == total.metric,
                last.segment == total.segment, last.dimension == total.dimension
            {
                totals[totals.count - 1].value += total.value
            } else {
                totals.append(total)
            }
        }
        return totals
    }
}

extension SQLStoreQuerying {
    func analyticsMonths(appId: String, environment: AppStoreEnvironment, months: ClosedRange<FigureDay>) async throws -> [AnalyticsTotal] {
        try await range(AnalyticsRows.months, appId: appId, environment: environment, months)
    }

    func analyticsDays(appId: String, environment: AppStoreEnvironment, days: ClosedRange<FigureDay>) async throws -> [AnalyticsTotal] {
        try await range(AnalyticsRows.days, appId: appId, environment: environment, days)
    }

    func analyticsCohorts(
        appId: String, environment: AppStoreEnvironment, cohorts: ClosedRange<FigureDay>
    ) async throws
        -> [AnalyticsTotal]
    {
        try await range(AnalyticsRows.cohorts, appId: appId, environment: environment, cohorts)
    }

    func analyticsLevels(appId: String, environment: AppStoreEnvironment, before month: FigureDay) async throws -> [AnalyticsTotal] {
        let rows = try await sql.query(
            AnalyticsRows.levels,
            [.text(appId), SQLValue(environment), SQLValue(month.daysSince1970)] + AnalyticsMetric.levels.map { .text($0.rawValue) })
        return try rows.map { row in
            AnalyticsTotal(
                metric: AnalyticsMetric(rawValue: try row.string(0)), day: month.adding(days: -1),
                segment: AnalyticsSegment(productId: try row.string(1), storefront: try row.string(2), offer: try row.string(3)),
                dimension: try row.string(4), value: try row.int64(5))
        }
    }

    private func range(
        _ statement: String, appId: String, environment: AppStoreEnvironment, _ range: ClosedRange<FigureDay>
    ) async throws -> [AnalyticsTotal] {
        try AnalyticsRows.totals(
            try await sql.query(
                statement,
                [.text(appId), SQLValue(environment), SQLValue(range.lowerBound.daysSince1970), SQLValue(range.upperBound.daysSince1970)]))
    }
}

extension SQLStoreTransaction {
    /// Deferred (``SQLTransaction/deferWrite(_:_:)``), as the overview's counters are.
    func addAnalytics(appId: String, _ moves: AnalyticsMoves, spreadKey: String) async throws {
        guard !moves.isEmpty else { return }
        let slot = SQLValue.integer(FigureRows.slot(spreadKey))
        var days: [(AnalyticsKey, Int64)] = []
        var months = AnalyticsMoves()
        var cohorts: [(AnalyticsKey, Int64)] = []
        for (key, amount) in moves.sorted {
            switch key.metric.grain {
            case .level?:
                days.append((key, amount))
                var month = key
                month.day = key.day.monthStart
                months.add(amount, to: month)
            case .flow?:
                months.add(amount, to: key)
            case .cohort?:
                cohorts.append((key, amount))
            case nil:
                continue
            }
        }
        func binds(_ key: AnalyticsKey, _ amount: Int64, age: Bool) -> [SQLValue] {
            [.text(appId), SQLValue(key.environment), SQLValue(key.day.daysSince1970)] + (age ? [SQLValue(key.age)] : [])
                + [
                    .text(key.metric.rawValue), .text(key.segment.productId), .text(key.segment.storefront), .text(key.segment.offer),
                    .text(key.dimension), slot, .integer(amount),
                ]
        }
        let tables: [(rows: [(AnalyticsKey, Int64)], statements: RowCountStatements, age: Bool)] = [
            (days, AnalyticsRows.upsertDays, false), (months.sorted.map { ($0.key, $0.amount) }, AnalyticsRows.upsertMonths, false),
            (cohorts, AnalyticsRows.upsertCohorts, true),
        ]
        for (rows, statements, age) in tables {
            for start in stride(from: 0, to: rows.count, by: FigureRows.batch) {
                let chunk = rows[start..<min(start + FigureRows.batch, rows.count)]
                try await sql.deferWrite(statements[chunk.count], chunk.flatMap { binds($0.0, $0.1, age: age) })
            }
        }
    }
}
