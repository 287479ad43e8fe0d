import AppStoreModels

/// A delay the simulator adds before answering each App Store Server API call, so recovery and
/// load can be measured against Apple-like round trips: `fixedMilliseconds` plus a uniform jitter
/// in `-jitterMilliseconds...jitterMilliseconds`, drawn from a generator seeded with `seed` (the
/// same seed gives the same sequence of delays).
public struct APILatency: Hashable, Sendable, Codable {
    public var fixedMilliseconds: Int64
    public var jitterMilliseconds: Int64
    public var seed: UInt64

    /// No added delay.
    public static let none = APILatency(uncheckedFixed: 0, jitter: 0, seed: 0)

    /// Refuses a negative delay or a jitter larger than the fixed part (a delay is never negative).
    public init(fixedMilliseconds: Int64, jitterMilliseconds: Int64 = 0, seed: UInt64 = 1) throws(SimulatorError) {
        guard fixedMilliseconds >= 0, jitterMilliseconds >= 0 else {
            throw .invalidRequest("latency milliseconds must not be negative")
        }
        guard jitterMilliseconds <= fixedMilliseconds else {
            throw .invalidRequest("the latency jitter must not exceed the fixed latency")
        }
        guard fixedMilliseconds <= 60_000 else { throw .invalidRequest("a latency over 60 s is not supported") }
        self.init(uncheckedFixed: fixedMilliseconds, jitter: jitterMilliseconds, seed: seed)
    }

    private init(uncheckedFixed: Int64, jitter: Int64, seed: UInt64) {
        self.fixedMilliseconds = uncheckedFixed
        self.jitterMilliseconds = jitter
        self.seed = seed
    }

    enum CodingKeys: String, CodingKey { case fixedMilliseconds, jitterMilliseconds, seed }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            fixedMilliseconds: try container.decodeIfPresent(Int64.self, forKey: .fixedMilliseconds) ?? 0,
            jitterMilliseconds: try container.decodeIfPresent(Int64.self, forKey: .jitterMilliseconds) ?? 0,
            seed: try container.decodeIfPresent(UInt64.self, forKey: .seed) ?? 1)
    }

    /// The first `count` delays (milliseconds) this latency draws from its seed: what the
    /// simulator waits before its next `count` answers after the latency is set.
    public func delays(_ count: Int) -> [Int64] {
        var generator = SplitMix64(seed: seed)
        return (0..<max(0, count)).map { _ in milliseconds(draw: generator.next()) }
    }

    /// The delay for a draw `random` (any 64-bit value): fixed + jitter mapped onto the range.
    func milliseconds(draw random: UInt64) -> Int64 {
        guard jitterMilliseconds > 0 else { return fixedMilliseconds }
        let span = UInt64(2 * jitterMilliseconds + 1)
        return fixedMilliseconds - jitterMilliseconds + Int64(random % span)
    }
}
