public import AppStoreModels

/// How much a subscription's facts move each analytics bucket.
public typealias AnalyticsMoves = RollupMoves<AnalyticsKey>

/// One bucket of the analytics rollups.
///
/// `day` is the day of a ``AnalyticsMetric/Grain/level`` change, the first day of the month of a
/// ``AnalyticsMetric/Grain/flow``, or the first day of the cohort's month for a
/// ``AnalyticsMetric/Grain/cohort`` cell (whose `age` counts months since each subscriber's
/// start; 0 otherwise).
public struct AnalyticsKey: Hashable, Comparable, Sendable {
    public var environment: AppStoreEnvironment
    public var metric: AnalyticsMetric
    public var day: FigureDay
    public var age: Int
    public var segment: AnalyticsSegment
    /// The currency of money metrics; empty otherwise.
    public var dimension: String

    public init(
        environment: AppStoreEnvironment, metric: AnalyticsMetric, day: FigureDay, age: Int = 0, segment: AnalyticsSegment,
        dimension: String = ""
    ) {
        self.environment = environment
        self.metric = metric
        self.day = day
        self.age = age
        self.segment = segment
        self.dimension = dimension
    }

    /// The order rows are written in (a consistent lock order on PostgreSQL). Field by field
    /// with early exits: every subscription notification sorts its moves, and comparing whole
    /// tuples of strings twice per comparison was most of that sort.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.environment != rhs.environment { return lhs.environment.rawValue < rhs.environment.rawValue }
        if lhs.metric != rhs.metric { return lhs.metric.rawValue < rhs.metric.rawValue }
        if lhs.day != rhs.day { return lhs.day < rhs.day }
        if lhs.age != rhs.age { return lhs.age < rhs.age }
        if lhs.segment != rhs.segment { return lhs.segment < rhs.segment }
        return lhs.dimension < rhs.dimension
    }
}

/// One analytics bucket as read back: its key's fields (without the environment asked for) and
/// the sum of every move added to it.
public struct AnalyticsTotal: Hashable, Sendable {
    public var metric: AnalyticsMetric
    public var day: FigureDay
    public var age: Int
    public var segment: AnalyticsSegment
    public var dimension: String
    public var value: Int64

    public init(metric: AnalyticsMetric, day: FigureDay, age: Int = 0, segment: AnalyticsSegment, dimension: String = "", value: Int64) {
        self.metric = metric
        self.day = day
        self.age = age
        self.segment = segment
        self.dimension = dimension
        self.value = value
    }
}
