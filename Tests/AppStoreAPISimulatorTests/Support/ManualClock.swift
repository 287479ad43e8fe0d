import AppStoreAPI
import Foundation
import Synchronization

/// The wall clock shared by the client under test and the simulator (bearer tokens are judged
/// against it, `Retry-After` instants are computed from it).
///
/// Two ways of sleeping:
/// - `autoAdvance` (the default): `sleep(for:)` moves `now` forward by the duration and returns
///   at once, so backoff costs no real time; every sleep is recorded.
/// - held (`autoAdvance = false`): `sleep(for:)` suspends until the test moves `now` to or past
///   the sleeper's deadline with ``advance(by:)`` or ``advance(to:)``; ``sleepers`` tells how many
///   are waiting.
final class ManualClock: AppStoreAPIClock {
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

    /// 2026-01-01T00:00:00Z by default: a whole second, so millisecond `Retry-After` values land
    /// exactly.
    init(now: Date = Date(timeIntervalSince1970: 1_767_225_600), autoAdvance: Bool = true) {
        state = Mutex(State(now: now, autoAdvance: autoAdvance))
    }

    var now: Date { state.withLock { $0.now } }

    /// Every duration slept, in order.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// How many tasks are suspended in `sleep(for:)` (held mode).
    var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// Switches between auto-advancing and held sleeping.
    func setAutoAdvance(_ on: Bool) {
        state.withLock { $0.autoAdvance = on }
    }

    func sleep(for duration: Duration) async throws {
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

    /// Moves `now` forward and wakes every sleeper whose deadline has come.
    func advance(by seconds: TimeInterval) {
        let target = now.addingTimeInterval(seconds)
        advance(to: target)
    }

    /// Moves `now` to `instant` (never backwards) and wakes every sleeper whose deadline has come.
    func advance(to instant: Date) {
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
    func waitForSleepers(_ count: Int, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while sleepers < count {
            guard ContinuousClock.now < deadline else { throw ClockTimeout(expected: count, actual: sleepers) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    struct ClockTimeout: Error, CustomStringConvertible {
        var expected: Int
        var actual: Int
        var description: String { "expected \(expected) sleepers on the clock, saw \(actual)" }
    }
}
