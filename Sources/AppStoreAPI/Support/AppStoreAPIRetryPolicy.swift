import Foundation

/// When and how long to wait before trying an idempotent call again.
///
/// Backoff is exponential with "equal jitter": before retry *n* (n = 1 for the first retry) the
/// client waits a random duration in `[b/2, b]`, where
/// `b = min(maximumBackoff, initialBackoff × multiplier^(n-1))`. Half the delay is guaranteed,
/// so retries never stampede; the random half spreads concurrent callers apart.
///
/// Only failures for which ``AppStoreAPIError/isRetryable`` is true are retried (5xx, timeouts,
/// connection failures, Apple's `…RetryableError` codes; never 429, which is reported at once with
/// its `retryAfter`), and only on endpoints that are safe to repeat
/// (``AppStoreModels/AppStoreServerEndpoint/isIdempotent``).
public struct AppStoreAPIRetryPolicy: Hashable, Sendable {
    /// Total attempts including the first (1 disables retries).
    public var maximumAttempts: Int
    /// The base delay before the first retry.
    public var initialBackoff: Duration
    /// The cap on the base delay.
    public var maximumBackoff: Duration
    /// The growth factor of the base delay per retry.
    public var multiplier: Double

    public init(
        maximumAttempts: Int = 3,
        initialBackoff: Duration = .milliseconds(250),
        maximumBackoff: Duration = .seconds(5),
        multiplier: Double = 2
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.multiplier = max(1, multiplier)
    }

    /// No retries at all.
    public static let none = AppStoreAPIRetryPolicy(maximumAttempts: 1)

    /// The base delay `b` before retry number `retry` (1-based).
    public func baseBackoff(forRetry retry: Int) -> Duration {
        let exponent = Double(max(0, retry - 1))
        let seconds = initialBackoff.seconds * pow(multiplier, min(exponent, 64))
        return .fromSeconds(min(seconds, maximumBackoff.seconds))
    }

    /// The jittered delay before retry number `retry` (1-based), with `unitRandom` in `0..<1`.
    public func backoff(forRetry retry: Int, unitRandom: Double) -> Duration {
        let base = baseBackoff(forRetry: retry).seconds
        let fraction = min(max(unitRandom, 0), 1)
        return .fromSeconds(base / 2 + base / 2 * fraction)
    }

    /// The jittered delay before retry number `retry`, using the system random generator.
    public func backoff(forRetry retry: Int) -> Duration {
        backoff(forRetry: retry, unitRandom: Double.random(in: 0..<1))
    }
}
