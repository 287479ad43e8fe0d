extension StoreSchema {
    /// The overview's rollups, the refunds view and the indexes of the operations
    /// view.
    ///
    /// - `figure_days`: per app, environment, UTC day, metric, product and dimension (a phase or a
    ///   currency), the sum of the moves the writes added (`FigureMoves`). A bucket is spread over
    ///   a few rows (`slot`, from the purchase's original transaction ID) so that concurrent
    ///   writers of different purchases rarely wait on one row lock; its value is the sum of its rows.
    /// - `figure_months`: the `active` moves again, per month (`month` is the day number of its
    ///   first day), so the level before a range is a sum over months plus the days of one month,
    ///   not over every day since the app began.
    /// - `figure_refunds`: each refunded or revoked transaction of an app, newest first by `revoked_at`.
    /// - `outbox_destination`: an app's consumption answers, newest first. (The operations view's
    ///   inbox counts use migration 15's `inbox_app_status`.)
    ///
    /// Figures count facts recorded after this migration; `storekeeper figures rebuild` computes
    /// them from the stored facts (the migration cannot: the facts do not name their app).
    static let figures = Migration(version: 16, name: "overview rollups and refunds") { dialect in
        """
        CREATE TABLE figure_days (
            app_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            day BIGINT NOT NULL,
            metric TEXT NOT NULL,
            product_id TEXT NOT NULL,
            dimension TEXT NOT NULL,
            slot INTEGER NOT NULL,
            value BIGINT NOT NULL,
            PRIMARY KEY (app_id, environment, day, metric, product_id, dimension, slot)
        )\(dialect.clustered);

        CREATE TABLE figure_months (
            app_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            month BIGINT NOT NULL,
            product_id TEXT NOT NULL,
            phase TEXT NOT NULL,
            slot INTEGER NOT NULL,
            value BIGINT NOT NULL,
            PRIMARY KEY (app_id, environment, month, product_id, phase, slot)
        )\(dialect.clustered);

        CREATE TABLE figure_refunds (
            environment TEXT NOT NULL,
            transaction_id TEXT NOT NULL,
            app_id TEXT NOT NULL,
            original_transaction_id TEXT NOT NULL,
            customer_id TEXT NOT NULL,
            product_id TEXT NOT NULL,
            product_type TEXT,
            kind TEXT NOT NULL,
            reason BIGINT,
            revoked_at BIGINT NOT NULL,
            purchase_date BIGINT NOT NULL,
            price BIGINT,
            currency TEXT,
            quantity BIGINT NOT NULL,
            PRIMARY KEY (environment, transaction_id)
        )\(dialect.clustered);
        CREATE INDEX figure_refunds_app ON figure_refunds (app_id, revoked_at, environment, transaction_id);

        CREATE INDEX outbox_destination ON outbox (destination, created_at, id);
        """
    }
}
