public import AppStoreModels
public import AsyncHTTPClient
import Foundation
public import Logging
public import ServiceLifecycle

/// The server's time, injected into everything that reads it (built once, from
/// `StorekeeperConfiguration.clock`).
///
/// - `now` is business time: entitlement expiries and grace ends, renewals, order lifetimes,
///   offers' signatures, inbox and outbox scheduling and leases, audit times, and every
///   background job (expiry refresher, order expirer, lost-order resolver, notification-history
///   sweeper). Following a simulator, it is the simulator's time, so these happen at the
///   simulated instants Apple's would.
/// - `wall` is real time, for what another party judges by its own real clock: customer tokens'
///   `iat`/`exp` (the app's backend signs them with its wall clock; judged by simulated time,
///   every token would be expired after an advance of an hour) and the API-key cache, and the
///   `t=` of webhook signatures (receivers reject timestamps far from their clock). Bearer
///   tokens for the App Store Server API are signed on the wall clock inside `AppStoreAPI`,
///   which is what the App Store (and the simulator) judges them by.
/// - `jumps`, when `now` can leap, wakes background jobs pausing between passes.
public struct ServerClock: Sendable {
    public var now: any WallClock
    public var wall: any WallClock
    public var jumps: ClockJumps?
    /// Keeps `now` current while the server runs (a simulator follower), run as a service.
    public var service: (any Service)?

    public init(
        now: any WallClock, wall: any WallClock = SystemClock(),
        jumps: ClockJumps? = nil, service: (any Service)? = nil
    ) {
        self.now = now
        self.wall = wall
        self.jumps = jumps
        self.service = service
    }

    /// The machine's clock for everything.
    public static var system: ServerClock { ServerClock(now: SystemClock()) }

    /// The clock `source` names. Following a simulator, its clock is read here first, so a
    /// wrong or unreachable URL stops the server at start (`ConfigurationError` on
    /// `clock.simulatorURL`) instead of serving on a guessed time.
    public static func make(
        _ source: StorekeeperConfiguration.ClockSource, httpClient: HTTPClient = .shared, logger: Logger
    ) async throws -> ServerClock {
        switch source {
        case .system:
            return .system
        case .simulator(let url):
            let follower = try await SimulatorClockFollower.connect(rootURL: url, httpClient: httpClient, logger: logger)
            logger.notice(
                "taking the time from the App Store simulator (development only)",
                metadata: ["storekeeper.simulator": "\(url)", "storekeeper.now": "\(follower.now)"])
            return ServerClock(now: follower, jumps: follower.jumps, service: follower)
        }
    }
}
