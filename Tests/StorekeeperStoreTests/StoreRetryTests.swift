import AppStoreModels
import Storekeeper
import StorekeeperSQL
import StorekeeperTesting
import Synchronization
import Testing

@Suite("SQLPurchaseStore write retries")
struct StoreRetryTests {
    static func configuration(attempts: Int, delays: Recorder<Duration>? = nil) -> SQLPurchaseStore.Configuration {
        var configuration = StoreTestBackend.testConfiguration
        configuration.maxAttempts = attempts
        configuration.retryDelay = .milliseconds(4)
        configuration.maxRetryDelay = .milliseconds(10)
        configuration.sleep = { delay in delays?.append(delay) }
        return configuration
    }

    @Test(arguments: StoreTestBackend.available, [SQLError.Code.serializationFailure, .deadlock, .busy])
    func retryableFailuresRerunTheWholeBody(_ backend: StoreTestBackend, _ code: SQLError.Code) async throws {
        let delays = Recorder<Duration>()
        try await backend.withStore(configuration: Self.configuration(attempts: 5, delays: delays)) { database throws in
            let attempts = Recorder<Int>()
            let value = try await database.store.write { tx throws in
                let attempt = attempts.append(1)
                try await tx.setWatermark("attempts", value: String(attempt))
                _ = try await tx.post(
                    try JournalEntry(
                        key: "credit-\(attempt == 3 ? "final" : "lost")", kind: .credit, customerId: CustomerID(rawValue: "alice")!,
                        currency: "gems",
                        postings: [.init(.customer(CustomerID(rawValue: "alice")!, "gems"), 5), .init(.issued("gems"), -5)],
                        createdAt: Timestamp(millisecondsSince1970: 0)),
                    requireNonNegative: false)
                if attempt < 3 { throw SQLError(code, "simulated conflict") }
                return attempt
            }
            #expect(value == 3)
            try await database.store.read { tx throws in
                #expect(try await tx.watermark("attempts") == "3")
                #expect(try await tx.journalEntry(key: "credit-lost") == nil)
                #expect(try await tx.balances(customerId: CustomerID(rawValue: "alice")!) == ["gems": 5])
                #expect(try await tx.ledgerDiscrepancies().isEmpty)
            }
        }
        let waited = delays.values
        #expect(waited.count == 2)
        #expect(waited.allSatisfy { $0 >= .milliseconds(2) && $0 <= .milliseconds(10) })
    }

    @Test(arguments: StoreTestBackend.available)
    func readsAreRetriedToo(_ backend: StoreTestBackend) async throws {
        try await backend.withStore(configuration: Self.configuration(attempts: 3)) { database throws in
            let attempts = Recorder<Int>()
            let value = try await database.store.read { tx in
                let attempt = attempts.append(1)
                _ = try await tx.watermark("w")
                if attempt == 1 { throw SQLError(.busy, "simulated busy file") }
                return attempt
            }
            #expect(value == 2)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func retriesAreBounded(_ backend: StoreTestBackend) async throws {
        try await backend.withStore(configuration: Self.configuration(attempts: 4)) { database throws in
            let attempts = Recorder<Int>()
            let error = await #expect(throws: PurchaseStoreError.self) {
                try await database.store.write { tx throws in
                    attempts.append(1)
                    try await tx.setWatermark("w", value: "v")
                    throw SQLError(.serializationFailure, "always")
                }
            }
            #expect((error?.underlying as? SQLError)?.code == .serializationFailure)
            #expect(attempts.count == 4)
            #expect(try await database.store.read { try await $0.watermark("w") } == nil)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func otherFailuresAreNotRetried(_ backend: StoreTestBackend) async throws {
        try await backend.withStore(configuration: Self.configuration(attempts: 4)) { database throws in
            let attempts = Recorder<Int>()
            await #expect(throws: PurchaseStoreError.self) {
                try await database.store.write { tx throws in
                    attempts.append(1)
                    try await tx.insertAPIKey(
                        APIKeyRecord(name: "a", hash: "h", scopes: [], createdAt: Timestamp(millisecondsSince1970: 0)))
                    try await tx.insertAPIKey(
                        APIKeyRecord(name: "b", hash: "h", scopes: [], createdAt: Timestamp(millisecondsSince1970: 0)))
                }
            }
            #expect(attempts.count == 1)
        }
    }

    /// Two writers lock two customers in opposite orders: PostgreSQL aborts one as a deadlock
    /// victim, the store runs its body again, and both commit.
    @Test(.enabled(if: StoreTestPostgres.url != nil, "STOREKEEPER_TEST_POSTGRES_URL is not set: this PostgreSQL test is SKIPPED"))
    func aRealDeadlockIsRetriedOnPostgreSQL() async throws {
        try await StoreTestBackend.postgresql.withStore { database throws in
            let alice = CustomerID(rawValue: "alice")!
            let bob = CustomerID(rawValue: "bob")!
            let barrier = Barrier(parties: 2)
            let attempts = Recorder<Int>()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, (first, second)) in [(alice, bob), (bob, alice)].enumerated() {
                    let store = index == 0 ? database.store : database.otherInstance
                    group.addTask {
                        var firstAttempt = true
                        try await store.write { tx throws in
                            attempts.append(1)
                            try await tx.lock(customer: first)
                            if firstAttempt {
                                firstAttempt = false
                                await barrier.arrive()
                            }
                            try await tx.lock(customer: second)
                            try await tx.setWatermark("winner-\(index)", value: "done")
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(attempts.count == 3)
            try await database.store.read { tx throws in
                #expect(try await tx.watermark("winner-0") == "done")
                #expect(try await tx.watermark("winner-1") == "done")
            }
        }
    }
}

/// Releases its callers once `parties` of them arrived.
actor Barrier {
    private let parties: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        if waiting.count + 1 >= parties {
            for continuation in waiting { continuation.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// Values appended from concurrent tasks.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    /// Appends `value`; returns how many values there are now.
    @discardableResult
    func append(_ value: Value) -> Int {
        storage.withLock {
            $0.append(value)
            return $0.count
        }
    }

    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
}
