import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import MetricsTestKit
import NIOCore
import NIOPosix
import StorekeeperTesting

/// The App Store simulator served over real HTTP on 127.0.0.1 (port chosen by the OS), with the
/// demo catalog, a customer and a family member in each environment, a wall clock shared with the
/// clients under test, a log of every request that reached the server, and the clients
/// (`AppStoreServerAPIClient`, `ReceiptVerificationClient`) pointed at it.
final class SimulatorHarness: Sendable {
    /// Signing chains minted once for the whole suite (RSA key generation is slow).
    static let keys: SimulatorKeys = {
        do {
            return try SimulatorKeys.generate()
        } catch {
            fatalError("cannot mint the simulator's chains: \(error)")
        }
    }()

    /// Where the simulated clock starts: 2026-01-01T00:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let bundleId = DemoCatalog.bundleId

    let simulator: AppStoreSimulator
    /// The wall clock of the simulator (token checks, `Retry-After`) and of the clients.
    let clock: TestClock
    let requests: RequestLog
    let notificationsSent: AcceptingTransport
    let metrics = TestMetrics()
    let port: Int

    private init(simulator: AppStoreSimulator, clock: TestClock, requests: RequestLog, transport: AcceptingTransport, port: Int) {
        self.simulator = simulator
        self.clock = clock
        self.requests = requests
        self.notificationsSent = transport
        self.port = port
    }

    // MARK: Accounts

    /// The customer who buys in `environment` (`alice` sandbox, `bob` production).
    static func customer(_ environment: AppStoreEnvironment) -> String {
        environment == .production ? "bob" : "alice"
    }

    /// The customer's Family Sharing member in `environment` (`carol` sandbox, `dan` production).
    static func familyMember(_ environment: AppStoreEnvironment) -> String {
        environment == .production ? "dan" : "carol"
    }

    /// A second, unrelated customer in `environment` (`erin` sandbox, `frank` production).
    static func otherCustomer(_ environment: AppStoreEnvironment) -> String {
        environment == .production ? "frank" : "erin"
    }

    // MARK: Lifetime

    /// Runs `body` with a simulator served for it; the server stops when `body` returns.
    static func with<T: Sendable>(
        notificationURL: String? = "http://127.0.0.1:9/notifications",
        realtimeTransport: any RealtimeTransport = UnreachableRealtimeTransport(),
        _ body: (SimulatorHarness) async throws -> T
    ) async throws -> T {
        let clock = TestClock()
        let transport = AcceptingTransport()
        var configuration = AppStoreSimulator.Configuration(
            clockMode: .manual, start: start, durationMode: .production, keys: keys, transport: transport,
            wallClock: clock, logger: Logger(label: "simulator", factory: { _ in SwiftLogNoOpLogHandler() }))
        configuration.realtimeTransport = realtimeTransport
        let simulator = try AppStoreSimulator(configuration: configuration)
        try simulator.configureApp(DemoCatalog.app(notificationURL: notificationURL))
        for environment in [AppStoreEnvironment.sandbox, .production] {
            let family = "family-\(environment.rawValue)"
            try simulator.upsertAccount(SimulatedAccount(id: customer(environment), environment: environment, familyGroupId: family))
            try simulator.upsertAccount(
                SimulatedAccount(id: familyMember(environment), environment: environment, familyGroupId: family))
            try simulator.upsertAccount(SimulatedAccount(id: otherCustomer(environment), environment: environment))
        }

        let requests = RequestLog()
        let responder = LoggingResponder(
            inner: SimulatorServer.router(simulator: simulator).buildResponder(), log: requests, clock: clock)
        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "AppStoreSimulator"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: Logger(label: "simulator-http", factory: { _ in SwiftLogNoOpLogHandler() }))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var ports = portStream.makeAsyncIterator()
            guard let port = await ports.next(), port > 0 else {
                group.cancelAll()
                throw HarnessError.noPort
            }
            let harness = SimulatorHarness(
                simulator: simulator, clock: clock, requests: requests, transport: transport, port: port)
            do {
                let result = try await body(harness)
                group.cancelAll()
                return result
            } catch {
                group.cancelAll()
                throw error
            }
        }
    }

    enum HarnessError: Error { case noPort, noGeneratedKey, noTransactionId }

    // MARK: Endpoints

    var origin: String { "http://127.0.0.1:\(port)" }

    /// The App Store Server API base URL of `environment` (`/production` or `/sandbox`).
    func baseURL(_ environment: AppStoreEnvironment) -> String {
        origin + (environment == .production ? "/production" : "/sandbox")
    }

    var verifyReceiptProductionURL: String { origin + "/verifyReceipt/production" }
    var verifyReceiptSandboxURL: String { origin + "/verifyReceipt/sandbox" }

    // MARK: Clients

    /// Signs bearer tokens with the API key the simulator generated for the demo app.
    func token() throws -> AppStoreServerAPIToken {
        let app = try simulator.credentials(bundleId: Self.bundleId)
        guard let key = app.apiKey, let pem = key.privateKeyPEM else { throw HarnessError.noGeneratedKey }
        return try AppStoreServerAPIToken(
            privateKey: try ES256Signer.privateKey(p8: pem), keyId: key.keyId, issuerId: key.issuerId, bundleId: app.bundleId)
    }

    /// A client of `environment`'s App Store Server API on the simulator, with an isolated,
    /// unlimited rate limiter unless one is given, the harness clock and metrics.
    func apiClient(
        _ environment: AppStoreEnvironment,
        baseURL: String? = nil,
        retry: AppStoreAPIRetryPolicy = AppStoreAPIRetryPolicy(maximumAttempts: 3),
        maximumRateLimitWait: Duration = .zero,
        requestTimeout: Duration = .seconds(10),
        rateLimiter: AppStoreRateLimiter = AppStoreRateLimiter(limits: .unlimited),
        token: AppStoreServerAPIToken? = nil,
        metrics: TestMetrics? = nil
    ) throws -> AppStoreServerAPIClient {
        try AppStoreServerAPIClient(
            configuration: AppStoreServerAPIConfiguration(
                environment: environment, baseURL: baseURL ?? self.baseURL(environment), requestTimeout: requestTimeout,
                retry: retry, maximumRateLimitWait: maximumRateLimitWait),
            token: try token ?? self.token(),
            httpClient: .shared,
            rateLimiter: rateLimiter,
            clock: clock,
            metricsFactory: metrics ?? self.metrics,
            logger: Logger(label: "client", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// A `verifyReceipt` client on the simulator's two endpoints, with the app's shared secret.
    func receiptClient(
        allowSandbox: Bool = true,
        startingEnvironment: AppStoreEnvironment = .production,
        sharedSecret: String? = nil,
        retry: AppStoreAPIRetryPolicy = AppStoreAPIRetryPolicy(maximumAttempts: 3),
        metrics: TestMetrics? = nil
    ) throws -> ReceiptVerificationClient {
        let secret = try sharedSecret ?? simulator.credentials(bundleId: Self.bundleId).sharedSecret
        return ReceiptVerificationClient(
            configuration: ReceiptVerificationConfiguration(
                allowSandbox: allowSandbox, productionURL: verifyReceiptProductionURL, sandboxURL: verifyReceiptSandboxURL,
                startingEnvironment: startingEnvironment, sharedSecret: secret, requestTimeout: .seconds(10), retry: retry),
            httpClient: .shared, clock: clock, metricsFactory: metrics ?? self.metrics,
            logger: Logger(label: "receipts", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// A verifier trusting the simulator's root, bound to the demo app and `environment`.
    func verifier(_ environment: AppStoreEnvironment) throws -> SignedDataVerifier {
        SignedDataVerifier(
            trustedRoots: try Self.keys.trustedRoots,
            expectations: VerificationExpectations(bundleId: Self.bundleId, environments: [environment]))
    }

    /// Runs `body` with a loopback port whose connections are refused: a socket is bound to it
    /// and never listens, and stays bound while `body` runs, so no server of a test running in
    /// parallel can be given the port meanwhile (a port freed and reused answered 401 once).
    func withRefusingPort<T>(_ body: (Int) async throws -> T) async throws -> T {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError.noPort }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        guard bound, port > 0 else { throw HarnessError.noPort }
        return try await body(port)
    }

    // MARK: State helpers

    /// Buys `productId` for `account`; returns the new transaction ID.
    @discardableResult
    func buy(_ productId: String, account: String, token: UUID? = nil) async throws -> String {
        let result = try await simulator.purchase(
            PurchaseRequest(accountId: account, bundleId: Self.bundleId, productId: productId, appAccountToken: token))
        guard let id = result.transaction.transactionId else { throw HarnessError.noTransactionId }
        return id
    }

    /// Moves the simulated clock (not the wall clock) forward.
    func advanceSimulated(seconds: Int64) async throws {
        try await simulator.advance(byMilliseconds: seconds * 1000)
    }
}
