public import AppStoreModels
public import Foundation
import Synchronization

/// The shared request budgets for the App Store Server API: one token bucket per app, environment
/// and endpoint, plus Apple's `Retry-After` blocks.
///
/// Every client of the same app must use the same instance — by default they all use
/// ``shared`` (keys include the app and environment, so several apps can share it): concurrent
/// callers draw from the same buckets, and a 429 seen by one caller stops all of them until
/// Apple's `Retry-After` instant. Inject a separate instance only to isolate tests or to size
/// budgets differently (``AppStoreServerRateLimits/unlimited`` for the simulator).
///
/// Policy: a caller **waits** when its request can be sent within `maximumWait` (the bucket
/// refills, or the `Retry-After` instant is that close), and **fails fast** with
/// ``AppStoreAPIError/Code/rateLimited`` carrying `retryAfter` when it would have to wait longer.
/// A `maximumWait` of zero makes every exhausted budget fail fast.
public final class AppStoreRateLimiter: Sendable {
    /// Identifies one budget.
    public struct Key: Hashable, Sendable {
        /// The app (bundle ID); Apple's limits apply per app.
        public var app: String
        public var environment: AppStoreEnvironment
        public var endpoint: AppStoreServerEndpoint

        public init(app: String, environment: AppStoreEnvironment, endpoint: AppStoreServerEndpoint) {
            self.app = app
            self.environment = environment
            self.endpoint = endpoint
        }
    }

    /// What a caller must do before sending its request.
    public enum Decision: Hashable, Sendable {
        /// Send after this wait (zero: at once); a token has been reserved.
        case proceed(after: Duration)
        /// Don't send: the budget allows the next request at `retryAfter`. `byAppleRetryAfter`
        /// tells whether the block comes from a 429 `Retry-After` rather than the local bucket.
        case reject(retryAfter: Date, byAppleRetryAfter: Bool)
    }

    private struct State {
        var buckets: [Key: TokenBucket] = [:]
        var blockedUntil: [Key: Date] = [:]
    }

    /// The published limits the buckets are sized from.
    public let limits: AppStoreServerRateLimits
    private let state = Mutex(State())

    /// The process-wide limiter with Apple's published limits: the clients' default.
    public static let shared = AppStoreRateLimiter()

    public init(limits: AppStoreServerRateLimits = .apple) {
        self.limits = limits
    }

    /// Reserves a request for `key` at `now`, waiting at most `maximumWait`.
    public func acquire(_ key: Key, now: Date, maximumWait: Duration) -> Decision {
        state.withLock { state in
            let blocked = state.blockedUntil[key].flatMap { $0 > now ? $0 : nil }
            if blocked == nil { state.blockedUntil[key] = nil }
            var bucket = state.buckets[key] ?? makeBucket(for: key, now: now)
            let reservation = bucket.reserve(now: now, notBefore: blocked, maximumWait: maximumWait)
            state.buckets[key] = bucket
            switch reservation {
            case .granted(let wait):
                return .proceed(after: wait)
            case .denied(let availableAt):
                let byApple = blocked.map { $0 >= availableAt } ?? false
                return .reject(retryAfter: availableAt, byAppleRetryAfter: byApple)
            }
        }
    }

    /// Returns a token reserved by ``acquire(_:now:maximumWait:)`` that was not used.
    public func release(_ key: Key, now: Date) {
        state.withLock { state in
            state.buckets[key]?.refund(now: now)
        }
    }

    /// Records Apple's `Retry-After`: no request for `key` is allowed before `instant`.
    public func block(_ key: Key, until instant: Date) {
        state.withLock { state in
            if let existing = state.blockedUntil[key], existing >= instant { return }
            state.blockedUntil[key] = instant
        }
    }

    /// The instant before which `key` is blocked by a 429, if any (as of `now`).
    public func blockedUntil(_ key: Key, now: Date) -> Date? {
        state.withLock { state in
            state.blockedUntil[key].flatMap { $0 > now ? $0 : nil }
        }
    }

    /// The tokens currently available for `key` (full capacity if it was never used).
    public func availableTokens(_ key: Key, now: Date) -> Double {
        state.withLock { state in
            (state.buckets[key] ?? makeBucket(for: key, now: now)).available(now: now)
        }
    }

    private func makeBucket(for key: Key, now: Date) -> TokenBucket {
        let size = limits.bucket(for: key.endpoint, environment: key.environment)
        return TokenBucket(ratePerSecond: size.ratePerSecond, capacity: size.capacity, now: now)
    }
}
