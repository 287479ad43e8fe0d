import AppStoreModels
import AppStoreSimulator
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Testing

/// Time travel against a separately running simulator: `storekeeper simulator` and
/// `storekeeper serve --clock-from <simulator>` as two HTTP servers on loopback, the way a team
/// tests its backend. Storekeeper is configured from a JSON file and builds its clock from it
/// with `ServerClock.make` (what `serve` does); it knows the simulator only by its URL.
@Suite struct SimulatorClockTests {
    static let logger = Logger(label: "storekeeper.simclock", factory: { _ in SwiftLogNoOpLogHandler() })
    static let tokenSecret = "simulator-clock-test-hs256-secret-0123456789"
    static let webhookSecret = "simulator-clock-test-webhook-secret"

    @Test(
        "advancing the simulator renews, then expires, on Storekeeper at simulated time; the expiry refresher wakes on the jump",
        arguments: E2EBackend.all)
    func serveKeepsTimeWithTheSimulator(_ backend: E2EBackend) async throws {
        var simulatorConfiguration = AppStoreSimulator.Configuration(
            clockMode: .system, durationMode: .production, keys: try E2E.keys.get(), logger: Self.logger)
        simulatorConfiguration.identifierOffset = Int64.random(in: 0..<1_000_000) * 100_000
        let simulator = try AppStoreSimulator(configuration: simulatorConfiguration)
        let configured = try simulator.configureApp(DemoCatalog.app(notificationURL: nil))
        let tag = String(UUID().uuidString.prefix(8)).lowercased()
        let account = "apple-\(tag)"
        try simulator.upsertAccount(SimulatedAccount(id: account, environment: .sandbox))
        let bootstrap = try await LocalStack.open(backend.backend, logger: Self.logger)
        let stages = TestStages(name: "simclock \(backend.name)")
        stages.reached("store open")

        try await WebhookReceiver.run(failuresPerEvent: 0) { receiver, webhookURL in
            stages.reached("webhook receiver listening")
            var simulated = configured
            try await withThrowingTaskGroup(of: Void.self) { group in
                // The simulator as `storekeeper simulator` runs it: its time flows with the wall
                // clock and a scheduler runs what falls due.
                let (simulatorPorts, simulatorPort) = AsyncStream.makeStream(of: Int.self)
                let simulatorServer = GracefulService(
                    SimulatorServer.buildApplication(
                        simulator: simulator, port: 0, services: [SimulatorScheduler(simulator: simulator, interval: .milliseconds(200))],
                        logger: Self.logger, onServerRunning: { simulatorPort.yield($0.localAddress?.port ?? 0) }),
                    logger: Self.logger)
                group.addTask {
                    defer { simulatorPort.finish() }
                    try await simulatorServer.run()
                }
                var simulatorPortIterator = simulatorPorts.makeAsyncIterator()
                let simulatorPortNumber = await simulatorPortIterator.next()
                let simulatorURL = "http://127.0.0.1:\(try #require(simulatorPortNumber))"
                stages.reached("simulator listening")

                // Storekeeper as `serve --config <file>` runs it, its clock built from the file.
                let configuration = try await StorekeeperConfiguration.load(
                    path: try Self.writeConfiguration(
                        simulator: simulator, simulated: simulated, simulatorURL: simulatorURL, webhookURL: webhookURL),
                    environment: [:])
                #expect(configuration.clock == .simulator(url: simulatorURL))
                let clock = try await ServerClock.make(configuration.clock, logger: Self.logger)
                stages.reached("clock following the simulator")
                var builder = StorekeeperApplicationBuilder(
                    configuration: configuration, storage: bootstrap, clock: clock, logger: Self.logger)
                // Far longer than the test: only a jump of the clock can make a job run again.
                builder.jobInterval = .seconds(3600)
                let (storekeeperPorts, storekeeperPort) = AsyncStream.makeStream(of: Int.self)
                let storekeeperServer = GracefulService(
                    builder.application(onServerRunning: { storekeeperPort.yield($0) }), logger: Self.logger)
                group.addTask {
                    defer { storekeeperPort.finish() }
                    try await storekeeperServer.run()
                }
                var storekeeperPortIterator = storekeeperPorts.makeAsyncIterator()
                let storekeeperPortNumber = await storekeeperPortIterator.next()
                let storekeeperURL = "http://127.0.0.1:\(try #require(storekeeperPortNumber))"
                stages.reached("storekeeper listening")
                simulated.sandboxNotificationURL = storekeeperURL + "/v1/apps/demo/notifications"
                simulated.productionNotificationURL = simulated.sandboxNotificationURL
                _ = try simulator.configureApp(simulated)
                let apiKey = try await APIKeys.create(name: "simclock", app: "demo", in: bootstrap.store)
                let server = StorekeeperClient(baseURL: storekeeperURL + "/v1/apps/demo", credential: apiKey)
                let customer = "alice-\(tag)"

                // Subscribe monthly through an order, as the app would.
                let order = try await server.post("/orders", ["customerId": customer, "productId": DemoCatalog.monthly])
                #expect(order.status == 201, "\(String(decoding: order.body, as: UTF8.self))")
                let orderBody = try #require(order.json["order"] as? [String: Any])
                let token = try #require(UUID(uuidString: orderBody["appAccountToken"] as? String ?? ""))
                let bought = try await simulator.purchase(
                    PurchaseRequest(
                        accountId: account, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly, appAccountToken: token))
                #expect(
                    try await server.post("/purchases", ["customerId": customer, "signedTransaction": bought.signedTransaction]).status
                        == 200)
                let original = try #require(bought.transaction.originalTransactionId)
                let firstExpiry = try #require(bought.transaction.expiresDate)
                stages.reached("subscribed")
                #expect(try await Self.view(server, customer).entitlement("premium")?.expiresAt == firstExpiry.millisecondsSince1970)

                // A month later at the simulator: the renewal arrives, and Storekeeper's now is the
                // simulator's within a second.
                try await Self.control(simulatorURL, "/control/clock/advance", #"{"period":"P1M"}"#)
                let advanced = simulator.now()
                #expect(advanced.millisecondsSince1970 > firstExpiry.millisecondsSince1970)
                // It reads the simulator's clock every 200 ms: within a second, with room for a loaded machine.
                try await Self.eventually("Storekeeper's clock follows the advance", within: .seconds(2)) {
                    clock.now() >= advanced
                }
                let renewedExpiry = try #require(simulator.subscription(originalTransactionId: original)?.expiresDate)
                stages.reached("advanced a month; clock followed")
                #expect(renewedExpiry > firstExpiry)
                try await Self.eventually("the renewal reaches the customer view") {
                    let view = try await Self.view(server, customer)
                    return view.has("premium") && view.entitlement("premium")?.expiresAt == renewedExpiry.millisecondsSince1970
                }
                // Customer tokens stay on the wall clock: one the app's backend signs now is valid
                // although Storekeeper's now is a month ahead.
                let customerToken = CustomerTokenSigner.signHS256(
                    customerId: try #require(CustomerID(rawValue: customer)), appId: "demo", secret: Array(Self.tokenSecret.utf8),
                    issuedAt: Timestamp(Date()))
                let asCustomer = StorekeeperClient(baseURL: storekeeperURL + "/v1/apps/demo", credential: customerToken)
                let ownView = try await asCustomer.get("/customers/\(customer)")
                #expect(ownView.status == 200, "\(String(decoding: ownView.body, as: UTF8.self))")
                stages.reached("renewal seen; customer token accepted")

                // Auto-renew off, every notification lost from here on and the notification history
                // unavailable: only Storekeeper's own clock and its expiry refresher can tell that
                // the subscription ended.
                try await simulator.setAutoRenew(originalTransactionId: original, enabled: false)
                try await Self.control(simulatorURL, "/control/faults/notifications", #"{"kind":"drop","scope":{"count":100}}"#)
                try await Self.control(
                    simulatorURL, "/control/faults/api",
                    #"{"endpoint":"getNotificationHistory","kind":"serverError","count":100,"retryable":false}"#)
                simulator.clearReceivedRequests()
                let jumpedAt = ContinuousClock.now
                let pastExpiry = renewedExpiry.millisecondsSince1970 + 60_000 - simulator.now().millisecondsSince1970
                try await Self.control(simulatorURL, "/control/clock/advance", #"{"milliseconds":\#(pastExpiry)}"#)
                try await Self.eventually("the entitlement expires and the refresher records the expiry") {
                    let view = try await Self.view(server, customer)
                    return !view.has("premium") && view.subscriptions.first?.phase == "expired"
                }
                let refresher = AuditActor.job("subscriptions.refresh.demo")
                stages.reached("expired after the second advance")
                let id = try #require(CustomerID(rawValue: customer))
                let refreshed = try await bootstrap.store.read { try await $0.auditEvents(customerId: id, limit: 100) }
                    .filter { $0.actor == refresher }
                #expect(!refreshed.isEmpty, "the expiry refresher recorded the expiry")
                #expect(
                    simulator.receivedRequests().contains { $0.endpoint == "getAllSubscriptionStatuses" }, "it asked the App Store")
                // All at simulated time (the wall clock is a month or two behind). The refresher may
                // also have run around the first period's end, after the first advance, when it
                // got there before the renewal's notification did (a loaded machine); the expiry
                // itself it records after the second advance.
                #expect(
                    refreshed.allSatisfy { $0.createdAt >= firstExpiry },
                    "at simulated time: \(refreshed.map(\.createdAt)) vs \(firstExpiry)")
                #expect(
                    refreshed.contains { $0.createdAt >= renewedExpiry },
                    "the expiry recorded at simulated time: \(refreshed.map(\.createdAt)) vs \(renewedExpiry)")
                #expect(ContinuousClock.now - jumpedAt < .seconds(30), "woken by the jump, not after its hour-long interval")

                // Webhooks went out (the outbox dispatcher too was woken by the jumps), signed with
                // the wall clock's time, which the app's backend checks against its own.
                let deliveries = receiver.deliveries
                #expect(!deliveries.isEmpty, "the outbox delivered the subscription's events")
                let wallSeconds = Int64(Date().timeIntervalSince1970)
                for delivery in deliveries {
                    let signedAt = try #require(
                        WebhookReceiver.verify(signature: delivery.signature, body: delivery.body, secret: Self.webhookSecret))
                    #expect(abs(signedAt - wallSeconds) < 300, "signed at \(signedAt), wall clock \(wallSeconds)")
                }
                stages.reached("checks done; stopping the servers")
                // Gracefully, Storekeeper (which calls the simulator) first (see GracefulService).
                await storekeeperServer.stop()
                await simulatorServer.stop()
            }
            stages.reached("servers stopped")
        }
        stages.reached("webhook receiver stopped")
        await bootstrap.close()
        stages.reached("store closed")
    }

    @Test("serve refuses to start when the simulator's clock cannot be read, naming clock.simulatorURL")
    func unreadableSimulatorClockStopsTheStart() async throws {
        // Something listening that is not a simulator (the webhook receiver answers 404).
        try await WebhookReceiver.run(failuresPerEvent: 0) { _, webhookURL in
            let root = String(webhookURL.dropLast("/hooks".count))
            let error = await #expect(throws: ConfigurationError.self) {
                try await ServerClock.make(.simulator(url: root), logger: Self.logger)
            }
            #expect(error?.key == "clock.simulatorURL")
            #expect(error?.code == .invalidConfiguration)
            #expect(error?.reason.contains("HTTP 404") == true, "\(String(describing: error))")
        }
        // Nothing listening: retried for a few seconds, then refused.
        let error = await #expect(throws: ConfigurationError.self) {
            try await ServerClock.make(.simulator(url: "http://127.0.0.1:1"), logger: Self.logger)
        }
        #expect(error?.key == "clock.simulatorURL")
        #expect(error?.reason.contains("cannot read the simulator's clock at http://127.0.0.1:1/control/clock") == true)
    }

    /// `GET /customers/{id}` as the app's backend.
    static func view(_ server: StorekeeperClient, _ customer: String) async throws -> CustomerBody {
        let response = try await server.get("/customers/\(customer)")
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return try CustomerBody(try JSONValue.parse(response.body))
    }

    /// `POST` to the simulator's control API over HTTP, as a team's test script would.
    static func control(_ simulatorURL: String, _ path: String, _ body: String) async throws {
        var request = HTTPClientRequest(url: simulatorURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let answer = try await response.body.collect(upTo: 1 << 20)
        #expect(response.status == .ok, "\(path): \(String(buffer: answer))")
    }

    /// Polls `condition` until it holds or `within` passes.
    static func eventually(
        _ what: String, within: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + within
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("not within \(within): \(what)", sourceLocation: sourceLocation)
    }

    /// A configuration file for the simulator's demo app (the Server API, roots and URLs the
    /// simulator hands out), taking the time from the simulator.
    static func writeConfiguration(
        simulator: AppStoreSimulator, simulated: SimulatedApp, simulatorURL: String, webhookURL: String
    ) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("simclock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let root = directory.appendingPathComponent("root.pem")
        let receiptRoot = directory.appendingPathComponent("receipt-root.pem")
        try Data(try simulator.keys.rootCertificatePEM.utf8).write(to: root)
        try Data(try simulator.keys.receiptRootCertificatePEM.utf8).write(to: receiptRoot)
        let apiKey = try #require(simulated.apiKey)
        let app: [String: Any] = [
            "bundleId": simulated.bundleId,
            "environments": ["Production", "Sandbox"],
            "trustedRoots": [root.path], "receiptRoots": [receiptRoot.path],
            "serverAPI": [
                "issuerId": apiKey.issuerId, "keyId": apiKey.keyId, "privateKey": try #require(apiKey.privateKeyPEM),
                "productionURL": simulatorURL + "/production", "sandboxURL": simulatorURL + "/sandbox",
            ],
            "customerTokens": ["hs256Secret": tokenSecret],
            "webhooks": ["backend"], "webhook": ["backend": ["url": webhookURL, "secret": webhookSecret]],
            "products": [DemoCatalog.monthly],
            "product": [
                DemoCatalog.monthly: [
                    "kind": "auto_renewable_subscription", "group": "premium", "level": 2, "duration": "P1M",
                    "entitlements": ["premium"],
                ]
            ],
        ]
        let configuration: [String: Any] = [
            "mode": "development", "server": ["host": "127.0.0.1", "port": 0],
            "clock": ["source": "simulator", "simulatorURL": simulatorURL],
            "apps": ["demo"], "app": ["demo": app],
        ]
        let file = directory.appendingPathComponent("storekeeper.json")
        try JSONSerialization.data(withJSONObject: configuration).write(to: file)
        return file.path
    }
}

/// Where a long end-to-end test is, written to standard error as it goes: if a run hangs, its
/// log (kept by scripts/test-watchdog.sh) names the last stage each case reached.
struct TestStages: Sendable {
    let name: String
    private let start = ContinuousClock.now

    init(name: String) { self.name = name }

    func reached(_ stage: String) {
        let elapsed = (ContinuousClock.now - start).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2)))
        FileHandle.standardError.write(Data("[\(name) +\(elapsed)] \(stage)\n".utf8))
    }
}
