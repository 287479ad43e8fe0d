public import Foundation

/// The one time source of the whole package: the current wall-clock instant (the calendar time
/// Apple's payloads, JWTs, `Retry-After` headers and Storekeeper's expiries are written in) and
/// suspension for waits measured on that clock.
///
/// Everything that reads time for a decision takes a `WallClock`: the App Store clients (JWT
/// `iat`/`exp`, backoff and rate-limit waits), online verification (OCSP freshness), the
/// simulator (judging bearer tokens), and every Storekeeper service and background job (business
/// time). Production passes ``SystemClock``; a server following an App Store simulator passes
/// the simulator's time; tests pass `TestClock` (`StorekeeperTesting`), whose time moves only
/// when the test or a sleeper moves it.
///
/// Durations of real work (request latencies, benchmark timings, network deadlines) are measured
/// on `ContinuousClock` instead: they bound real sockets and CPU, not calendar instants.
public protocol WallClock: Sendable {
    /// The current instant.
    var now: Date { get }
    /// The current instant in Apple's whole milliseconds; a clock that keeps milliseconds (one
    /// following a simulator) answers exactly instead of through `Date`'s floating point.
    var timestamp: Timestamp { get }
    /// Suspends the calling task for `duration` of this clock's time; throws
    /// `CancellationError` if the task is cancelled.
    func sleep(for duration: Duration) async throws
}

extension WallClock {
    /// ``now`` rounded down to whole milliseconds.
    public var timestamp: Timestamp { Timestamp(now) }

    /// ``timestamp``: a clock held as `now` is read as `now()`, the business time of the moment.
    public func callAsFunction() -> Timestamp { timestamp }
}
