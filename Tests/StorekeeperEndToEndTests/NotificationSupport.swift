import AppStoreModels
import AppStoreSimulator
import AsyncWaiting
import Crypto
import Foundation
import Hummingbird
import NIOCore
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import StorekeeperStore
import StorekeeperTesting
import Synchronization
import Testing

// Helpers of the notification, lifecycle and recovery end-to-end tests (`Notification*`,
// `Lifecycle*`, `Recovery*`). Every test runs on each backend of `NotificationBackend.all`, in its
// own `LocalStack` with a unique app id, start date, simulator identifier range and customer ids,
// so tests sharing one PostgreSQL database never see each other's rows.

/// A backend a notification test runs on.
struct NotificationBackend: Sendable, CustomTestStringConvertible {
    let name: String
    let backend: LocalStack.Backend

    var testDescription: String { name }

    static let postgresURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["STOREKEEPER_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
        return url
    }()

    /// SQLite always; PostgreSQL when `STOREKEEPER_TEST_POSTGRES_URL` is set (else a notice says
    /// every PostgreSQL case is skipped).
    static let all: [NotificationBackend] = {
        let sqlite = NotificationBackend(name: "sqlite", backend: .temporarySQLite)
        guard let url = postgresURL else {
            print(
                "NOTICE: STOREKEEPER_TEST_POSTGRES_URL is not set; the notification end-to-end tests run on SQLite "
                    + "only and every PostgreSQL case is SKIPPED.")
            return [sqlite]
        }
        return [sqlite, NotificationBackend(name: "postgresql", backend: .postgres(url: url))]
    }()
}

/// One signing key set for every stack of the test run (minting the RSA receipt chain is slow).
enum SharedSimulatorKeys {
    private static let minted: Result<SimulatorKeys, any Error> = Result { try SimulatorKeys.generate() }

    static func get() throws -> SimulatorKeys { try minted.get() }
}

/// A running stack plus what a notification test needs around it.
struct NotificationHarness: Sendable {
    let stack: LocalStack.Running
    let client: StorekeeperClient
    /// Unique per test: suffix of customer and account ids.
    let tag: String

    // MARK: Running

    /// Runs `body` on a fresh stack of `backend`; background jobs are driven by hand. Afterwards
    /// the ledger invariant must hold (`ledgerDiscrepancies()` empty).
    static func run(
        _ backend: NotificationBackend, configure: (inout LocalStack.Options) -> Void = { _ in },
        _ body: @escaping @Sendable (NotificationHarness) async throws -> Void
    ) async throws {
        var options = LocalStack.Options()
        options.backend = backend.backend
        options.keys = try SharedSimulatorKeys.get()
        let tag = String(UUID().uuidString.lowercased().prefix(8))
        options.appId = "n-" + tag
        // 2030 … 2040, whole seconds: far from other stacks' clocks on a shared database, and
        // inside the simulator chain's validity (2015–2045).
        options.start = Date(timeIntervalSince1970: 1_893_456_000 + Double(Int.random(in: 0..<(3_650 * 86_400))))
        options.runsBackgroundJobs = false
        configure(&options)
        try await StoreTestGate.stacks.run { [options] in
            try await LocalStack.run(options) { stack in
                let harness = NotificationHarness(
                    stack: stack, client: StorekeeperClient(baseURL: stack.appURL, credential: stack.apiKey), tag: tag)
                try await body(harness)
                try await harness.expectLedgerBalanced()
            }
        }
    }

    var simulator: AppStoreSimulator { stack.simulator }
    var store: any PurchaseStore { stack.store }
    var now: Timestamp { stack.simulator.now() }

    func customer(_ name: String) -> CustomerID {
        CustomerID(rawValue: "\(name)-\(tag)")!
    }

    /// A client of `app`'s admin routes (this stack's app by default) for a new operator of `role`.
    func adminClient(_ role: OperatorRole = .viewer, app: String? = nil) async throws -> StorekeeperClient {
        let app = app ?? stack.app.id
        let created = try await OperatorKeys.create(
            name: "\(role.rawValue)-\(app)-\(UUID().uuidString.prefix(8).lowercased())", role: role, apps: [app], in: store,
            actor: .job("test"), reason: "test fixture")
        return StorekeeperClient(baseURL: stack.storekeeperURL + "/v1/admin/apps/" + app, credential: created.key)
    }

    /// Adds a simulator account (sandbox, USA) and returns its id.
    @discardableResult
    func account(_ name: String, familyGroupId: String? = nil) throws -> String {
        let id = "\(name)-\(tag)"
        try simulator.upsertAccount(SimulatedAccount(id: id, familyGroupId: familyGroupId.map { "\($0)-\(tag)" }))
        return id
    }

    // MARK: Buying

    /// Creates an order for `customer`; returns its id and `appAccountToken`.
    func order(_ customer: CustomerID, _ productId: String) async throws -> (id: String, token: UUID) {
        let response = try await client.post("/orders", ["customerId": customer.rawValue, "productId": productId])
        #expect(response.status == 201, "\(response.text)")
        let order = try #require(response.json["order"] as? [String: Any])
        let token = try #require((order["appAccountToken"] as? String).flatMap(UUID.init(uuidString:)))
        return (try #require(order["id"] as? String), token)
    }

    /// The customer buys `productId` the way an app does: an order first, then the App Store
    /// purchase carrying its token (whose notification the simulator pushes before returning),
    /// then, when `submit`, the signed transaction handed to Storekeeper.
    @discardableResult
    func buy(
        _ customer: CustomerID, account: String, _ productId: String, quantity: Int32? = nil, offer: PurchaseOffer? = nil,
        submit: Bool = true
    ) async throws -> PurchaseResult {
        let order = try await self.order(customer, productId)
        let result = try await simulator.purchase(
            PurchaseRequest(
                accountId: account, bundleId: DemoCatalog.bundleId, productId: productId, quantity: quantity,
                appAccountToken: order.token, offer: offer))
        if submit { try await self.submit(customer, result.signedTransaction) }
        return result
    }

    /// `POST /purchases` with a signed transaction.
    func submit(_ customer: CustomerID, _ signedTransaction: String) async throws {
        let response = try await client.post(
            "/purchases", ["customerId": customer.rawValue, "signedTransaction": signedTransaction])
        #expect(response.status == 200, "\(response.text)")
    }

    // MARK: Reading

    func view(_ customer: CustomerID) async throws -> CustomerView {
        let response = try await client.get("/customers/\(customer.rawValue)")
        try #require(response.status == 200, "\(response.text)")
        return try response.decode(CustomerView.self)
    }

    func subscription(_ customer: CustomerID) async throws -> CustomerView.Subscription {
        try #require(try await view(customer).subscriptions.first)
    }

    func audit(_ customer: CustomerID) async throws -> [AuditEvent] {
        try await store.read { try await $0.auditEvents(customerId: customer, limit: 10_000) }
    }

    func inbox(_ id: String) async throws -> InboxNotification? {
        try await store.read { try await $0.inboxNotification(id: id) }
    }

    func journalEntry(_ key: String) async throws -> JournalEntry? {
        try await store.read { try await $0.journalEntry(key: key) }
    }

    func journal(_ customer: CustomerID) async throws -> [JournalEntry] {
        try await store.read { try await $0.journal(customerId: customer, limit: 10_000) }
    }

    /// The simulator's notifications of one type (and subtype, when given), oldest first.
    func sent(_ type: NotificationTypeV2, _ subtype: NotificationSubtype? = nil) -> [NotificationRecord] {
        simulator.notifications(bundleId: DemoCatalog.bundleId).filter {
            $0.notificationType == type && (subtype == nil || $0.subtype == subtype)
        }
    }

    /// The notification the simulator sent last.
    func lastSent() throws -> NotificationRecord {
        try #require(simulator.notifications(bundleId: DemoCatalog.bundleId).last)
    }

    /// Expects the last notification to be `type`/`subtype`, delivered, and processed by Storekeeper.
    @discardableResult
    func expectProcessed(
        _ type: NotificationTypeV2, _ subtype: NotificationSubtype?, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> NotificationRecord {
        let candidates = sent(type, subtype).filter { subtype != nil || $0.subtype == nil }
        let record = try #require(
            candidates.last, "no \(type.rawValue) \(subtype?.rawValue ?? "-") was sent", sourceLocation: sourceLocation)
        #expect(record.sendAttempts.last?.sendAttemptResult == .success, sourceLocation: sourceLocation)
        let entry = try #require(try await inbox(record.notificationUUID), sourceLocation: sourceLocation)
        #expect(entry.status == .processed, "\(entry.lastError ?? "")", sourceLocation: sourceLocation)
        #expect(entry.notificationType == type.rawValue, sourceLocation: sourceLocation)
        #expect(entry.subtype == subtype?.rawValue, sourceLocation: sourceLocation)
        return record
    }

    /// `GET /metrics`.
    func metrics() async throws -> String {
        let response = try await StorekeeperClient(baseURL: stack.storekeeperURL, credential: "").send(
            .GET, "/metrics", body: nil, authenticated: false)
        #expect(response.status == 200)
        return response.text
    }

    // MARK: Jobs

    func job<Job: PeriodicJob>(_ type: Job.Type, named suffix: String = "") throws -> Job {
        let jobs = stack.builder.backgroundJobs().compactMap { $0 as? Job }.filter { $0.name.hasSuffix(suffix) }
        return try #require(jobs.first, "no \(Job.self) job named *\(suffix)")
    }

    /// One Notification History sweep of the sandbox (the simulator's accounts buy in sandbox).
    func sweep() async throws -> NotificationHistorySweeper.Result {
        try await job(NotificationHistorySweeper.self, named: ".Sandbox").sweep()
    }

    func runInbox() async throws {
        _ = try await job(InboxProcessor.self).runOnce()
    }

    /// Runs the outbox once (sends what is due now).
    func runOutbox() async throws {
        _ = try await job(OutboxDispatcher.self).runOnce()
    }

    // MARK: Invariants

    func expectLedgerBalanced(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let discrepancies = try await store.read { try await $0.ledgerDiscrepancies() }
        #expect(discrepancies.isEmpty, "ledger accounts off: \(discrepancies)", sourceLocation: sourceLocation)
    }
}

extension StorekeeperClient.Response {
    var text: String { String(decoding: body, as: UTF8.self) }
}

extension CustomerView {
    func entitlement(_ id: String) -> Entitlement? {
        entitlements.first { $0.id == id }
    }
}

extension Timestamp {
    static func + (lhs: Timestamp, rhs: Int64) -> Timestamp { lhs.adding(milliseconds: rhs) }
}

/// Durations in milliseconds.
enum Span {
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000
}

/// The app's backend as Storekeeper's outbox sees it: a tiny Hummingbird server on a free
/// loopback port that records every webhook delivery and fails the first `failuresPerEvent`
/// deliveries of each event with HTTP 500.
final class WebhookReceiver: Sendable {
    struct Delivery: Sendable {
        var eventId: String?
        var headerEventId: String?
        var type: String?
        var signature: String?
        var body: Data
        var accepted: Bool
    }

    let failuresPerEvent: Int
    private let state = Mutex<(deliveries: [Delivery], attempts: [String: Int])>(([], [:]))
    /// The port the server listens on, once it reported one (`0`: it stopped without listening).
    private let listeningPort = WaitQueue<Int?, Int>(nil)

    init(failuresPerEvent: Int) {
        self.failuresPerEvent = failuresPerEvent
    }

    var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    /// Starts the receiver, runs `body` with it and its URL, then stops it.
    static func run<T: Sendable>(
        failuresPerEvent: Int, _ body: @escaping @Sendable (WebhookReceiver, String) async throws -> T
    ) async throws -> T {
        let receiver = WebhookReceiver(failuresPerEvent: failuresPerEvent)
        let router = Router()
        router.post("hooks") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 20)
            func header(_ name: String) -> String? {
                request.headers.first { $0.name.canonicalName == name.lowercased() }?.value
            }
            let accepted = receiver.record(
                body: Data(buffer: buffer), signature: header("Storekeeper-Signature"),
                eventId: header("Storekeeper-Event-Id"), type: header("Storekeeper-Event-Type"))
            return Response(status: accepted ? .ok : .internalServerError)
        }
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in receiver.started(port: channel.localAddress?.port ?? 0) })
        let server = GracefulService(application, logger: application.logger)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                // A server that stops without ever listening must not leave `port()` waiting.
                defer { receiver.started(port: 0) }
                try await server.run()
                return nil
            }
            let port = try await receiver.port()
            guard port > 0 else {
                _ = try await group.next()  // the server's own error, if it threw one
                throw CancellationError()
            }
            group.addTask { try await body(receiver, "http://127.0.0.1:\(port)/hooks") }
            var result: T?
            while let next = try await group.next() {
                if let value = next {
                    result = value
                    await server.stop()
                }
            }
            guard let result else { throw CancellationError() }
            return result
        }
    }

    private func record(body: Data, signature: String?, eventId: String?, type: String?) -> Bool {
        let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        let id = json?["id"] as? String
        return state.withLock { state in
            let attempt = state.attempts[id ?? "", default: 0] + 1
            state.attempts[id ?? ""] = attempt
            let accepted = attempt > failuresPerEvent
            state.deliveries.append(
                Delivery(eventId: id, headerEventId: eventId, type: type, signature: signature, body: body, accepted: accepted))
            return accepted
        }
    }

    /// Records the port the server listens on (`0`: it stopped without ever listening) and wakes
    /// whoever waits for it; only the first report counts.
    private func started(port: Int) {
        // Once a port is known nobody waits, so a later report resumes no one.
        listeningPort.resumeAll(with: port) { known in
            if known == nil { known = port }
        }
    }

    /// The port, once the server reported it; throws `CancellationError` if the task is cancelled
    /// first.
    private func port() async throws -> Int {
        try await listeningPort.wait { $0 }
    }

    /// Checks `Storekeeper-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>`;
    /// returns the signed timestamp when the signature is valid.
    static func verify(signature: String?, body: Data, secret: String) -> Int64? {
        guard let signature else { return nil }
        var fields: [String: String] = [:]
        for part in signature.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { fields[pair[0]] = pair[1] }
        }
        guard let t = fields["t"], let seconds = Int64(t), let v1 = fields["v1"] else { return nil }
        var signed = Data(t.utf8)
        signed.append(UInt8(ascii: "."))
        signed.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
        let expected = mac.map { String(format: "%02x", $0) }.joined()
        return expected == v1 ? seconds : nil
    }
}

/// Reading Prometheus text exposition.
enum PrometheusText {
    /// The value of the sample `name` whose labels include every pair of `labels` (summed over
    /// the samples that match), or nil when none does.
    static func value(_ text: String, _ name: String, _ labels: [String: String] = [:]) -> Double? {
        var total: Double?
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let (sample, value) = split(line)
            let (sampleName, sampleLabels) = parse(sample)
            guard sampleName == name, labels.allSatisfy({ sampleLabels[$0.key] == $0.value }), let number = Double(value)
            else { continue }
            total = (total ?? 0) + number
        }
        return total
    }

    private static func split(_ line: Substring) -> (Substring, Substring) {
        guard let space = line.lastIndex(of: " ") else { return (line, "") }
        return (line[..<space], line[line.index(after: space)...])
    }

    private static func parse(_ sample: Substring) -> (String, [String: String]) {
        guard let brace = sample.firstIndex(of: "{") else { return (String(sample), [:]) }
        let name = String(sample[..<brace])
        var labels: [String: String] = [:]
        let body = sample[sample.index(after: brace)...].dropLast()
        for pair in body.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            labels[String(parts[0])] = String(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        return (name, labels)
    }
}
