public import AppStoreModels
import AppStoreVerification
public import Foundation
public import Logging
import Synchronization

/// A local stand-in for the App Store: catalog, accounts, purchases and subscription
/// lifecycles on a clock you control, signed exactly like Apple's data (under the simulator's own
/// Apple-shaped chains), with notifications pushed on Apple's retry schedule and fault injection.
///
/// Use it in-process (tests) or behind ``SimulatorServer`` (the control API, the App Store
/// Server API endpoints and `verifyReceipt`). Every operation mutates the state synchronously
/// under a lock, then delivers whatever notifications became due before returning.
///
/// ```swift
/// let simulator = try AppStoreSimulator(configuration: .init(clockMode: .manual, durationMode: .accelerated))
/// try simulator.configureApp(SimulatedApp(bundleId: "com.example.app", sandboxNotificationURL: url))
/// try simulator.upsertProducts([monthly], bundleId: "com.example.app")
/// try simulator.upsertAccount(SimulatedAccount(id: "alice"))
/// let purchase = try await simulator.purchase(PurchaseRequest(accountId: "alice", bundleId: "com.example.app", productId: "monthly"))
/// try await simulator.advance(byMilliseconds: 5 * 60_000)   // one accelerated month: DID_RENEW
/// ```
public final class AppStoreSimulator: Sendable {
    public struct Configuration: Sendable {
        public var clockMode: ClockMode
        /// Where a fresh manual clock starts.
        public var start: Date
        public var durationMode: DurationMode
        /// Persist state (`state.json`) and signing chains (PEM) here; nil keeps everything in memory.
        public var stateDirectory: URL?
        /// Signing chains to use instead of loading or minting them (tests share one set).
        public var keys: SimulatorKeys?
        /// The OCSP responder URL that freshly minted JWS chains name (the simulator's own
        /// `http://host:port/ocsp`), so online verification can check them; nil names none.
        public var ocspURL: String?
        public var transport: any NotificationTransport
        /// The real time; bearer tokens are judged against it, and the system clock follows it.
        public var wallClock: any WallClock
        public var logger: Logger
        /// Where a fresh state's identifier sequences (transaction, web order line item, app
        /// transaction and download IDs) start. Apple's identifiers are unique forever; two
        /// simulators writing to one Storekeeper database need disjoint ranges. Ignored when
        /// the state is loaded from `stateDirectory`.
        public var identifierOffset: Int64 = 0
        /// The delay added before each App Store Server API answer (none by default).
        public var apiLatency: APILatency = .none
        /// The request budget enforced on the App Store Server API (nil: none, every call admitted).
        public var apiRateBudget: APIRateBudget?
        /// Carries real-time retention requests to apps' Get Retention Message endpoints.
        public var realtimeTransport: any RealtimeTransport = HTTPRealtimeTransport()

        public init(
            clockMode: ClockMode = .manual, start: Date = Date(), durationMode: DurationMode = .production,
            stateDirectory: URL? = nil, keys: SimulatorKeys? = nil, ocspURL: String? = nil,
            transport: any NotificationTransport = HTTPNotificationTransport(),
            wallClock: any WallClock = SystemClock(),
            logger: Logger = Logger(label: "storekeeper.simulator"), identifierOffset: Int64 = 0,
            apiLatency: APILatency = .none, apiRateBudget: APIRateBudget? = nil
        ) {
            self.clockMode = clockMode
            self.start = start
            self.durationMode = durationMode
            self.stateDirectory = stateDirectory
            self.keys = keys
            self.ocspURL = ocspURL
            self.transport = transport
            self.wallClock = wallClock
            self.logger = logger
            self.identifierOffset = identifierOffset
            self.apiLatency = apiLatency
            self.apiRateBudget = apiRateBudget
        }
    }

    public let keys: SimulatorKeys
    let engine: Mutex<SimulationEngine>
    let store: StateStore?
    let transport: any NotificationTransport
    let wallClock: any WallClock
    let logger: Logger
    let gate = SerialGate()
    /// Verifies receipts against the simulator's receipt root (for `verifyReceipt`).
    let receiptVerifier: AppReceiptVerifier
    /// Requests received on the Apple endpoints (in memory only).
    let requestLog = ReceivedRequestLog()
    /// Latency and request budget of the App Store Server API (runtime settings, not persisted).
    let apiConditions: APIConditions
    let realtimeTransport: any RealtimeTransport

    public init(configuration: Configuration = .init()) throws {
        let store = configuration.stateDirectory.map(StateStore.init(directory:))
        let keys =
            try configuration.keys
            ?? configuration.stateDirectory.map {
                try SimulatorKeys.loadOrGenerate(in: $0.appendingPathComponent("pki"), ocspURL: configuration.ocspURL)
            }
            ?? SimulatorKeys.generate(ocspURL: configuration.ocspURL)
        let wall = configuration.wallClock.now
        guard configuration.identifierOffset >= 0 else {
            throw SimulatorError.invalidRequest("the identifier offset must not be negative")
        }
        var state: SimulatorState
        if let loaded = try store?.load() {
            state = loaded
        } else {
            state = SimulatorState(
                clock: SimulatedClock(mode: configuration.clockMode, start: configuration.start),
                durationMode: configuration.durationMode, identifierOffset: configuration.identifierOffset)
        }
        if state.clock.mode != configuration.clockMode {
            let now = state.clock.now(wall: wall)
            state.clock.mode = configuration.clockMode
            state.clock.manualNow = now
            state.clock.offsetMilliseconds = now.millisecondsSince1970 - Timestamp(wall).millisecondsSince1970
        }
        state.durationMode = configuration.durationMode
        self.keys = keys
        self.store = store
        self.engine = Mutex(try SimulationEngine(state: state, keys: keys))
        self.transport = configuration.transport
        self.wallClock = configuration.wallClock
        self.logger = configuration.logger
        self.receiptVerifier = AppReceiptVerifier(trustedRoots: [keys.receiptChain.root])
        self.apiConditions = APIConditions(latency: configuration.apiLatency, budget: configuration.apiRateBudget)
        self.realtimeTransport = configuration.realtimeTransport
        try store?.save(state)
    }

    // MARK: Time

    /// The simulated now.
    public func now() -> Timestamp {
        engine.withLock { $0.state.clock.now(wall: wallClock.now) }
    }

    public var durationMode: DurationMode {
        engine.withLock { $0.state.durationMode }
    }

    /// The simulated now, how it moves, and the real time it was read at, taken together so a
    /// follower (`storekeeper serve` with `clock.source` `simulator`) can keep time with it.
    public func clockReading() -> (now: Timestamp, mode: ClockMode, wall: Timestamp) {
        engine.withLock { engine in
            let wall = wallClock.now
            return (engine.state.clock.now(wall: wall), engine.state.clock.mode, Timestamp(wall))
        }
    }

    /// Moves the clock forward and runs everything that became due, in order: renewals,
    /// expiries, grace period ends, billing retry ends and notification retries.
    public func advance(byMilliseconds milliseconds: Int64) async throws {
        guard milliseconds >= 0 else { throw SimulatorError.invalidRequest("the clock only moves forward") }
        mutate { engine, _ in engine.state.clock.advance(milliseconds: milliseconds) }
        await runDueWork()
    }

    /// Moves the clock forward by one `period` as this simulator's duration mode measures it
    /// (one accelerated month is 5 minutes).
    public func advance(by period: ISOPeriod) async throws {
        let now = now()
        try await advance(byMilliseconds: durationMode.end(of: period, from: now).millisecondsSince1970 - now.millisecondsSince1970)
    }

    // MARK: Mutation

    /// Runs `body` on the engine at the simulated now, after bringing the state up to date;
    /// the state is rolled back if `body` throws and persisted if it changed.
    func mutate<T: Sendable, E: Error>(
        marksDirty: Bool = true, _ body: (inout SimulationEngine, Timestamp) throws(E) -> T
    ) throws(E) -> T {
        try engine.withLock { (engine: inout SimulationEngine) throws(E) -> T in
            let now = engine.state.clock.now(wall: wallClock.now)
            bringUpToDate(&engine, now: now)
            let backup = engine.state
            let result: T
            do throws(E) {
                result = try body(&engine, now)
            } catch {
                engine.state = backup
                throw error
            }
            if marksDirty { engine.isDirty = true }
            persist(&engine)
            return result
        }
    }

    func bringUpToDate(_ engine: inout SimulationEngine, now: Timestamp) {
        do {
            try engine.processDue(upTo: now)
        } catch {
            logger.error("simulator event failed", metadata: ["storekeeper.error": "\(error)"])
        }
    }

    /// Saves the state if it changed since the last save.
    func persist(_ engine: inout SimulationEngine) {
        guard engine.isDirty else { return }
        engine.isDirty = false
        guard let store else { return }
        do {
            try store.save(engine.state)
        } catch {
            logger.error("simulator state not saved", metadata: ["storekeeper.error": "\(error)"])
        }
    }
}
