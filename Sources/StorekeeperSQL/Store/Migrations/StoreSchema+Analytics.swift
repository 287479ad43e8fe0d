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
        """
        CREATE TABLE analytics_days (
            app_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            day BIGINT NOT NULL,
            metric TEXT NOT NULL,
            product_id TEXT NOT NULL,
            storefront TEXT NOT NULL,
            offer TEXT NOT NULL,
            dimension TEXT NOT NULL,
            slot INTEGER NOT NULL,
            value BIGINT NOT NULL,
            PRIMARY KEY (app_id, environment, day, metric, product_id, storefront, offer, dimension, slot)
        )\(dialect.clustered);

        CREATE TABLE analytics_months (
            app_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            month BIGINT NOT NULL,
            metric TEXT NOT NULL,
            product_id TEXT NOT NULL,
            storefront TEXT NOT NULL,
            offer TEXT NOT NULL,
            dimension TEXT NOT NULL,
            slot INTEGER NOT NULL,
            value BIGINT NOT NULL,
            PRIMARY KEY (app_id, environment, month, metric, product_id, storefront, offer, dimension, slot)
        )\(dialect.clustered);

        CREATE TABLE analytics_cohorts (
            app_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            cohort BIGINT NOT NULL,
            age INTEGER NOT NULL,
            metric TEXT NOT NULL,
            product_id TEXT NOT NULL,
            storefront TEXT NOT NULL,
            offer TEXT NOT NULL,
            dimension TEXT NOT NULL,
            slot INTEGER NOT NULL,
            value BIGINT NOT NULL,
            PRIMARY KEY (app_id, environment, cohort, age, metric, product_id, storefront, offer, dimension, slot)
        )\(dialect.clustered);
        """
    }
}
