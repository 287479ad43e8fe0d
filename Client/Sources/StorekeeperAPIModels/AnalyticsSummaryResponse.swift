/// `GET /v1/admin/apps/{app}/analytics/summary`: subscription figures month by month and over
/// the range, computed from the rollups the writes keep. Definitions: `docs/ANALYTICS.md`.
public struct AnalyticsSummaryResponse: Codable, Sendable, Hashable {
    public var appId: String
    public var environment: String
    /// First and last month of the range, `YYYY-MM`.
    public var from: String
    public var to: String
    /// The day (UTC, `YYYY-MM-DD`) the last month's levels are taken at: today, or the range's
    /// last day when it ended earlier.
    public var asOf: String
    public var filter: AnalyticsFilterBody
    public var months: [AnalyticsFiguresBody]
    /// Flows summed over the range, levels at `asOf`, rates over the range.
    public var totals: AnalyticsFiguresBody

    public init(
        appId: String, environment: String, from: String, to: String, asOf: String, filter: AnalyticsFilterBody,
        months: [AnalyticsFiguresBody], totals: AnalyticsFiguresBody
    ) {
        self.appId = appId
        self.environment = environment
        self.from = from
        self.to = to
        self.asOf = asOf
        self.filter = filter
        self.months = months
        self.totals = totals
    }
}

/// The segments a response was filtered by (absent: all).
public struct AnalyticsFilterBody: Codable, Sendable, Hashable {
    public var productId: String?
    public var storefront: String?
    public var offer: String?

    public init(productId: String? = nil, storefront: String? = nil, offer: String? = nil) {
        self.productId = productId
        self.storefront = storefront
        self.offer = offer
    }
}

/// An amount of one currency, milliunits.
public struct AnalyticsMoney: Codable, Sendable, Hashable {
    public var currency: String
    public var amount: Int64

    public init(currency: String, amount: Int64) {
        self.currency = currency
        self.amount = amount
    }
}

/// The figures of one month (`month` set) or of a whole range (`month` absent).
public struct AnalyticsFiguresBody: Codable, Sendable, Hashable {
    /// `YYYY-MM`; absent for a range's totals.
    public var month: String?
    /// Paid subscriptions with access at the end (trials excluded, grace period included).
    public var activeSubscribers: Int64
    public var activeTrials: Int64
    /// Monthly recurring revenue at the end, per currency; ARR is twelve times it.
    public var mrr: [AnalyticsMoney]
    public var arr: [AnalyticsMoney]
    /// Paid subscriptions with access at the start (of the month; for a range, summed over its
    /// months: the churn rate's denominator).
    public var startingSubscribers: Int64
    public var newSubscribers: Int64
    public var reactivations: Int64
    public var churned: Int64
    public var trialsStarted: Int64
    public var trialsConverted: Int64
    public var introsStarted: Int64
    public var introsConverted: Int64
    public var payments: Int64
    public var refunds: Int64
    /// Realised revenue net of refunds, per currency.
    public var revenue: [AnalyticsMoney]
    /// `churned / startingSubscribers`; absent when nobody was subscribed.
    public var churnRate: Double?
    /// `trialsConverted / trialsStarted`.
    public var trialConversion: Double?
    /// `introsConverted / introsStarted`.
    public var introConversion: Double?
    /// `refunds / payments`.
    public var refundRate: Double?

    public init(
        month: String?, activeSubscribers: Int64, activeTrials: Int64, mrr: [AnalyticsMoney], arr: [AnalyticsMoney],
        startingSubscribers: Int64, newSubscribers: Int64, reactivations: Int64, churned: Int64, trialsStarted: Int64,
        trialsConverted: Int64, introsStarted: Int64, introsConverted: Int64, payments: Int64, refunds: Int64,
        revenue: [AnalyticsMoney], churnRate: Double?, trialConversion: Double?, introConversion: Double?, refundRate: Double?
    ) {
        self.month = month
        self.activeSubscribers = activeSubscribers
        self.activeTrials = activeTrials
        self.mrr = mrr
        self.arr = arr
        self.startingSubscribers = startingSubscribers
        self.newSubscribers = newSubscribers
        self.reactivations = reactivations
        self.churned = churned
        self.trialsStarted = trialsStarted
        self.trialsConverted = trialsConverted
        self.introsStarted = introsStarted
        self.introsConverted = introsConverted
        self.payments = payments
        self.refunds = refunds
        self.revenue = revenue
        self.churnRate = churnRate
        self.trialConversion = trialConversion
        self.introConversion = introConversion
        self.refundRate = refundRate
    }
}
