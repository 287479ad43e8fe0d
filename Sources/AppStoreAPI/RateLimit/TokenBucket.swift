public import Foundation

/// A token bucket as a plain value: no clock, no locks; every operation takes `now`.
///
/// A reservation always takes a token, even one that will only exist in the future (the balance
/// goes negative); the caller then waits until its token exists. Concurrent callers therefore
/// queue in order, each waiting one refill interval longer than the previous one, and never
/// stampede when the bucket refills.
public struct TokenBucket: Hashable, Sendable {
    /// Tokens added per second.
    public let ratePerSecond: Double
    /// The most tokens the bucket holds.
    public let capacity: Double
    /// The balance at `updatedAt` (negative while callers wait for future tokens).
    public private(set) var tokens: Double
    /// When `tokens` was last brought up to date.
    public private(set) var updatedAt: Date

    /// A full bucket at `now`.
    public init(ratePerSecond: Double, capacity: Double, now: Date) {
        self.ratePerSecond = ratePerSecond
        self.capacity = max(1, capacity)
        self.tokens = self.capacity
        self.updatedAt = now
    }

    /// The outcome of a reservation.
    public enum Reservation: Hashable, Sendable {
        /// A token is reserved; send the request after waiting this long.
        case granted(wait: Duration)
        /// Not reserved: the wait would exceed the allowed maximum. The next token is available at
        /// this instant (earlier callers may take it first).
        case denied(availableAt: Date)
    }

    /// Reserves one token for a request that may not be sent before `notBefore` (for example an
    /// Apple `Retry-After`), provided the caller has to wait at most `maximumWait`.
    public mutating func reserve(now: Date, notBefore: Date? = nil, maximumWait: Duration) -> Reservation {
        refill(now: now)
        let tokenWait = tokens >= 1 ? 0 : (1 - tokens) / ratePerSecond
        let blockedWait = max(0, notBefore.map { $0.timeIntervalSince(now) } ?? 0)
        let wait = max(tokenWait, blockedWait)
        guard wait <= maximumWait.seconds else {
            return .denied(availableAt: now.addingTimeInterval(wait))
        }
        tokens -= 1
        return .granted(wait: .fromSeconds(wait))
    }

    /// Gives back a token reserved by a caller that did not send its request (cancelled while
    /// waiting).
    public mutating func refund(now: Date) {
        refill(now: now)
        tokens = min(capacity, tokens + 1)
    }

    /// The balance at `now` without changing the bucket.
    public func available(now: Date) -> Double {
        var copy = self
        copy.refill(now: now)
        return copy.tokens
    }

    private mutating func refill(now: Date) {
        let elapsed = now.timeIntervalSince(updatedAt)
        guard elapsed > 0 else { return }
        tokens = min(capacity, tokens + elapsed * ratePerSecond)
        updatedAt = now
    }
}
