import Foundation
import Synchronization

/// The request budget of one App Store Connect API key: a token bucket refilled at the key's
/// hourly limit (Apple counts a rolling hour per key), holding at most a minute's worth so a burst
/// cannot spend the hour; plus the instant until which Apple's 429 blocks every call.
final class AppStoreConnectRequestBudget: Sendable {
    private struct State {
        var bucket: TokenBucket
        var blockedUntil: Date?
    }

    private let state: Mutex<State>

    init(hourlyLimit: Int, now: Date) {
        let perSecond = Double(max(1, hourlyLimit)) / 3600
        state = Mutex(State(bucket: TokenBucket(ratePerSecond: perSecond, capacity: max(1, Double(hourlyLimit) / 60), now: now)))
    }

    /// Reserves a request at `now`, waiting at most `maximumWait`.
    func acquire(now: Date, maximumWait: Duration) -> AppStoreRateLimiter.Decision {
        state.withLock { state in
            let blocked = state.blockedUntil.flatMap { $0 > now ? $0 : nil }
            if blocked == nil { state.blockedUntil = nil }
            switch state.bucket.reserve(now: now, notBefore: blocked, maximumWait: maximumWait) {
            case .granted(let wait):
                return .proceed(after: wait)
            case .denied(let availableAt):
                return .reject(retryAfter: availableAt, byAppleRetryAfter: blocked.map { $0 >= availableAt } ?? false)
            }
        }
    }

    /// Returns an unused reservation.
    func release(now: Date) {
        state.withLock { $0.bucket.refund(now: now) }
    }

    /// Records Apple's 429: nothing is sent before `instant`.
    func block(until instant: Date) {
        state.withLock { state in
            if let existing = state.blockedUntil, existing >= instant { return }
            state.blockedUntil = instant
        }
    }
}
