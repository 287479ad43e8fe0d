import CSQLite
import Foundation
public import Logging
public import StorekeeperSQL

/// The embedded SQLite backend: one database file, one writing connection, a few reading ones.
///
/// ```swift
/// let database = try await SQLiteDatabase.open(path: "/var/lib/storekeeper/store.sqlite", logger: logger)
/// try await Migrator(migrations: schema, logger: logger).migrate(database)
/// ... // database.write { tx in ... }, database.read { tx in ... }
/// await database.close()
/// ```
///
/// - The file uses WAL journaling with `synchronous = FULL` (a committed write survives power
///   loss), `foreign_keys = ON` and a busy timeout.
/// - Writes are serialized on one connection and grouped: concurrent write transactions share one
///   SQLite transaction and one fsync (see ``Configuration/groupCommitLimit``), each committed or
///   rolled back on its own through savepoints.
/// - Reads run on a pool of read-only connections, in parallel with writes, each transaction on
///   one WAL snapshot.
/// - The writer runs on a thread of its own, so fsyncs and busy waits never block Swift's
///   cooperative thread pool; reads (index lookups over memory-mapped pages) run where their
///   caller is.
///
/// One process should own the file. Other processes can read it (e.g. the `sqlite3` shell), and
/// writes from them wait up to the busy timeout.
public final class SQLiteDatabase: SQLDatabase {
    public struct Configuration: Sendable {
        /// How many read-only connections (and threads) serve `read`. At least 1. The default is
        /// one per core, at least two: more readers than cores only pay off when reads wait for the
        /// disk, and each reader maps the file on its own, so each faults every page in once more
        /// (on two cores, four readers served a million customers about 20% slower than two).
        public var readerCount: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)
        /// How long a statement waits for a lock held by another process before failing with
        /// ``SQLError/Code/busy``.
        public var busyTimeout: Duration = .seconds(5)
        /// The most write transactions committed together by one `COMMIT`. 1 disables group commit.
        public var groupCommitLimit: Int = 64
        /// How many prepared statements each connection keeps, keyed by SQL text.
        public var statementCacheCapacity: Int = 256
        /// Bytes of the file each reading connection maps into memory (`PRAGMA mmap_size`):
        /// reads of mapped pages cost a memory access instead of a `pread` and a copy. Mapping
        /// takes address space, not memory (the pages are the kernel's page cache, shared by every
        /// connection). 0 turns it off. The default is SQLite's usual cap (`SQLITE_MAX_MMAP_SIZE`,
        /// just under 2 GiB); SQLite lowers larger values to its cap.
        public var readerMemoryMapBytes: Int64 = 0x7fff_0000
        /// Page cache of each reading connection, in KiB (`PRAGMA cache_size = -N`).
        public var readerCacheKibibytes: Int = 16 * 1024

        public init() {}
    }

    /// The database file.
    public let path: String
    public var dialect: SQLDialect { .sqlite }

    private let writer: SQLiteWriter
    private let readers: SQLiteReaderPool
    private let deleteOnClose: Bool

    private init(path: String, writer: SQLiteWriter, readers: SQLiteReaderPool, deleteOnClose: Bool) {
        self.path = path
        self.writer = writer
        self.readers = readers
        self.deleteOnClose = deleteOnClose
    }

    /// Opens the database file at `path`, creating it if needed. Throws
    /// ``SQLError/Code/connectionFailure`` when the file cannot be opened.
    public static func open(
        path: String,
        configuration: Configuration = Configuration(),
        logger: Logger
    ) async throws -> SQLiteDatabase {
        try await open(path: path, configuration: configuration, logger: logger, deleteOnClose: false)
    }

    /// Opens a new, empty database in a temporary file, deleted by ``close()``. For tests: unlike
    /// `:memory:`, a file is shared by the writer and the readers.
    public static func temporary(
        configuration: Configuration = Configuration(),
        logger: Logger
    ) async throws -> SQLiteDatabase {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("storekeeper-\(UUID().uuidString).sqlite").path
        return try await open(path: path, configuration: configuration, logger: logger, deleteOnClose: true)
    }

    private static func open(
        path: String, configuration: Configuration, logger: Logger, deleteOnClose: Bool
    ) async throws -> SQLiteDatabase {
        guard sqlite3_threadsafe() != 0 else {
            throw SQLError.invalidConfiguration("the SQLite library was built without thread support")
        }
        let writer = try SQLiteWriter(path: path, configuration: configuration, logger: logger)
        var readers: [SQLiteReader] = []
        do {
            try await writer.configure()
            for _ in 0..<max(1, configuration.readerCount) {
                readers.append(try SQLiteReader(path: path, configuration: configuration))
            }
        } catch {
            await writer.close()
            for reader in readers { reader.close() }
            throw error
        }
        logger.debug(
            "Opened SQLite database",
            metadata: ["storekeeper.sql.path": "\(path)", "storekeeper.sql.readers": "\(readers.count)"])
        if !SQLiteConnection.statementJournalsInMemory {
            // Something in the process initialized SQLite before Storekeeper's first connection:
            // correct, but every group commit writes its savepoints' journals to a temporary file.
            logger.warning(
                "SQLite was initialized before Storekeeper could keep statement journals in memory",
                metadata: ["storekeeper.sql.path": "\(path)"])
        }
        return SQLiteDatabase(
            path: path, writer: writer, readers: SQLiteReaderPool(readers: readers), deleteOnClose: deleteOnClose)
    }

    /// Closes every connection once the running write transaction ends; later transactions throw
    /// ``SQLError/Code/databaseClosed``. Call it after the last use (read transactions still
    /// running fail). A temporary database's files are deleted.
    public func close() async {
        await writer.close()
        for reader in readers.readers { reader.close() }
        if deleteOnClose {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }

    @discardableResult
    public nonisolated(nonsending) func write<T>(
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T {
        try await WriteNesting.write(on: ObjectIdentifier(writer)) {
            // The body runs on the writer's thread: its statements need no thread switch.
            try await withTaskExecutorPreference(writer.executor.taskExecutor) { try await writeUnit(body) }
        }
    }

    private nonisolated(nonsending) func writeUnit<T>(
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T {
        let unit = try await writer.begin()
        let state = TransactionState()
        let transaction = SQLiteTransaction(connection: .writer(writer, unit: unit), state: state)
        let watch = writer.watch
        var suspended = false
        let ending = await state.run {
            watch.bodyStarted(state)
            defer { suspended = watch.bodyEnded() }
            return try await body(transaction)
        }
        switch ending {
        case .commit(let value):
            if suspended {
                let error = SQLError(
                    .writeBodySuspended,
                    "a write body awaited something other than its own statements while every other writer waited for it")
                if WriteBodyWatch.refusesSuspendedBodies {
                    try await writer.end(unit: unit, commit: false)
                    throw error
                }
                writer.logger.warning("SQLite write body suspended", metadata: ["storekeeper.sql.error": "\(error)"])
            }
            try await writer.end(unit: unit, commit: true)
            return value
        case .rollBack(let error, _):
            try await writer.end(unit: unit, commit: false)
            throw error
        }
    }

    @discardableResult
    public nonisolated(nonsending) func read<T>(
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T {
        let reader = try await readers.acquire()
        defer { readers.release(reader) }
        let lease = try reader.begin()
        let state = TransactionState()
        let transaction = SQLiteTransaction(connection: .reader(reader, lease: lease), state: state)
        switch await state.run({ try await body(transaction) }) {
        case .commit(let value):
            try reader.end(lease: lease)
            return value
        case .rollBack(let error, _):
            // The body's error is the one to report; a failing ROLLBACK of a read-only
            // transaction surfaces again at the reader's next BEGIN.
            try? reader.end(lease: lease)
            throw error
        }
    }
}
