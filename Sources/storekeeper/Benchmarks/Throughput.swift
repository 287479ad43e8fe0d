/// Single-threaded throughput measurement: the median of several timed rounds.
struct Throughput {
    struct Result: Encodable {
        var name: String
        var opsPerSecond: Double
        /// Every round's rate, for spread.
        var rounds: [Double]
    }

    var rounds = 5
    var secondsPerRound: Double

    /// Calls `body` repeatedly for `rounds` rounds of `secondsPerRound` each, after a short warm-up.
    func measure(_ name: String, _ body: () throws -> Void) rethrows -> Result {
        let clock = ContinuousClock()
        let warmUpEnd = clock.now.advanced(by: .milliseconds(200))
        while clock.now < warmUpEnd { try body() }
        var rates: [Double] = []
        for _ in 0..<rounds {
            let start = clock.now
            let end = start.advanced(by: .milliseconds(Int64(secondsPerRound * 1000)))
            var operations = 0
            var now = start
            while now < end {
                // Batches keep clock reads out of the measured cost.
                for _ in 0..<16 { try body() }
                operations += 16
                now = clock.now
            }
            let elapsed = now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            rates.append(Double(operations) / seconds)
        }
        let sorted = rates.sorted()
        return Result(name: name, opsPerSecond: sorted[sorted.count / 2], rounds: rates)
    }
}
