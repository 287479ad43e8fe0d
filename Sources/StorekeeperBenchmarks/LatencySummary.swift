import Foundation

/// Latency percentiles in microseconds.
struct LatencySummary: Encodable, Sendable {
    var count: Int
    var p50: Double
    var p90: Double
    var p99: Double
    var max: Double

    /// `p50 12.3 µs  p99 45.6 µs` (milliseconds above 10,000 µs).
    var formatted: String {
        "p50 \(Self.format(p50))  p99 \(Self.format(p99))"
    }

    static func format(_ microseconds: Double) -> String {
        if microseconds >= 10_000 { return String(format: "%.1f ms", microseconds / 1000) }
        if microseconds >= 100 { return String(format: "%.0f µs", microseconds) }
        return String(format: "%.1f µs", microseconds)
    }
}

/// Collected call durations (nanoseconds).
struct LatencySamples {
    private var nanoseconds: [Int64] = []

    init() { nanoseconds.reserveCapacity(1 << 16) }

    mutating func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        nanoseconds.append(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    func summary() -> LatencySummary {
        let sorted = nanoseconds.sorted()
        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Swift.min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1)
            return Double(sorted[Swift.max(0, index)]) / 1000
        }
        return LatencySummary(
            count: sorted.count, p50: percentile(50), p90: percentile(90), p99: percentile(99),
            max: Double(sorted.last ?? 0) / 1000)
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
