extension StoreSchema {
    /// The subscription analytics rollups (`SubscriptionAnalytics`), each bucket spread over a
    /// few rows (`slot`) like `figure_days`:
    ///
    /// - `analytics_days`: level changes (active subscribers and trials, MRR per currency) per UTC day;
    /// - `analytics_months`: the same level changes summed per month, and the monthly flows (new,
    ///   churned, reactivated, trials and intro offers started and converted, payments, refunds,
    ///   revenue), so a year's series is one range of twelve months;
    /// - `analytics_cohorts`: cohort cells per cohort month and age.
    ///
    /// Each is keyed by product, storefront and offer (`dimension` the currency of money). Three
    /// empty tables: cheap on a large database. They count facts recorded after this migration;
    /// `storekeeper figures rebuild` fills them from the stored subscriptions.
    static let analytics = Migration(version: 30, name: "subscription analytics rollups") { dialect in
        /// One rollup table: app, environment, the bucket's period columns, then its key and value.
        func table(_ name: String, period: [String]) -> String {
            let key =
                ["app_id", "environment"] + period.map { String($0.prefix { $0 != " " }) } + [
                    "metric", "product_id", "storefront", "offer", "dimension", "slot",
                ]
            let columns =
                ["app_id TEXT NOT NULL", "environment TEXT NOT NULL"] + period.map { $0 + " NOT NULL" }
                + [
                    "metric TEXT NOT NULL", "product_id TEXT NOT NULL", "storefront TEXT NOT NULL", "offer TEXT NOT NULL",
                    "dimension TEXT NOT NULL", "slot INTEGER NOT NULL", "value BIGINT NOT NULL",
                    "PRIMARY KEY (\(key.joined(separator: ", ")))",
                ]
            return "CREATE TABLE \(name) (\n    \(columns.joined(separator: ",\n    "))\n)\(dialect.clustered);"
        }
        return [
            table("analytics_days", period: ["day BIGINT"]), table("analytics_months", period: ["month BIGINT"]),
            table("analytics_cohorts", period: ["cohort BIGINT", "age INTEGER"]),
        ].joined(separator: "\n\n")
    }
}
