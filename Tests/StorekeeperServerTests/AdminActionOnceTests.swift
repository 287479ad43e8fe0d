import AppStoreModels
import Foundation
import Logging
import Prometheus
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperSQL
import StorekeeperServer
import StorekeeperStore
import StorekeeperTesting
import Synchronization
import Testing

/// `OperatorActionRunner.once` and `onceOutside`: an operator action runs once per idempotency key, its
/// writes and the key's record commit together, a replay answers the first result without
/// running anything, and the same key with another request is a conflict — also when two
/// requests with one key race on two instances of a PostgreSQL deployment.
@Suite struct AdminActionOnceTests {
    struct Grant: Codable, Sendable, Equatable {
        let customer: String
        let days: Int
    }

    struct Granted: Codable, Sendable, Equatable {
        let eventId: UUID
    }

    /// How many times an action body ran.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// The example configuration's app, served from `store`, and an operator of it.
    static func admin(on store: any PurchaseStore) async throws -> (OperatorActionRunner, AdminCall) {
        let configuration = try await StorekeeperConfiguration.load(path: nil, environment: [:], defaults: ExampleConfiguration.values)
        let now = TestClock(Timestamp(millisecondsSince1970: 1_790_000_000_000))
        let assembly = StorekeeperAssembly(
            configuration: configuration, store: store, registry: PrometheusCollectorRegistry(),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), now: now, wallClock: now)
        let api = OperatorActionRunner(store: store, now: now)
        let services = try #require(assembly.apps["example"])
        let account = Operator(name: "alice", role: .support, apps: ["example"], keyHash: "h", createdAt: now())
        return (api, AdminCall(services: services, operator: account))
    }

    /// Appends the action's audit event and answers its id.
    static func grant(
        _ call: AdminCall, _ request: Grant, runs: Counter
    ) -> @Sendable (any PurchaseStoreTransaction) async throws -> Granted {
        { tx in
            runs.add()
            let event = call.audit(
                kind: "test.grant", customerId: CustomerID(rawValue: request.customer), details: ["days": String(request.days)],
                reason: "goodwill", at: Timestamp(millisecondsSince1970: 1))
            try await tx.append(event)
            return Granted(eventId: event.id)
        }
    }

    static func events(_ store: any PurchaseStore) async throws -> [AuditEvent] {
        try await store.read { try await $0.auditEvents(appId: "example", actor: nil, kind: "test.grant", before: nil, limit: 10) }
    }

    @Test(arguments: StoreContractBackend.available)
    func aKeyRunsItsActionOnceAndAnswersReplaysWithTheFirstResult(_ backend: StoreContractBackend) async throws {
        try await backend.withContext { context in
            let (api, call) = try await Self.admin(on: context.store)
            let runs = Counter()
            let request = Grant(customer: "bob", days: 7)
            let first = try await api.once(call, key: "k1", kind: "grant", request: request, Self.grant(call, request, runs: runs))
            #expect(!first.replayed)
            let replay = try await api.once(call, key: "k1", kind: "grant", request: request, Self.grant(call, request, runs: runs))
            #expect(replay.replayed)
            #expect(replay.result == first.result)
            #expect(runs.value == 1)
            #expect(try await Self.events(context.store).map(\.id) == [first.result.eventId])

            let other = Grant(customer: "bob", days: 30)
            do {
                _ = try await api.once(call, key: "k1", kind: "grant", request: other, Self.grant(call, other, runs: runs))
                Issue.record("the same key with another request must be refused")
            } catch let error as StorekeeperError {
                #expect(error.code == .idempotencyConflict)
                #expect(error.status == .conflict)
            }
            #expect(runs.value == 1)
        }
    }

    @Test(arguments: StoreContractBackend.available)
    func aFailedActionLeavesNoRecordSoItsRetryRuns(_ backend: StoreContractBackend) async throws {
        struct Refused: Error {}
        try await backend.withContext { context in
            let (api, call) = try await Self.admin(on: context.store)
            let runs = Counter()
            let request = Grant(customer: "carol", days: 1)
            await #expect(throws: Refused.self) {
                _ = try await api.once(call, key: "k2", kind: "grant", request: request) { tx -> Granted in
                    _ = try await Self.grant(call, request, runs: runs)(tx)
                    throw Refused()
                }
            }
            #expect(try await Self.events(context.store).isEmpty, "the action's writes rolled back with it")
            #expect(try await context.store.read { try await $0.adminAction(appId: "example", key: "k2") } == nil)
            let retry = try await api.once(call, key: "k2", kind: "grant", request: request, Self.grant(call, request, runs: runs))
            #expect(!retry.replayed)
            #expect(try await Self.events(context.store).count == 1)
        }
    }

    /// Two instances receive the same request at once (a client retrying through a load
    /// balancer): one action commits, the other request answers its result.
    @Test(arguments: StoreTestBackend.available)
    func racingRequestsWithOneKeyCommitOneAction(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database in
            let (api, call) = try await Self.admin(on: database.store)
            let (otherAPI, otherCall) = try await Self.admin(on: database.otherInstance)
            let runs = Counter()
            for round in 0..<10 {
                let request = Grant(customer: "dave", days: round + 1)
                let key = "race-\(round)"
                async let a = api.once(call, key: key, kind: "grant", request: request, Self.grant(call, request, runs: runs))
                async let b = otherAPI.once(
                    otherCall, key: key, kind: "grant", request: request, Self.grant(otherCall, request, runs: runs))
                let (first, second) = try await (a, b)
                #expect(first.result == second.result, "both answer the one committed action")
                #expect([first.replayed, second.replayed].filter { $0 }.count == 1)
            }
            #expect(try await Self.events(database.store).count == 10, "one audit event per key")
        }
    }

    @Test(arguments: StoreContractBackend.available)
    func anActionOutsideTheDatabaseRunsOncePerKey(_ backend: StoreContractBackend) async throws {
        try await backend.withContext { context in
            let (api, call) = try await Self.admin(on: context.store)
            let calls = Counter()
            let request = Grant(customer: "erin", days: 14)
            for _ in 0..<3 {
                let outcome = try await api.onceOutside(
                    call, key: "k3", kind: "extend", request: request,
                    perform: {
                        calls.add()
                        return Granted(eventId: UUID(uuidString: "00000000-0000-0000-0000-000000000042")!)
                    },
                    commit: { result, tx in
                        try await tx.append(
                            call.audit(
                                kind: "test.grant", details: ["apple": result.eventId.uuidString], reason: "outage",
                                at: Timestamp(millisecondsSince1970: 2)))
                    })
                #expect(outcome.result.eventId == UUID(uuidString: "00000000-0000-0000-0000-000000000042"))
            }
            #expect(calls.value == 1, "Apple is called once; replays answer the stored result")
            #expect(try await Self.events(context.store).count == 1)
        }
    }
}
