/// `GET /v1/admin/apps/{app}/analytics/cohorts`: subscriptions grouped by the month their first
/// period (trial or paid) started, with retention and realised revenue by age in months.
public struct AnalyticsCohortsResponse: Codable, Sendable, Hashable {
    public var appId: String
    public var environment: String
    /// First and last cohort month, `YYYY-MM`.
    public var from: String
    public var to: String
    /// The day (UTC) the table was read on: ages run to its month.
    public var asOf: String
    public var filter: AnalyticsFilterBody
    public var cohorts: [AnalyticsCohortBody]

    public init(
        appId: String, environment: String, from: String, to: String, asOf: String, filter: AnalyticsFilterBody,
        cohorts: [AnalyticsCohortBody]
    ) {
        self.appId = appId
        self.environment = environment
        self.from = from
        self.to = to
        self.asOf = asOf
        self.filter = filter
        self.cohorts = cohorts
    }
}

/// One cohort.
public struct AnalyticsCohortBody: Codable, Sendable, Hashable {
    /// `YYYY-MM`.
    public var month: String
    public var subscribers: Int64
    /// Ages 0 (the subscribers' first month) through the one that began by `asOf`'s month.
    public var ages: [AnalyticsCohortCellBody]

    public init(month: String, subscribers: Int64, ages: [AnalyticsCohortCellBody]) {
        self.month = month
        self.subscribers = subscribers
        self.ages = ages
    }
}

/// One age of a cohort.
public struct AnalyticsCohortCellBody: Codable, Sendable, Hashable {
    /// Months since each subscriber's start.
    public var age: Int
    /// Subscribers with access at some instant of their `age`-th month, and their share.
    public var retained: Int64
    public var retention: Double?
    /// Realised revenue (net of refunds) through this age per currency, and per subscriber
    /// (LTV to date, rounded down).
    public var revenue: [AnalyticsMoney]
    public var lifetimeValue: [AnalyticsMoney]

    public init(age: Int, retained: Int64, retention: Double?, revenue: [AnalyticsMoney], lifetimeValue: [AnalyticsMoney]) {
        self.age = age
        self.retained = retained
        self.retention = retention
        self.revenue = revenue
        self.lifetimeValue = lifetimeValue
    }
}
