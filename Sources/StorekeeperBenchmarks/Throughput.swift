/// Single-threaded throughput measurement: the median of several timed rounds, plus the latency
/// percentiles of every timed call.
struct Throughput {
    struct Result: Encodable {
        var name: String
        var opsPerSecond: Double
        /// Every round's rate, for spread.
        var rounds: [Double]
        /// Latency of one call over all rounds.
        var latency: LatencySummary
    }

    var rounds = 5
    var secondsPerRound: Double

    /// Calls `body` repeatedly for `rounds` rounds of `secondsPerRound` each, after a short warm-up.
    /// Every call is timed on its own (two clock reads, ~50 ns, negligible next to the
    /// microseconds the measured operations take).
    func measure(_ name: String, _ body: () throws -> Void) rethrows -> Result {
        let clock = ContinuousClock()
        let warmUpEnd = clock.now.advanced(by: .milliseconds(200))
        while clock.now < warmUpEnd { try body() }
        var rates: [Double] = []
        var samples = LatencySamples()
        for _ in 0..<rounds {
            let start = clock.now
            let end = start.advanced(by: .milliseconds(Int64(secondsPerRound * 1000)))
            var operations = 0
            var now = start
            while now < end {
                try body()
                let after = clock.now
                samples.record(after - now)
                now = after
                operations += 1
            }
            rates.append(Double(operations) / (now - start).seconds)
        }
        let sorted = rates.sorted()
        return Result(name: name, opsPerSecond: sorted[sorted.count / 2], rounds: rates, latency: samples.summary())
    }
}
