import Foundation
import StorekeeperSQL
import StorekeeperSQLite
import Testing

/// Single-row write transactions per second, sequential and concurrent. Not a pass/fail test:
/// it prints figures. Run it in release mode:
///
///     STOREKEEPER_SQL_BENCHMARK=1 swift test -c release --filter WriteThroughputBenchmark
///
/// (add `STOREKEEPER_TEST_POSTGRES_URL` for PostgreSQL).
@Suite(
    "Write throughput benchmark",
    .enabled(if: ProcessInfo.processInfo.environment["STOREKEEPER_SQL_BENCHMARK"] != nil, "set STOREKEEPER_SQL_BENCHMARK=1 to measure"),
    .serialized)
struct WriteThroughputBenchmark {
    static let sequential = 300
    static let concurrent = 4000
    static let writers = 64

    @Test func sqlite() async throws {
        for groupCommitLimit in [64, 1] {
            var configuration = SQLiteDatabase.Configuration()
            configuration.groupCommitLimit = groupCommitLimit
            let db = try await SQLiteDatabase.temporary(configuration: configuration, logger: TestLogger.logger)
            try await Self.measure(db, label: "SQLite, group commit limit \(groupCommitLimit)")
            await db.close()
        }
    }

    @Test(.enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func postgresql() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            try await Self.measure(test.database, label: "PostgreSQL")
        }
    }

    static func measure(_ db: any SQLDatabase, label: String) async throws {
        try await db.write { tx in
            try await tx.executeScript("CREATE TABLE bench (id BIGINT PRIMARY KEY, payload TEXT NOT NULL)")
        }
        let insert = "INSERT INTO bench (id, payload) VALUES ($1, $2)"
        let clock = ContinuousClock()
        let sequentialTime = try await clock.measure {
            for id in 0..<sequential {
                try await db.write { tx in try await tx.execute(insert, [SQLValue(id), "sequential"]) }
            }
        }
        let concurrentTime = try await clock.measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for id in stride(from: sequential + writer, to: sequential + concurrent, by: writers) {
                            try await db.write { tx in try await tx.execute(insert, [SQLValue(id), "concurrent"]) }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        let count = try await db.read { tx in try await tx.query("SELECT COUNT(*) FROM bench")[0].int64(0) }
        #expect(count == Int64(sequential + concurrent))
        print(
            "BENCHMARK \(label): sequential \(rate(sequential, sequentialTime)) tx/s (\(sequential) tx); "
                + "\(writers) concurrent writers \(rate(concurrent, concurrentTime)) tx/s (\(concurrent) tx)")
    }

    static func rate(_ count: Int, _ duration: Duration) -> Int {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return Int((Double(count) / seconds).rounded())
    }
}
