import AppStoreModels
import Foundation
import Synchronization

/// The conditions the simulated App Store Server API answers under: the added latency (with its
/// seeded generator) and the enforced request budget with its buckets. Runtime settings, not
/// part of the persisted state.
final class APIConditions: Sendable {
    private struct Bucket {
        var tokens: Double
        var updatedAt: Date
    }

    private struct State {
        var latency: APILatency = .none
        var generator = SplitMix64(seed: 0)
        var budget: APIRateBudget?
        var buckets: [String: Bucket] = [:]
    }

    private let state = Mutex(State())

    init(latency: APILatency, budget: APIRateBudget?) {
        state.withLock { state in
            state.latency = latency
            state.generator = SplitMix64(seed: latency.seed)
            state.budget = budget
        }
    }

    var latency: APILatency { state.withLock { $0.latency } }
    var budget: APIRateBudget? { state.withLock { $0.budget } }

    /// Sets the latency and restarts its generator from the seed.
    func setLatency(_ latency: APILatency) {
        state.withLock { state in
            state.latency = latency
            state.generator = SplitMix64(seed: latency.seed)
        }
    }

    /// Sets (or, with nil, lifts) the enforced budget; buckets start full.
    func setBudget(_ budget: APIRateBudget?) {
        state.withLock { state in
            state.budget = budget
            state.buckets = [:]
        }
    }

    /// The delay for the next call (zero without a latency).
    func nextDelay() -> Duration {
        state.withLock { state in
            let milliseconds = state.latency.milliseconds(draw: state.generator.next())
            return .milliseconds(milliseconds)
        }
    }

    /// Spends one request of the budget at `now`; nil when admitted, else the instant the next
    /// request will be (Apple's `Retry-After`).
    func admit(_ endpoint: AppStoreServerEndpoint, bundleId: String, environment: AppStoreEnvironment, at now: Date) -> Date? {
        state.withLock { state in
            guard let budget = state.budget else { return nil }
            let rate = budget.rate(endpoint, environment: environment)
            let capacity = budget.capacity(endpoint, environment: environment)
            let key = bundleId + "\n" + environment.rawValue + "\n" + endpoint.rawValue
            var bucket = state.buckets[key] ?? Bucket(tokens: capacity, updatedAt: now)
            let elapsed = now.timeIntervalSince(bucket.updatedAt)
            if elapsed > 0 {
                bucket.tokens = min(capacity, bucket.tokens + elapsed * rate)
                bucket.updatedAt = now
            }
            defer { state.buckets[key] = bucket }
            guard bucket.tokens >= 1 else { return now.addingTimeInterval((1 - bucket.tokens) / rate) }
            bucket.tokens -= 1
            return nil
        }
    }
}
