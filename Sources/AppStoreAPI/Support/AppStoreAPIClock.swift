public import Foundation

/// The time source of the App Store clients: wall-clock `now` (JWT `iat`/`exp` and Apple's
/// `Retry-After`, which are wall-clock instants) and suspension for backoff and rate-limit waits.
///
/// Inject a fake in tests so that waits take no real time and can be asserted on.
/// Per-request network timeouts are the one exception: they are measured by AsyncHTTPClient on
/// the real clock, because they bound real sockets.
public protocol AppStoreAPIClock: Sendable {
    /// The current wall-clock instant.
    var now: Date { get }
    /// Suspends the calling task for `duration`; throws `CancellationError` if it is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `Date()` and `Task.sleep`.
public struct SystemAppStoreAPIClock: AppStoreAPIClock {
    public init() {}
    public var now: Date { Date() }
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

extension Duration {
    /// The duration in (fractional) seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// A duration from fractional seconds (negative values become zero).
    static func fromSeconds(_ seconds: Double) -> Duration {
        guard seconds > 0, seconds.isFinite else { return .zero }
        return .nanoseconds(Int64((seconds * 1e9).rounded(.up)))
    }
}

extension Date {
    /// The interval from `self` to `later` as a `Duration` (zero if `later` is not after `self`).
    func duration(until later: Date) -> Duration {
        .fromSeconds(later.timeIntervalSince(self))
    }
}
