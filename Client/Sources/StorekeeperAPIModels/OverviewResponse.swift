/// `GET /v1/admin/apps/{app}/overview`: subscription figures per UTC day (`YYYY-MM-DD`). Money is
/// in milliunits of its currency (9990 = 9.99).
public struct OverviewResponse: Codable, Sendable, Hashable {
    /// One day's figures; active counts are as of the day's end.
    public struct Day: Codable, Sendable, Hashable {
        public var date: String
        public var active: Active
        public var new: Int64
        public var renewed: Int64
        public var churned: Int64
        public var refunds: Int64
        public var trialsConverted: Int64
        /// Units sold, every product: each purchase's quantity (a group purchase's seats) on its
        /// day, less the units refunds took back on theirs; Family Sharing copies and assigned
        /// seats are not sales.
        public var units: Int64
        /// Per currency, sorted by currency code.
        public var revenue: [OverviewRevenue]

        public init(
            date: String, active: Active, new: Int64, renewed: Int64, churned: Int64, refunds: Int64, trialsConverted: Int64,
            units: Int64, revenue: [OverviewRevenue]
        ) {
            self.date = date
            self.active = active
            self.new = new
            self.renewed = renewed
            self.churned = churned
            self.refunds = refunds
            self.trialsConverted = trialsConverted
            self.units = units
            self.revenue = revenue
        }
    }

    /// The active subscriptions at a day's end.
    public struct Active: Codable, Sendable, Hashable {
        public var total: Int64
        /// Per product, sorted by product ID; products with no active subscription are left out.
        public var byProduct: [ActiveProduct]

        public init(total: Int64, byProduct: [ActiveProduct]) {
            self.total = total
            self.byProduct = byProduct
        }
    }

    /// One product's active subscriptions at a day's end, by the kind of period they are in.
    public struct ActiveProduct: Codable, Sendable, Hashable {
        public var productId: String
        public var total: Int64
        public var trial: Int64
        public var intro: Int64
        public var promotional: Int64
        public var standard: Int64
        public var grace: Int64
        public var billingRetry: Int64

        public init(
            productId: String, total: Int64, trial: Int64, intro: Int64, promotional: Int64, standard: Int64, grace: Int64,
            billingRetry: Int64
        ) {
            self.productId = productId
            self.total = total
            self.trial = trial
            self.intro = intro
            self.promotional = promotional
            self.standard = standard
            self.grace = grace
            self.billingRetry = billingRetry
        }
    }

    /// The counts and money of the whole range (active counts are per day only).
    public struct Totals: Codable, Sendable, Hashable {
        public var new: Int64
        public var renewed: Int64
        public var churned: Int64
        public var refunds: Int64
        public var trialsConverted: Int64
        /// Units sold over the range, as ``Day/units``.
        public var units: Int64
        public var revenue: [OverviewRevenue]

        public init(
            new: Int64, renewed: Int64, churned: Int64, refunds: Int64, trialsConverted: Int64, units: Int64, revenue: [OverviewRevenue]
        ) {
            self.new = new
            self.renewed = renewed
            self.churned = churned
            self.refunds = refunds
            self.trialsConverted = trialsConverted
            self.units = units
            self.revenue = revenue
        }
    }

    public var appId: String
    public var environment: String
    public var from: String
    public var to: String
    /// The days are UTC days.
    public var timeZone: String
    public var days: [Day]
    public var totals: Totals

    public init(
        appId: String, environment: String, from: String, to: String, timeZone: String = "UTC", days: [Day], totals: Totals
    ) {
        self.appId = appId
        self.environment = environment
        self.from = from
        self.to = to
        self.timeZone = timeZone
        self.days = days
        self.totals = totals
    }
}
