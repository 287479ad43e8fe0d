public import AppStoreModels

/// One bucket of the daily rollup.
public struct FigureKey: Hashable, Comparable, Sendable, Codable {
    public var environment: AppStoreEnvironment
    public var day: FigureDay
    public var metric: FigureMetric
    /// The product counted; empty for money (counted per currency).
    public var productId: String
    /// The phase (``FigureMetric/active``), the currency (money), or empty.
    public var dimension: String

    public init(environment: AppStoreEnvironment, day: FigureDay, metric: FigureMetric, productId: String, dimension: String = "") {
        self.environment = environment
        self.day = day
        self.metric = metric
        self.productId = productId
        self.dimension = dimension
    }

    /// The order rows are written in (a consistent lock order on PostgreSQL), field by field
    /// with early exits (as ``AnalyticsKey``'s).
    public static func < (lhs: FigureKey, rhs: FigureKey) -> Bool {
        if lhs.environment != rhs.environment { return lhs.environment.rawValue < rhs.environment.rawValue }
        if lhs.metric != rhs.metric { return lhs.metric.rawValue < rhs.metric.rawValue }
        if lhs.day != rhs.day { return lhs.day < rhs.day }
        if lhs.productId != rhs.productId { return lhs.productId < rhs.productId }
        return lhs.dimension < rhs.dimension
    }
}

/// How much a fact moves each bucket of the overview's rollup.
public typealias FigureMoves = RollupMoves<FigureKey>

/// How much a fact moves each bucket: what a rollup adds. Buckets that net to zero are dropped,
/// so "nothing moved" is ``isEmpty``. Keyed by the rollup's bucket (the overview's
/// ``FigureKey``, the analytics' ``AnalyticsKey``).
public struct RollupMoves<Key: Hashable & Comparable & Sendable>: Hashable, Sendable {
    public private(set) var amounts: [Key: Int64] = [:]

    public init() {}

    public init(_ amounts: [Key: Int64]) {
        for (key, amount) in amounts { add(amount, to: key) }
    }

    public var isEmpty: Bool { amounts.isEmpty }

    /// The non-zero moves in key order. Inlinable so that a caller in another module sorts with
    /// its concrete key: unspecialized, every comparison and tuple copy went through the
    /// runtime's generic metadata, and each subscription notification sorts two of these.
    @inlinable
    public var sorted: [(key: Key, amount: Int64)] { amounts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }

    public subscript(key: Key) -> Int64 { amounts[key] ?? 0 }

    public mutating func add(_ amount: Int64, to key: Key) {
        let total = (amounts[key] ?? 0) &+ amount
        amounts[key] = total == 0 ? nil : total
    }

    public static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        for (key, amount) in rhs.amounts { sum.add(amount, to: key) }
        return sum
    }

    public static func - (lhs: Self, rhs: Self) -> Self {
        var difference = lhs
        for (key, amount) in rhs.amounts { difference.add(-amount, to: key) }
        return difference
    }
}

extension RollupMoves where Key == FigureKey {
    /// A span of a phase: +1 on the day it starts, −1 on the day it ends (nothing for an empty span).
    mutating func span(
        _ environment: AppStoreEnvironment, productId: String, phase: FigurePhase, from start: Timestamp, to end: Timestamp
    ) {
        guard end > start else { return }
        add(
            1,
            to: FigureKey(
                environment: environment, day: FigureDay(containing: start), metric: .active, productId: productId,
                dimension: phase.rawValue))
        add(
            -1,
            to: FigureKey(
                environment: environment, day: FigureDay(containing: end), metric: .active, productId: productId, dimension: phase.rawValue)
        )
    }

    mutating func count(
        _ metric: FigureMetric, _ environment: AppStoreEnvironment, productId: String, by amount: Int64 = 1, at instant: Timestamp
    ) {
        add(amount, to: FigureKey(environment: environment, day: FigureDay(containing: instant), metric: metric, productId: productId))
    }

    mutating func money(_ metric: FigureMetric, _ environment: AppStoreEnvironment, currency: String, amount: Int64, at instant: Timestamp)
    {
        guard amount != 0 else { return }
        add(
            amount,
            to: FigureKey(environment: environment, day: FigureDay(containing: instant), metric: metric, productId: "", dimension: currency)
        )
    }
}
