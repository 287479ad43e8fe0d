public import AppStoreModels
public import Foundation
import Synchronization

/// The one clock tests give to code under test: time moves only when the test moves it (or when a
/// sleeper moves it in auto-advance mode), so nothing depends on the machine's speed.
///
/// Three ways of sleeping:
/// - auto-advance (the default): `sleep(for:)` moves `now` forward by the duration and returns at
///   once, so backoff costs no real time; every sleep is recorded in ``sleeps``.
/// - held (`autoAdvance: false`): `sleep(for:)` suspends until the test moves `now` to or past the
///   sleeper's deadline with ``advance(by:)`` or ``advance(to:)``; ``sleepers`` tells how many wait.
/// - flowing (`rate:`): `now` also moves by itself, `rate` times faster than real time, for code
///   that must see time pass without anyone advancing it (a scheduler renewing by itself).
public final class TestClock: WallClock {
    private struct Sleeper {
        var id: Int
        var deadline: Date
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var autoAdvance: Bool
        var sleeps: [Duration] = []
        var sleepers: [Sleeper] = []
        var nextId = 0
    }

    private let state: Mutex<State>
    private let flow: (realStart: Date, rate: Double)?

    /// 2026-01-01T00:00:00Z by default: a whole second, so millisecond `Retry-After` values land
    /// exactly.
    public init(now: Date = Date(timeIntervalSince1970: 1_767_225_600), autoAdvance: Bool = true, rate: Double? = nil) {
        state = Mutex(State(now: now, autoAdvance: autoAdvance))
        flow = rate.map { (Date(), $0) }
    }

    /// Starts at `timestamp` (tests that think in Apple's milliseconds).
    public convenience init(_ timestamp: Timestamp) {
        self.init(now: timestamp.date)
    }

    public var now: Date {
        let base = state.withLock { $0.now }
        guard let flow else { return base }
        return base.addingTimeInterval(Date().timeIntervalSince(flow.realStart) * flow.rate)
    }

    /// Every duration slept, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// How many tasks are suspended in `sleep(for:)` (held mode).
    public var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// Switches between auto-advancing and held sleeping.
    public func setAutoAdvance(_ on: Bool) {
        state.withLock { $0.autoAdvance = on }
    }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let held: (id: Int, deadline: Date)? = state.withLock { state in
            state.sleeps.append(duration)
            if state.autoAdvance {
                state.now = state.now.addingTimeInterval(seconds)
                return nil
            }
            state.nextId += 1
            return (state.nextId, state.now.addingTimeInterval(seconds))
        }
        guard let held else {
            await Task.yield()
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = Task.isCancelled
                let resumeNow = state.withLock { state -> Bool in
                    if cancelled || state.now >= held.deadline { return true }
                    state.sleepers.append(Sleeper(id: held.id, deadline: held.deadline, continuation: continuation))
                    return false
                }
                if resumeNow {
                    if cancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == held.id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves `now` forward by `seconds` and wakes every sleeper whose deadline has come.
    public func advance(by seconds: TimeInterval) {
        let target = state.withLock { $0.now }.addingTimeInterval(seconds)
        advance(to: target)
    }

    /// Moves `now` to `instant` (never backwards) and wakes every sleeper whose deadline has come.
    public func advance(to instant: Date) {
        let due = state.withLock { state -> [Sleeper] in
            if instant > state.now { state.now = instant }
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (real time, polling) until `count` tasks sleep on the clock.
    public func waitForSleepers(_ count: Int, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while sleepers < count {
            guard ContinuousClock.now < deadline else { throw ClockTimeout(expected: count, actual: sleepers) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// ``waitForSleepers(_:timeout:)`` gave up.
    public struct ClockTimeout: Error, CustomStringConvertible {
        public var expected: Int
        public var actual: Int
        public var description: String { "expected \(expected) sleepers on the clock, saw \(actual)" }
    }
}
