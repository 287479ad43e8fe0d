public import AppStoreModels
public import Foundation

/// The simulator's time as a `WallClock`, for a Storekeeper that runs in the same process (the
/// local stack, the demo, end-to-end tests): its expiries, renewals and background jobs then
/// happen at the simulated instants Apple's would.
///
/// ``SimulatedClock`` stays the simulator's own state (persisted with it); this is only its
/// reading, so there is one clock abstraction for whoever reads time.
public struct SimulatedTime: WallClock {
    let simulator: AppStoreSimulator

    /// Exactly the simulator's milliseconds.
    public var timestamp: Timestamp { simulator.now() }

    public var now: Date { timestamp.date }

    /// Sleeps on the simulator's wall clock (real time unless a test gave it another).
    public func sleep(for duration: Duration) async throws {
        try await simulator.wallClock.sleep(for: duration)
    }
}

extension AppStoreSimulator {
    /// The simulated now as a clock (see ``SimulatedTime``).
    public var simulatedTime: SimulatedTime { SimulatedTime(simulator: self) }
}
