public import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperSQL
public import StorekeeperStore
import Synchronization

/// ``PurchaseStore`` in memory, with the SQL store's semantics: for tests of code that needs a
/// store but not a database (domain services, routes), and the third backend of the store
/// contract suite.
///
/// ```swift
/// let store = MemoryPurchaseStore()
/// let balance = try await store.write { tx in try await tx.post(entry, requireNonNegative: true) }
/// ```
///
/// - `write` bodies run one at a time, in arrival order (a single writer, like SQLite's), on a
///   copy of the tables that is committed whole when the body returns and dropped when it
///   throws: nothing of a failed write is kept. The purchase and customer locks therefore only
///   check the handle; the single writer already serializes.
/// - `read` bodies run concurrently with everything, each on the tables as last committed.
/// - Conflicts and refusals are the SQL store's: ``PurchaseStoreError`` with the same codes
///   (`uniqueViolation`, `nulInText`, `transactionAborted`, `transactionClosed`,
///   `nestedTransaction` where the databases raise one). Nothing is ever retried: nothing
///   conflicts.
/// - List results come in the SQL statements' orders (text compared by bytes), with the same
///   limits and the same bookkeeping timestamps (`recordedAt` from ``Configuration/now``).
public struct MemoryPurchaseStore: PurchaseStore {
    public struct Configuration: Sendable {
        /// The clock for the store's own bookkeeping (`StoredTransaction.recordedAt`).
        public var now: any WallClock = SystemClock()

        public init() {}
    }

    public let configuration: Configuration
    private let storage: Storage

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.storage = Storage()
    }

    public nonisolated(nonsending) func write<T>(
        _ body: nonisolated(nonsending) (any PurchaseStoreTransaction) async throws -> T
    ) async throws -> T {
        // A nested write would wait for its own turn forever: refused as the SQL databases refuse
        // it, by their own detection (the SQL code this store reuses), in the store's vocabulary.
        try await PurchaseStoreError.translating {
            try await WriteNesting.write(on: storage.id) {
                try await storage.writers.acquire()
                defer { storage.writers.release() }
                let handle = MemoryStoreHandle(storage.committed.withLock { $0 })
                let value: T
                do {
                    value = try await body(MemoryStoreTransaction(handle: handle, now: configuration.now))
                } catch {
                    _ = handle.close()
                    throw error
                }
                let tables = try handle.close().get()
                storage.committed.withLock { $0 = tables }
                return value
            }
        }
    }

    public nonisolated(nonsending) func read<T>(
        _ body: nonisolated(nonsending) (any PurchaseStoreReader) async throws -> T
    ) async throws -> T {
        let handle = MemoryStoreHandle(storage.committed.withLock { $0 })
        let value: T
        do {
            value = try await body(MemoryStoreReader(handle: handle))
        } catch {
            _ = handle.close()
            throw error
        }
        _ = try handle.close().get()
        return value
    }

    /// What copies of one store share.
    private final class Storage: Sendable {
        let committed = Mutex(MemoryStoreState())
        let writers = MemoryWriterQueue()
        var id: ObjectIdentifier { ObjectIdentifier(self) }
    }
}
