import AppStoreAPI
import Foundation
import Synchronization

/// A clock whose time only moves when the code under test sleeps (or the test advances it):
/// every `sleep(for:)` returns at once after moving `now` forward, and is recorded.
final class FakeClock: AppStoreAPIClock {
    private struct State {
        var now: Date
        var sleeps: [Duration] = []
    }

    private let state: Mutex<State>

    init(now: Date = Date(timeIntervalSince1970: 1_750_000_000)) {
        state = Mutex(State(now: now))
    }

    var now: Date { state.withLock { $0.now } }

    /// Every duration slept, in order.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.now = $0.now.addingTimeInterval(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
            $0.sleeps.append(duration)
        }
        await Task.yield()
    }

    func advance(by seconds: TimeInterval) {
        state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
    }
}

extension Duration {
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
