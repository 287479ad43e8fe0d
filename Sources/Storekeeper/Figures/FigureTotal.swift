/// One bucket of an app's rollup as read back: a day, a metric, a product and a dimension, with
/// the sum of every move the writes added to it.
public struct FigureTotal: Hashable, Sendable {
    public var day: FigureDay
    public var metric: FigureMetric
    public var productId: String
    public var dimension: String
    public var value: Int64

    public init(day: FigureDay, metric: FigureMetric, productId: String, dimension: String, value: Int64) {
        self.day = day
        self.metric = metric
        self.productId = productId
        self.dimension = dimension
        self.value = value
    }
}
