import Foundation

extension Duration {
    /// The duration in (fractional) seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// A duration from fractional seconds (negative values become zero).
    static func fromSeconds(_ seconds: Double) -> Duration {
        guard seconds > 0, seconds.isFinite else { return .zero }
        return .nanoseconds(Int64((seconds * 1e9).rounded(.up)))
    }
}

extension Date {
    /// The interval from `self` to `later` as a `Duration` (zero if `later` is not after `self`).
    func duration(until later: Date) -> Duration {
        .fromSeconds(later.timeIntervalSince(self))
    }
}
