import AppStoreModels
import Foundation
import Logging
import Prometheus
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperHTTP
import StorekeeperServer
import StorekeeperStore
import StorekeeperTesting
import Testing

/// The operator actions' use cases called directly, as the admin API and the console call them:
/// each runs once per idempotency key, audited as the operator's, and refuses what the rules
/// refuse before touching anything — on the memory store and each SQL backend.
@Suite struct OperatorActionsTests {
    struct Fixture {
        let actions: OperatorActions
        let call: AdminCall
        let carol: CustomerID
        let store: any PurchaseStore
    }

    /// The example configuration's app served from `store`, its support operator alice, and its
    /// customer carol.
    static func fixture(on store: any PurchaseStore) async throws -> Fixture {
        let configuration = try await StorekeeperConfiguration.load(path: nil, environment: [:], defaults: ExampleConfiguration.values)
        let now = TestClock(Timestamp(millisecondsSince1970: 1_790_000_000_000))
        let assembly = StorekeeperAssembly(
            configuration: configuration, store: store, registry: PrometheusCollectorRegistry(),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), now: now, wallClock: now)
        let services = try #require(assembly.apps["example"])
        let carol = try #require(CustomerID("carol", in: services.customerSpace))
        try await store.write { tx in _ = try await tx.ensureCustomer(Customer(id: carol, createdAt: now())) }
        let alice = Operator(name: "alice", role: .support, apps: ["example"], keyHash: "h", createdAt: now())
        return Fixture(
            actions: OperatorActions(apps: assembly.apps, store: store, now: now), call: AdminCall(services: services, operator: alice),
            carol: carol, store: store)
    }

    static func audit(_ store: any PurchaseStore, kind: String) async throws -> [AuditEvent] {
        try await store.read { try await $0.auditEvents(appId: "example", actor: nil, kind: kind, before: nil, limit: 10) }
    }

    static func expectRefusal(_ code: StorekeeperError.Code, _ work: () async throws -> Void) async {
        do {
            try await work()
            Issue.record("expected \(code.rawValue)")
        } catch let error as StorekeeperError {
            #expect(error.code == code, "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: StoreContractBackend.available)
    func aGrantTwiceUnderOneKeyIsReplayedAndAnotherRequestUnderItConflicts(_ backend: StoreContractBackend) async throws {
        try await backend.withContext { context in
            let f = try await Self.fixture(on: context.store)
            let fields = GrantActionRequest(entitlement: "no_ads", productId: nil, duration: .iso8601("P7D"), until: nil)
            let body = AdminActionBody(reason: "ticket 4411", idempotencyKey: "grant-1")
            let first = try await f.actions.grant(f.call, to: f.carol, fields, body)
            let again = try await f.actions.grant(f.call, to: f.carol, fields, body)
            #expect(!first.replayed && again.replayed)
            #expect(again.result.grant.id == first.result.grant.id)
            #expect(try await f.store.read { try await $0.operatorGrants(customerId: f.carol) }.count == 1)
            let audited = try await Self.audit(f.store, kind: "grant.created")
            #expect(audited.map(\.actor) == [.operator("alice")] && audited.map(\.reason) == ["ticket 4411"])

            await Self.expectRefusal(.idempotencyConflict) {
                _ = try await f.actions.grant(
                    f.call, to: f.carol, fields, AdminActionBody(reason: "another reason", idempotencyKey: "grant-1"))
            }
        }
    }

    @Test(arguments: StoreContractBackend.available)
    func aWalletAdjustmentIsBookedOncePerKey(_ backend: StoreContractBackend) async throws {
        try await backend.withContext { context in
            let f = try await Self.fixture(on: context.store)
            let fields = WalletAdjustActionRequest(currency: "gems", amount: 50)
            let body = AdminActionBody(reason: "goodwill", idempotencyKey: "adjust-1")
            let first = try await f.actions.adjustWallet(f.call, of: f.carol, fields, body)
            let again = try await f.actions.adjustWallet(f.call, of: f.carol, fields, body)
            #expect(first.result.balance == 50 && again.replayed && again.result.balance == 50)
            let next = try await f.actions.adjustWallet(
                f.call, of: f.carol, fields, AdminActionBody(reason: "goodwill", idempotencyKey: "adjust-2"))
            #expect(!next.replayed && next.result.balance == 100)
            #expect(try await Self.audit(f.store, kind: "wallet.adjusted").count == 2)
        }
    }

    @Test(arguments: StoreContractBackend.available)
    func aTransferToAMalformedCustomerIsRefusedBeforeItsKeyIsRecorded(_ backend: StoreContractBackend) async throws {
        try await backend.withContext { context in
            let f = try await Self.fixture(on: context.store)
            await Self.expectRefusal(.invalidRequest) {
                _ = try await f.actions.transfer(
                    f.call, from: f.carol, TransferActionRequest(to: "not a customer", transactionIds: nil),
                    AdminActionBody(reason: "moving", idempotencyKey: "transfer-1"))
            }
            #expect(try await f.store.read { try await $0.adminAction(appId: "example", key: "transfer-1") } == nil)
        }
    }

    @Test(arguments: StoreContractBackend.available)
    func anAdminDisablesOperatorsOfItsAppsButNeverItself(_ backend: StoreContractBackend) async throws {
        try await backend.withContext { context in
            let f = try await Self.fixture(on: context.store)
            let now = Timestamp(millisecondsSince1970: 1_790_000_000_000)
            let ada = Operator(name: "ada", role: .admin, apps: ["example"], keyHash: "a", createdAt: now)
            let created = try await f.actions.createOperator(name: "sam", role: .support, apps: ["example"], reason: "new hire", by: ada)
            #expect(created.key.hasPrefix(OperatorKeys.prefix))
            await Self.expectRefusal(.notFound) {
                _ = try await f.actions.createOperator(name: "sue", role: .viewer, apps: ["elsewhere"], reason: "new hire", by: ada)
            }

            _ = try await OperatorKeys.create(
                name: "ada", role: .admin, apps: ["example"], in: f.store, actor: .operator("root"), reason: nil, now: now)
            await Self.expectRefusal(.invalidRequest) {
                _ = try await f.actions.disableOperator(named: "ada", reason: "cleanup", by: ada)
            }
            #expect(try await f.store.read { try await $0.operatorAccount(name: "ada") }?.disabledAt == nil)
            await Self.expectRefusal(.notFound) {
                _ = try await f.actions.disableOperator(named: "nobody", reason: "cleanup", by: ada)
            }
            await Self.expectRefusal(.invalidRequest) {
                _ = try await f.actions.disableOperator(named: "sam", reason: "   ", by: ada)
            }

            let disabled = try await f.actions.disableOperator(named: "sam", reason: "left the team", by: ada)
            #expect(disabled.name == "sam" && disabled.disabledAt != nil)
            let audited = try await Self.audit(f.store, kind: "operator.disabled")
            #expect(audited.map(\.reason) == ["left the team"] && audited.map(\.actor) == [.operator("ada")])
        }
    }
}
