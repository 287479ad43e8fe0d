/// SplitMix64 (Steele, Lea and Flood): a small, fast, seeded generator. Every run from one seed
/// draws the same numbers, so the simulator's jitter, the benchmarks' data and the property and
/// fuzz tests' inputs reproduce from their seed. Not for anything secret.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
