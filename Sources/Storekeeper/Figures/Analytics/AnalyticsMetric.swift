/// What an analytics rollup row counts. An open set of names (stored as text), so a row written
/// by a later version is read and ignored, not refused. Each metric has one ``Grain``; the
/// definitions readers see are in `docs/ANALYTICS.md`.
public struct AnalyticsMetric: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// How a metric's moves are bucketed.
    public enum Grain: Hashable, Sendable {
        /// A level kept as changes: +x on the day a span starts, −x on the day it ends. Kept per
        /// day and per month, so a level at any day is a sum of months plus the days of one month.
        case level
        /// Events counted in the calendar month (UTC) they belong to.
        case flow
        /// A cell of a monthly cohort: the cohort's month and the subscriber's age in months.
        case cohort
    }

    public var grain: Grain? { Self.grains[self] }

    // Levels.
    /// Paid subscriptions with access (trials excluded; grace period included).
    public static let activeSubscribers = AnalyticsMetric(rawValue: "activeSubscribers")
    /// Subscriptions in a free trial.
    public static let activeTrials = AnalyticsMetric(rawValue: "activeTrials")
    /// Monthly recurring revenue, milliunits per currency (`dimension`).
    public static let mrr = AnalyticsMetric(rawValue: "mrr")

    // Flows, by month.
    /// First access of a subscription (a trial or a paid period).
    public static let newSubscribers = AnalyticsMetric(rawValue: "newSubscribers")
    /// A return after access lapsed.
    public static let reactivations = AnalyticsMetric(rawValue: "reactivations")
    /// Paid access that lapsed (counted in the month access ended).
    public static let churned = AnalyticsMetric(rawValue: "churned")
    /// Free trials started, and those of them that went on to a paid period (both by the trial's
    /// start month).
    public static let trialsStarted = AnalyticsMetric(rawValue: "trialsStarted")
    public static let trialsConverted = AnalyticsMetric(rawValue: "trialsConverted")
    /// Paid introductory offers started, and those that went on to a regular period (both by the
    /// offer's start month).
    public static let introsStarted = AnalyticsMetric(rawValue: "introsStarted")
    public static let introsConverted = AnalyticsMetric(rawValue: "introsConverted")
    /// Paid periods (by purchase month), and those of them refunded.
    public static let payments = AnalyticsMetric(rawValue: "payments")
    public static let refunds = AnalyticsMetric(rawValue: "refunds")
    /// Realised revenue, net of refunds, per currency (by purchase month).
    public static let revenue = AnalyticsMetric(rawValue: "revenue")

    // Cohort cells.
    /// One per subscription, at age 0 of its cohort.
    public static let cohortSubscribers = AnalyticsMetric(rawValue: "cohortSubscribers")
    /// One per subscription with access at some instant of its k-th month.
    public static let cohortRetained = AnalyticsMetric(rawValue: "cohortRetained")
    /// Realised revenue net of refunds per currency, at the age it was paid.
    public static let cohortRevenue = AnalyticsMetric(rawValue: "cohortRevenue")

    public static let levels: [AnalyticsMetric] = [.activeSubscribers, .activeTrials, .mrr]
    public static let flows: [AnalyticsMetric] = [
        .newSubscribers, .reactivations, .churned, .trialsStarted, .trialsConverted, .introsStarted, .introsConverted, .payments,
        .refunds, .revenue,
    ]
    public static let cohorts: [AnalyticsMetric] = [.cohortSubscribers, .cohortRetained, .cohortRevenue]
    /// Metrics whose `dimension` is a currency.
    public static let money: Set<AnalyticsMetric> = [.mrr, .revenue, .cohortRevenue]

    private static let grains: [AnalyticsMetric: Grain] = {
        var grains: [AnalyticsMetric: Grain] = [:]
        for metric in levels { grains[metric] = .level }
        for metric in flows { grains[metric] = .flow }
        for metric in cohorts { grains[metric] = .cohort }
        return grains
    }()
}
