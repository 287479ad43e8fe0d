public import Foundation

/// The machine's clock: `Date()` for the instant and `Task.sleep` (the continuous clock) for waits.
public struct SystemClock: WallClock {
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
