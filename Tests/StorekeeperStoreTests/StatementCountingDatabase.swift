import StorekeeperSQL
import Synchronization

/// A database that counts the statements its transactions are given, whatever they are (a
/// deferred write counts too), and hands them to `base`.
struct StatementCountingDatabase: SQLDatabase {
    let base: any SQLDatabase
    private let counter = Counter()

    init(base: any SQLDatabase) {
        self.base = base
    }

    /// How many statements were given so far.
    var statements: Int { counter.count.withLock { $0 } }

    var dialect: SQLDialect { base.dialect }

    @discardableResult
    nonisolated(nonsending) func write<T>(
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T {
        try await base.write { tx in try await body(Counting(base: tx, counter: counter)) }
    }

    @discardableResult
    nonisolated(nonsending) func read<T>(
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T {
        try await base.read { tx in try await body(Counting(base: tx, counter: counter)) }
    }

    private final class Counter: Sendable {
        let count = Mutex(0)

        func add() { count.withLock { $0 += 1 } }
    }

    private struct Counting: SQLTransaction {
        let base: any SQLTransaction
        let counter: Counter

        var dialect: SQLDialect { base.dialect }

        func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
            counter.add()
            return try await base.query(sql, binds)
        }

        func execute(_ sql: String, _ binds: [SQLValue]) async throws -> Int {
            counter.add()
            return try await base.execute(sql, binds)
        }

        func deferWrite(_ sql: String, _ binds: [SQLValue]) async throws {
            counter.add()
            try await base.deferWrite(sql, binds)
        }

        func executeScript(_ sql: String) async throws {
            counter.add()
            try await base.executeScript(sql)
        }

        func advisoryLocks(_ keys: [Int64]) async throws {
            counter.add()
            try await base.advisoryLocks(keys)
        }
    }
}
