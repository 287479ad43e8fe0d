import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperLocal
import StorekeeperStore
import StorekeeperTesting
import Testing

/// A full stack (simulator delivering notifications, Storekeeper over HTTP) for the tests of
/// the Apple-side admin actions and the notifications inbox (`Notification*`, `Extension*`,
/// `Resync*` under `Admin/`), with an app id, a start date and customers unique to the test so
/// that tests sharing one PostgreSQL database never see each other's inbox, and an operator of
/// each role.
struct NotificationAdminStack: Sendable {
    let e2e: E2EStack
    let viewer: CheckedClient
    let support: CheckedClient

    var simulator: AppStoreSimulator { e2e.simulator }
    var store: any PurchaseStore { e2e.store }
    var now: Timestamp { e2e.simulator.now() }

    /// Runs `body` on a fresh stack of `backend` (background jobs off), then checks the ledger.
    static func run(
        _ backend: E2EBackend, sourceLocation: SourceLocation = #_sourceLocation,
        configure: (inout LocalStack.Options) -> Void = { _ in },
        _ body: @escaping @Sendable (NotificationAdminStack) async throws -> Void
    ) async throws {
        var options = LocalStack.Options()
        options.backend = backend.backend
        options.keys = try E2E.keys.get()
        let tag = String(UUID().uuidString.prefix(8)).lowercased()
        options.appId = "apple-" + tag
        // 2030 … 2040, whole seconds: far from other stacks' clocks on a shared database.
        options.start = Date(timeIntervalSince1970: 1_893_456_000 + Double(Int.random(in: 0..<(3_650 * 86_400))))
        options.runsBackgroundJobs = false
        configure(&options)
        try await StoreTestGate.stacks.run { [options] in
            try await LocalStack.run(options) { stack in
                let root = E2ETransport.http(baseURL: stack.storekeeperURL)
                let document = try await root.send(.GET, "/openapi.json", body: nil, credential: "")
                let e2e = E2EStack(stack: stack, root: root, backend: backend, contract: try OpenAPIContract(document.body), tag: tag)
                let harness = NotificationAdminStack(
                    e2e: e2e, viewer: try await e2e.operatorClient(.viewer), support: try await e2e.operatorClient(.support))
                try await body(harness)
                try await e2e.expectLedgerBalanced(sourceLocation: sourceLocation)
            }
        }
    }

    /// An Apple account unique to the test.
    func account(_ name: String) throws -> String {
        try e2e.appleAccount("\(name)-\(e2e.tag)")
    }

    /// The customer buys `productId`: an order, then the App Store purchase carrying its token
    /// (whose notification reaches Storekeeper before this returns, unless dropped).
    @discardableResult
    func buy(_ customer: String, account: String, _ productId: String) async throws -> PurchaseResult {
        let order = try await e2e.createOrder(customer, product: productId)
        return try await e2e.buy(productId, account: account, token: order.appAccountToken)
    }

    func view(_ customer: String) async throws -> CustomerBody { try await e2e.view(customer) }

    func inbox(_ id: String) async throws -> InboxNotification? {
        try await store.read { try await $0.inboxNotification(id: id) }
    }

    /// An action body: the fields given plus a reason and a fresh (or given) idempotency key.
    static func action(
        _ fields: [String: Any] = [:], reason: String = "support case", key: String = UUID().uuidString
    )
        -> [String: Any]
    {
        fields.merging(["reason": reason, "idempotencyKey": key]) { first, _ in first }
    }
}

extension JSONValue {
    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}
