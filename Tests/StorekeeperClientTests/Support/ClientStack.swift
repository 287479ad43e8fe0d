import AppStoreModels
import AppStoreSimulator
import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperClient
import StorekeeperClientSimulation
import StorekeeperLocal
import StorekeeperTesting
import Testing

/// One test's world: the App Store simulator and Storekeeper on a backend, the answer proxy the
/// app talks through, one Apple account and one customer unique to the test.
struct ClientStack: Sendable {
    let stack: LocalStack.Running
    let proxy: AnswerProxy
    let proxyURL: URL
    let account: SimulatedAppleAccount
    let customerId: String
    /// Where each simulated device keeps its queue and cache.
    let directory: URL

    var simulator: AppStoreSimulator { stack.simulator }
    var log: CallLog { account.log }

    /// A device of the test's Apple account.
    func device(_ name: String = "phone") -> SimulatedStoreKit {
        SimulatedStoreKit(account: account, name: name)
    }

    /// The app on `device`, talking to Storekeeper through the proxy (or `baseURL`), trusting
    /// the proxy's keys `trusting`. Its files live in a directory per device name, so a new
    /// client for the same device is the same app relaunched.
    func app(
        on device: SimulatedStoreKit, trusting: [Int] = [0], baseURL: URL? = nil, customerId: String? = nil
    ) throws -> PurchaseClient {
        try app(
            on: device, baseURL: baseURL ?? proxyURL, trustedKeysPEM: trusting.map { proxy.keys[$0].publicKey.pemRepresentation },
            customerId: customerId)
    }

    /// The app on `device` talking to Storekeeper directly, trusting the app's own
    /// answer-signing keys as Storekeeper's configuration lists them.
    func directApp(on device: SimulatedStoreKit) throws -> PurchaseClient {
        let url = try #require(URL(string: stack.storekeeperURL))
        return try app(on: device, baseURL: url, trustedKeysPEM: stack.app.answerKeys.map(\.publicKeyPEM), customerId: nil)
    }

    private func app(
        on device: SimulatedStoreKit, baseURL: URL, trustedKeysPEM: [String], customerId: String?
    ) throws -> PurchaseClient {
        let customer = customerId ?? self.customerId
        let stack = self.stack
        let id = try #require(CustomerID(rawValue: customer))
        let simulator = stack.simulator
        var configuration = PurchaseClient.Configuration(
            baseURL: baseURL, appId: stack.app.id, customerId: customer, customerToken: { stack.customerToken(id) },
            trustedKeysPEM: trustedKeysPEM,
            directory: directory.appendingPathComponent(device.name + "-" + customer, isDirectory: true))
        configuration.retry = .init(initial: .milliseconds(50), maximum: .milliseconds(400))
        configuration.now = { Date(timeIntervalSince1970: Double(simulator.now().millisecondsSince1970) / 1000) }
        return try PurchaseClient(configuration: configuration, storeKit: device)
    }

    /// The customer as Storekeeper has it, asked with the app backend's key (not through the proxy).
    func serverView(_ customerId: String? = nil) async throws -> CustomerBody {
        var request = HTTPClientRequest(url: stack.appURL + "/customers/" + (customerId ?? self.customerId))
        request.headers.add(name: "Authorization", value: "Bearer \(stack.apiKey)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 4 * 1024 * 1024)
        #expect(response.status.code == 200, "\(String(buffer: body))")
        return try JSONDecoder().decode(CustomerBody.self, from: Data(buffer: body))
    }

    /// Apple's notifications never reach Storekeeper: what the app submits is all it learns.
    func dropNotifications() {
        _ = simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(10_000)))
    }

    /// The answers the app received with `path` in them, in order.
    func answers(containing path: String) -> [(status: Int, body: Data, signed: Bool)] {
        log.all.compactMap {
            if case .answer(_, let answerPath, let status, let body, let signed) = $0, answerPath.contains(path) {
                return (status, body, signed)
            }
            return nil
        }
    }

    /// `finish()` came only after a signed `recorded` / `replayed` answer whose customer holds
    /// the transaction, for every transaction finished.
    func expectFinishedOnlyAfterAcknowledgement(sourceLocation: SourceLocation = #_sourceLocation) {
        var acknowledged: Set<String> = []
        for entry in log.all {
            switch entry {
            case .answer(_, let path, let status, let body, let signed) where signed && status == 200:
                if path.hasSuffix("/purchases"), let answer = try? JSONDecoder().decode(SubmitPurchaseResponse.self, from: body),
                    answer.status == "recorded" || answer.status == "replayed"
                {
                    acknowledged.formUnion(answer.transactionIds + answer.customer.purchases.map(\.transactionId))
                }
            case .finish(_, let id):
                #expect(
                    acknowledged.contains(id), "transaction \(id) finished before Storekeeper acknowledged it",
                    sourceLocation: sourceLocation)
            default:
                break
            }
        }
    }
}

/// Runs app-package end-to-end tests on a fresh local stack.
enum ClientE2E {
    static let keys: Result<SimulatorKeys, any Error> = Result { try SimulatorKeys.generate() }

    /// Starts the simulator, Storekeeper on `backend` and the proxy (two signing keys: the old
    /// and the new), runs `body`, checks the ledger invariant, stops everything.
    static func run(
        _ backend: ClientBackend, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @escaping @Sendable (ClientStack) async throws -> Void
    ) async throws {
        var options = LocalStack.Options()
        options.backend = backend.backend
        options.keys = try keys.get()
        options.runsBackgroundJobs = false
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storekeeper-client-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await StoreTestGate.stacks.run { [options] in
            try await LocalStack.run(options) { stack in
                let tag = String(UUID().uuidString.prefix(8)).lowercased()
                let account = SimulatedAppleAccount(simulator: stack.simulator, accountId: "apple-\(tag)")
                try stack.simulator.upsertAccount(SimulatedAccount(id: account.accountId))
                let simulator = stack.simulator
                let proxy = AnswerProxy(
                    upstream: stack.storekeeperURL, appId: stack.app.id, keys: [P256.Signing.PrivateKey(), P256.Signing.PrivateKey()],
                    log: account.log, now: { simulator.now().millisecondsSince1970 / 1000 })
                try await proxy.run { url in
                    let world = ClientStack(
                        stack: stack, proxy: proxy, proxyURL: url, account: account, customerId: "customer-\(tag)", directory: directory)
                    try await body(world)
                }
                let discrepancies = try await stack.store.read { try await $0.ledgerDiscrepancies() }
                #expect(discrepancies.isEmpty, "ledger discrepancies: \(discrepancies)", sourceLocation: sourceLocation)
            }
        }
    }
}
