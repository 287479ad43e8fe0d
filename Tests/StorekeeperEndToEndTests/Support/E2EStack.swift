import AppStoreModels
import AppStoreSimulator
import Foundation
import Hummingbird
import HummingbirdTesting
import Storekeeper
import StorekeeperAPIModels
import StorekeeperLocal
import StorekeeperStore
import StorekeeperTesting
import Testing

/// A running local stack (simulator + Storekeeper) for one end-to-end test, with clients for
/// each kind of caller, names unique to the test, and shortcuts for buying at the simulator.
///
/// ```swift
/// @Test(arguments: E2EBackend.all)
/// func something(_ backend: E2EBackend) async throws {
///     try await E2E.run(backend) { e2e in
///         let alice = e2e.customer("alice")
///         ...
///     }   // the ledger invariant is checked here, after every test
/// }
/// ```
struct E2EStack: Sendable {
    let stack: LocalStack.Running
    /// How calls reach Storekeeper's root (HTTP, or the router in-process).
    let root: E2ETransport
    let backend: E2EBackend
    let contract: OpenAPIContract
    /// Appended to every customer ID so tests sharing a PostgreSQL database never meet.
    let tag: String

    var simulator: AppStoreSimulator { stack.simulator }
    var store: any PurchaseStore { stack.store }
    var prefix: String { "/v1/apps/" + stack.app.id }

    /// The app's backend: a server-to-server API key, may act for anyone.
    var server: CheckedClient { client(credential: stack.apiKey) }

    /// An app client holding a customer token for `customerId`.
    func client(as customerId: String, lifetimeSeconds: Int64 = 3600) throws -> CheckedClient {
        client(credential: stack.customerToken(try Self.id(customerId), lifetimeSeconds: lifetimeSeconds))
    }

    /// A caller with the given bearer credential (empty: no `Authorization` header).
    func client(credential: String) -> CheckedClient {
        CheckedClient(transport: root.appending(prefix), credential: credential, prefix: prefix, contract: contract)
    }

    /// An anonymous caller of the routes outside the app's (`/health`, `/metrics`, ...).
    var operations: CheckedClient { CheckedClient(transport: root, credential: "", prefix: "", contract: contract) }

    /// A customer ID unique to this test: `name-<tag>`.
    func customer(_ name: String) -> String { "\(name)-\(tag)" }

    /// Adds an Apple account at the simulator; returns its ID.
    @discardableResult
    func appleAccount(_ name: String, environment: AppStoreEnvironment = .sandbox) throws -> String {
        try simulator.upsertAccount(SimulatedAccount(id: name, environment: environment))
        return name
    }

    /// Buys `productId` at the simulator as StoreKit would (the App Store's notification about it
    /// reaches Storekeeper before this returns).
    func buy(
        _ productId: String, account: String, token: UUID? = nil, quantity: Int32? = nil
    ) async throws -> PurchaseResult {
        try await simulator.purchase(
            PurchaseRequest(
                accountId: account, bundleId: DemoCatalog.bundleId, productId: productId, quantity: quantity,
                appAccountToken: token))
    }

    // MARK: Calls that most tests make

    /// `POST /orders`; returns the order object.
    func createOrder(
        _ customerId: String, product: String, quantity: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> OrderBody {
        var body: [String: Any] = ["customerId": customerId, "productId": product]
        if let quantity { body["quantity"] = quantity }
        let response = try await server.post("/orders", body, sourceLocation: sourceLocation)
        #expect(response.status == 201, "\(response.text)", sourceLocation: sourceLocation)
        return try OrderBody(response.json["order"], sourceLocation: sourceLocation)
    }

    /// `POST /purchases` with a signed transaction, as the app's backend.
    func submit(
        _ customerId: String, signedTransaction: String, orderId: UUID? = nil, as caller: CheckedClient? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIResponse {
        var body: [String: Any] = ["customerId": customerId, "signedTransaction": signedTransaction]
        if let orderId { body["orderId"] = orderId.uuidString }
        return try await (caller ?? server).post("/purchases", body, sourceLocation: sourceLocation)
    }

    /// `GET /customers/{id}` as the app's backend.
    func view(_ customerId: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> CustomerBody {
        let response = try await server.get("/customers/\(customerId)", sourceLocation: sourceLocation)
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return try CustomerBody(response.json)
    }

    /// The audit trail of one customer, oldest first, read from the store.
    func audit(_ customerId: String) async throws -> [AuditEvent] {
        let id = try Self.id(customerId)
        return try await store.read { try await $0.auditEvents(customerId: id, limit: 1_000) }.reversed()
    }

    /// The ledger invariant: every materialized balance equals the sum of its postings.
    func expectLedgerBalanced(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let discrepancies = try await store.read { try await $0.ledgerDiscrepancies() }
        #expect(discrepancies.isEmpty, "ledger discrepancies: \(discrepancies)", sourceLocation: sourceLocation)
    }

    static func id(_ raw: String) throws -> CustomerID {
        try #require(CustomerID(rawValue: raw), "not a customer ID: \(raw)")
    }
}

/// Runs end-to-end tests on a fresh local stack.
enum E2E {
    /// Minting the simulator's RSA chains is slow: one set serves every test.
    static let keys: Result<SimulatorKeys, any Error> = Result { try SimulatorKeys.generate() }

    /// Starts the simulator and Storekeeper on `backend`, runs `body`, then checks the ledger
    /// invariant (every test ends with it) and stops both. Background jobs are off unless asked
    /// for: tests drive time and recovery themselves.
    static func run(
        _ backend: E2EBackend, policy: AppPolicy = AppPolicy(), backgroundJobs: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation,
        configure: @Sendable (inout LocalStack.Options) -> Void = { _ in },
        _ body: @escaping @Sendable (E2EStack) async throws -> Void
    ) async throws {
        var options = LocalStack.Options()
        options.backend = backend.backend
        options.policy = policy
        options.keys = try keys.get()
        options.runsBackgroundJobs = backgroundJobs
        configure(&options)
        try await StoreTestGate.stacks.run { [options] in
            try await LocalStack.run(options) { stack in
                try await run(stack, root: .http(baseURL: stack.storekeeperURL), backend, sourceLocation: sourceLocation, body)
            }
        }
    }

    /// As `run`, for route tests in which nobody but the test calls Storekeeper: no server
    /// listens; calls go through HummingbirdTesting's `.router` client to Storekeeper's router
    /// (`LocalStack.withRouter`). The simulator is in-process only (it delivers no notification)
    /// and no background job runs.
    static func routes(
        _ backend: E2EBackend, policy: AppPolicy = AppPolicy(), sourceLocation: SourceLocation = #_sourceLocation,
        configure: @Sendable (inout LocalStack.Options) -> Void = { _ in },
        _ body: @escaping @Sendable (E2EStack) async throws -> Void
    ) async throws {
        var options = LocalStack.Options()
        options.backend = backend.backend
        options.policy = policy
        options.keys = try keys.get()
        configure(&options)
        try await StoreTestGate.stacks.run { [options] in
            try await LocalStack.withRouter(options) { stack, router in
                try await Application(router: router).test(.router) { client in
                    try await run(stack, root: .router(client, baseURL: ""), backend, sourceLocation: sourceLocation, body)
                }
            }
        }
    }

    /// Runs `body` on `stack` reached through `root`, then checks the ledger invariant.
    private static func run(
        _ stack: LocalStack.Running, root: E2ETransport, _ backend: E2EBackend, sourceLocation: SourceLocation,
        _ body: @escaping @Sendable (E2EStack) async throws -> Void
    ) async throws {
        let document = try await root.send(.GET, "/openapi.json", body: nil, credential: "")
        let harness = E2EStack(
            stack: stack, root: root, backend: backend, contract: try OpenAPIContract(document.body),
            tag: String(UUID().uuidString.prefix(8)).lowercased())
        try await body(harness)
        try await harness.expectLedgerBalanced(sourceLocation: sourceLocation)
    }
}
