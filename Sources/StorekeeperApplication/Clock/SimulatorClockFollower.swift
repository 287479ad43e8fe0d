package import AppStoreModels
package import AsyncHTTPClient
package import Foundation
package import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// Keeps time with a running App Store simulator (`storekeeper simulator`): reads its
/// `GET /control/clock` every `interval` and in between extrapolates with the local wall clock
/// while the simulator's time flows (`system` mode), or holds it while it stands still
/// (`manual`). A reading ahead of the extrapolation by more than `jumpToleranceMilliseconds` is
/// an advance: `jumps` is signalled so background jobs run at the new time at once. The time never
/// goes backwards (a reading slightly behind the extrapolation, by the request's latency, is
/// absorbed).
package final class SimulatorClockFollower: Service, WallClock {
    package struct Reading: Sendable {
        /// The simulator's now, in milliseconds since 1970.
        package var simulated: Int64
        /// The local wall clock when it was read (the middle of the request).
        package var localWall: Int64
        /// Whether the simulator's time flows with the wall clock (`system` mode).
        package var flows: Bool

        package func extrapolated(to wall: Int64) -> Int64 { flows ? simulated + max(0, wall - localWall) : simulated }
    }

    private struct Answer: Decodable {
        package var now: Int64
        package var mode: String?
    }

    package let clockURL: String
    package let interval: Duration
    package let jumpToleranceMilliseconds: Int64 = 500
    package let jumps = ClockJumps()
    private let httpClient: HTTPClient
    private let wall: any WallClock
    private let logger: Logger
    private let state: Mutex<(reading: Reading, answered: Int64)>

    private init(
        clockURL: String, first: Reading, interval: Duration, httpClient: HTTPClient, wall: any WallClock,
        logger: Logger
    ) {
        self.clockURL = clockURL
        self.interval = interval
        self.httpClient = httpClient
        self.wall = wall
        self.logger = logger
        self.state = Mutex((first, first.simulated))
    }

    /// Takes the first reading, trying for `patience` (a simulator started beside the server may
    /// not listen yet); an answer that is not a simulator's clock is refused at once.
    package static func connect(
        rootURL: String, httpClient: HTTPClient, interval: Duration = .milliseconds(200), patience: Duration = .seconds(15),
        wall: any WallClock = SystemClock(), logger: Logger
    ) async throws -> SimulatorClockFollower {
        let clockURL = rootURL + "/control/clock"
        let deadline = ContinuousClock.now + patience
        while true {
            do {
                let first = try await read(clockURL, httpClient: httpClient, wall: wall)
                return SimulatorClockFollower(
                    clockURL: clockURL, first: first, interval: interval, httpClient: httpClient, wall: wall, logger: logger)
            } catch let error as ConfigurationError {
                throw error
            } catch {
                guard ContinuousClock.now + .milliseconds(500) < deadline else {
                    throw ConfigurationError(key: "clock.simulatorURL", "cannot read the simulator's clock at \(clockURL): \(error)")
                }
                try await Task.sleep(for: .milliseconds(500))
            }
        }
    }

    /// The simulator's now as of the latest reading, moved on by the wall clock when it flows.
    package var timestamp: Timestamp {
        let local = wall.timestamp.millisecondsSince1970
        return Timestamp(
            millisecondsSince1970: state.withLock { state in
                state.answered = max(state.answered, state.reading.extrapolated(to: local))
                return state.answered
            })
    }

    /// The simulator's now as a `Date`.
    package var now: Date { timestamp.date }

    /// Sleeps `duration` of real time, or less when the simulator's clock leaps meanwhile (in
    /// `system` mode its time flows with the real clock; an advance ends the wait at once).
    package func sleep(for duration: Duration) async throws {
        try await jumps.sleep(for: duration, on: wall)
    }

    /// Reads the simulator's clock once; signals `jumps` when it leapt.
    package func refresh() async throws {
        let reading = try await Self.read(clockURL, httpClient: httpClient, wall: wall)
        let jumped = state.withLock { state -> Bool in
            let predicted = state.reading.extrapolated(to: reading.localWall)
            state.reading = reading
            return reading.simulated - predicted > jumpToleranceMilliseconds
        }
        if jumped { jumps.signal() }
    }

    package func run() async throws {
        await cancelWhenGracefulShutdown { await self.follow() }
    }

    /// Reads the clock every `interval` until cancelled; a failed reading is logged once per
    /// run of failures, and time is kept from the last good one meanwhile.
    private func follow() async {
        var failing = false
        while !Task.isCancelled {
            do {
                try await refresh()
                if failing { logger.notice("the simulator's clock is readable again") }
                failing = false
            } catch {
                if !failing {
                    logger.warning(
                        "cannot read the simulator's clock; keeping time from the last reading",
                        metadata: ["storekeeper.url": "\(clockURL)", "storekeeper.error": "\(error)"])
                }
                failing = true
            }
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
        }
    }

    private static func read(
        _ url: String, httpClient: HTTPClient, wall: any WallClock
    ) async throws -> Reading {
        let before = wall().millisecondsSince1970
        let response = try await httpClient.execute(HTTPClientRequest(url: url), timeout: .seconds(5))
        let body = try await response.body.collect(upTo: 64 * 1024)
        let after = wall().millisecondsSince1970
        guard response.status == .ok, let answer = try? JSONCoding.decode(Answer.self, from: Data(body.readableBytesView)) else {
            throw ConfigurationError(
                key: "clock.simulatorURL",
                "\(url) answered HTTP \(response.status.code) without the simulator's clock ({\"now\": …, \"mode\": …}); is it an App Store simulator's root URL?"
            )
        }
        return Reading(simulated: answer.now, localWall: before + (after - before) / 2, flows: answer.mode != "manual")
    }
}
